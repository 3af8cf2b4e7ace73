import type { MarkdownComponent } from '../../parse/plugin.js';
import type { ComponentCheck } from './types.js';
/** What the command check reads, shared by `run` (the score) and `improve` (the tips), so they never disagree. */
export declare function commandFacts(command: MarkdownComponent): {
    description: string;
    usesArguments: boolean;
    positional: number;
    hasHint: boolean;
    declaresTools: boolean;
    proseLines: number;
    structured: boolean;
};
export declare const commandQuality: ComponentCheck;
