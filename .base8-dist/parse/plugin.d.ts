import { type Diagnostic } from '../model/diagnostic.js';
import type { HooksFile, PluginManifest } from '../model/manifests.js';
import { type Frontmatter } from './frontmatter.js';
import { type MarkdownFacts } from './markdown.js';
import { type SkillDocument } from './skill.js';
/** An agent or command: a Markdown file with frontmatter. */
export interface MarkdownComponent {
    kind: 'agent' | 'command';
    file: string;
    abs: string;
    /** File name without `.md`. */
    stem: string;
    /** The file's text as read (BOM removed): tips edit a copy of it. */
    text: string;
    frontmatter: Frontmatter;
    data: Record<string, unknown>;
    body: string;
    markdown: MarkdownFacts;
    diagnostics: Diagnostic[];
}
export interface PluginDocument {
    kind: 'plugin';
    dir: string;
    displayPath: string;
    dirName: string;
    /** Manifest name, else the folder name (as PluginEval does). */
    name: string;
    hasManifestDir: boolean;
    manifest: PluginManifest | undefined;
    skills: SkillDocument[];
    agents: MarkdownComponent[];
    commands: MarkdownComponent[];
    hooks: HooksFile | undefined;
    hasHooksFile: boolean;
    diagnostics: Diagnostic[];
}
export declare function parseMarkdownComponent(abs: string, file: string, kind: 'agent' | 'command', within?: string): Promise<MarkdownComponent | Diagnostic>;
/**
 * An agent or command from its text (pure): what `parseMarkdownComponent` builds after reading the file, and what
 * a tip's simulation builds from the edited text in memory.
 */
export declare function markdownComponentFromText(text: string, where: {
    abs: string;
    file: string;
    kind: 'agent' | 'command';
}, readDiagnostics?: readonly Diagnostic[]): MarkdownComponent;
/** Parse a plugin folder: manifest, skills/, agents/, commands/, hooks/hooks.json and .mcp.json. */
export declare function parsePlugin(dir: string, options?: {
    displayPath?: string;
}): Promise<PluginDocument>;
