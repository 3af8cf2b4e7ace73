import { Command } from 'commander';
import type { Ui } from './ui.js';
/** Build the CLI. A thin shell: parse flags, call the library, print, return an exit code. */
export declare function buildProgram(ui: Ui, setExit: (code: number) => void, argv?: readonly string[]): Promise<Command>;
/** Run the CLI with the given argv; resolves to the exit code. Never throws. */
export declare function runCli(argv: readonly string[], ui: Ui): Promise<number>;
