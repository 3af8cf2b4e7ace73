import type { MarkdownComponent } from '../../parse/plugin.js';
import type { ComponentCheck } from './types.js';
/** What the agent check reads, shared by `run` (the score) and `improve` (the tips), so they never disagree. */
export declare function agentFacts(agent: MarkdownComponent): {
    name: string | undefined;
    nameMatches: boolean;
    description: string;
    saysWhen: boolean;
    hasExamples: boolean;
    restrictsTools: boolean;
    choosesModel: boolean;
    proseLines: number;
    definesOutput: boolean;
};
/** Reads the whole agent: frontmatter and the system prompt in its body. */
export declare const agentQuality: ComponentCheck;
