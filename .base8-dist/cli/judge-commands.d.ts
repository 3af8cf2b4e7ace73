import type { Command } from 'commander';
import type { Provider } from '../providers/index.js';
import type { JudgeOutput } from '../judgekit/index.js';
export interface MadeProvider {
    provider: Provider;
    model: string;
    description: string;
}
export interface JudgeCommandDeps {
    makeProvider: (opts: {
        provider?: string;
        model?: string;
        baseUrl?: string;
        noCache?: boolean;
    }) => Promise<MadeProvider>;
    /** Where results go without --out; default process.stdout. */
    stdout?: {
        write(text: string): unknown;
    };
    /** Where "not measured" lines go; default process.stderr. */
    stderr?: {
        write(text: string): unknown;
    };
    /** Sets the exit code: 3 when something could not be measured (a partial batch, an unmeasured item). */
    setExit?: (code: number) => void;
}
export declare function registerJudgeCommands(program: Command, deps: JudgeCommandDeps): Command;
/** What a judge output failed to measure, one line each (empty when everything was measured). */
export declare function notMeasured(value: JudgeOutput): string[];
