import type { SkillEdit } from '../../model/result.js';
import type { MarkdownComponent } from '../../parse/plugin.js';
/**
 * Claude Code tools the component's body names as tools ("use `Grep`", "the Read tool"), plus Bash when it runs
 * shell (a shell code block, inline code that is a command line, or a `!` command line in a slash command), in the
 * canonical order.
 */
export declare function toolsNamedIn(component: MarkdownComponent): string[];
/** The first prose sentence of the body (5 words or more), Markdown emphasis and code ticks removed. */
export declare function firstProseSentence(component: MarkdownComponent): string | undefined;
/**
 * An agent description that says what it does (its current description, else its prompt's first sentence, else
 * its file name) and, when it does not yet, when to use it ("Use for reviewing ..." from "Reviews ...", else "Use
 * when a task needs the <name>"). Undefined when it would be no better than what is there.
 */
export declare function agentDescription(current: string, firstSentence: string | undefined, stem: string, saysWhen: boolean): string | undefined;
/** A one-line command description: its first prose sentence, else "<name words>: <current>" when that reaches 20 characters. */
export declare function commandDescription(current: string, firstSentence: string | undefined, stem: string): string | undefined;
/** The first run of two or more top-level bullets outside code, rewritten as a numbered list (file line numbers). */
export declare function numberedBullets(component: MarkdownComponent, file: string): {
    example: string;
    edits: SkillEdit[];
} | undefined;
