import { type Diagnostic } from '../model/diagnostic.js';
import type { PluginDocument } from '../parse/plugin.js';
import type { ValidationRule } from './types.js';
/** Plugin-level rules: manifest presence, agent frontmatter, command frontmatter, hooks events. */
export declare const pluginStructure: ValidationRule;
/** Scripts that hooks run via ${CLAUDE_PLUGIN_ROOT} must exist (checked with the file system, at the edge). */
export declare function hookScriptDiagnostics(plugin: PluginDocument): Promise<Diagnostic[]>;
