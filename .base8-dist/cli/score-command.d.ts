import type { Command } from 'commander';
import { type Depth, type Methodology } from '../model/dimensions.js';
import { type ReporterName } from '../reporters/index.js';
import { type Ui } from './ui.js';
interface ScoreFlags {
    depth: Depth;
    provider?: string;
    model?: string;
    judgeModel?: string;
    judges?: string;
    baseUrl?: string;
    cache: boolean;
    concurrency?: string;
    budgetTokens?: string;
    output: ReporterName;
    format: 'native' | 'plugineval';
    threshold?: string;
    methodology: Methodology;
    jobs: string;
    out?: string;
}
export declare function parseThreshold(value: string | undefined): number | undefined;
/** `score` and `certify` share everything but the depth. */
export declare function addScoreOptions(cmd: Command, defaults: {
    depth: Depth;
}): Command;
/**
 * `explicit` says which flags the user typed (commander's option value source), so a config file can supply
 * defaults for the rest.
 */
export declare function runScore(paths: string[], typed: ScoreFlags, ui: Ui, options?: {
    explicit?: (flag: string) => boolean;
    configFile?: string;
}): Promise<number>;
/**
 * 2 if any target was unusable; 3 if any result is partial (a layer failed to measure something: the score
 * is not what a complete run would give, so it can neither pass nor fail a threshold); 1 if any score is
 * below the threshold or (default methodology) has errors.
 */
export declare function exitCode(run: {
    failures: number;
    belowThreshold: boolean;
    withErrors: boolean;
    partial?: boolean;
    methodology: Methodology;
}): number;
export {};
