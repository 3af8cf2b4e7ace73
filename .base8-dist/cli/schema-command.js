import { z } from 'zod';
import { UsageError } from '../errors.js';
import { Diagnostic } from '../model/diagnostic-schema.js';
import { AgentFrontmatter, CommandFrontmatter, HooksFile, MarketplaceManifest, McpFile, PluginManifest, SkillFrontmatter } from '../model/manifests.js';
import { ScoreResult } from '../model/result.js';
import { PluginEvalConfig } from '../config/schema.js';
import { EXIT } from './exit-codes.js';
/** Every file format and output, by the name `plugin-eval schema NAME` takes. */
export const SCHEMAS = {
    'score-result': ScoreResult,
    diagnostic: Diagnostic,
    'skill-frontmatter': SkillFrontmatter,
    'plugin-manifest': PluginManifest,
    marketplace: MarketplaceManifest,
    hooks: HooksFile,
    mcp: McpFile,
    'agent-frontmatter': AgentFrontmatter,
    'command-frontmatter': CommandFrontmatter,
    config: PluginEvalConfig,
};
export function jsonSchemaFor(name) {
    const schema = SCHEMAS[name];
    if (!schema)
        throw new UsageError(`unknown schema "${name}"; available: ${Object.keys(SCHEMAS).sort().join(', ')}`);
    return z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' });
}
export function runSchema(name, ui) {
    if (!name) {
        ui.stdout(`${Object.keys(SCHEMAS).sort().join('\n')}\n`);
        return EXIT.OK;
    }
    ui.stdout(`${JSON.stringify(jsonSchemaFor(name), null, 2)}\n`);
    return EXIT.OK;
}
//# sourceMappingURL=schema-command.js.map