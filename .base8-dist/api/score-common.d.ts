import type { Finding } from '../checks/types.js';
import type { LayerOutput } from '../layers/types.js';
import { type Depth, type LayerName, type Methodology } from '../model/dimensions.js';
import { type Diagnostic } from '../model/diagnostic.js';
import type { ScoreResult } from '../model/result.js';
import type { Target } from '../parse/discover.js';
import type { SkillDocument } from '../parse/skill.js';
import type { Provider } from '../providers/types.js';
/** Options and helpers shared by skill scoring (`score.ts`) and plugin scoring (`score-plugin.ts`). */
/** How to run Layer 2 (the LLM judge); without it, depths that ask for the judge report it as not run. */
export interface JudgeSetup {
    provider: Provider;
    model: string;
    judgeModels?: string[];
    judges?: number;
    budgetTokens?: number;
    /** Which provider this is and why it was chosen, for every output. */
    description?: string;
}
export interface ScoreOptions {
    methodology?: Methodology;
    depth?: Depth;
    judge?: JudgeSetup;
    /** Targets scored at once (default 4). */
    jobs?: number;
    /** Called after each target, for progress bars. */
    onProgress?: (done: number, total: number, target: Target) => void;
    /** Called with each result as soon as it exists (streaming reporters). */
    onResult?: (result: ScoreResult) => void;
    /** Keep results in the returned run (default true); false keeps memory flat on huge trees when streaming. */
    retainResults?: boolean;
    signal?: AbortSignal;
}
/** Layers a depth asks for that will not run, with the reason (never a silent downgrade). */
export declare function layersNotRun(depth: Depth, judgeAvailable: boolean): {
    name: LayerName;
    reason: string;
}[];
export declare function wantsJudge(depth: Depth, judge: JudgeSetup | undefined): judge is JudgeSetup;
export declare function judgeLayerFor(skill: SkillDocument, judge: JudgeSetup, signal: AbortSignal | undefined): Promise<LayerOutput>;
/** Check findings as diagnostics; a finding without its own file is about `file`. */
export declare function findingsAsDiagnostics(findings: readonly Finding[], file: string): Diagnostic[];
/** The name a result reports: PluginEval's reading of the frontmatter in compat, else the name or folder. */
export declare function skillName(skill: SkillDocument, methodology: Methodology): string;
