import { z } from 'zod';
export { CLAUDE_CODE_SKILL_KEYS, HOOK_EVENTS, KEBAB_NAME, PLUGIN_MANIFEST_KEYS, SPEC_SKILL_KEYS } from './names.js';
/** `.claude-plugin/plugin.json` (Claude Code plugin manifest). Unknown keys are allowed and reported. */
export declare const PluginManifest: z.ZodObject<{
    name: z.ZodString;
    version: z.ZodOptional<z.ZodString>;
    description: z.ZodOptional<z.ZodString>;
    author: z.ZodOptional<z.ZodObject<{
        name: z.ZodString;
        email: z.ZodOptional<z.ZodString>;
        url: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>>;
    homepage: z.ZodOptional<z.ZodString>;
    repository: z.ZodOptional<z.ZodString>;
    license: z.ZodOptional<z.ZodString>;
    keywords: z.ZodOptional<z.ZodArray<z.ZodString>>;
    commands: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    agents: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    skills: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    hooks: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodRecord<z.ZodString, z.ZodUnknown>]>>;
    mcpServers: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodRecord<z.ZodString, z.ZodUnknown>]>>;
    outputStyles: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    lspServers: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodRecord<z.ZodString, z.ZodUnknown>]>>;
}, z.core.$loose>;
export type PluginManifest = z.infer<typeof PluginManifest>;
/** `.claude-plugin/marketplace.json`. */
export declare const MarketplaceManifest: z.ZodObject<{
    name: z.ZodString;
    owner: z.ZodObject<{
        name: z.ZodString;
        email: z.ZodOptional<z.ZodString>;
        url: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>;
    metadata: z.ZodOptional<z.ZodObject<{
        description: z.ZodOptional<z.ZodString>;
        version: z.ZodOptional<z.ZodString>;
        pluginRoot: z.ZodOptional<z.ZodString>;
    }, z.core.$loose>>;
    plugins: z.ZodArray<z.ZodObject<{
        name: z.ZodString;
        source: z.ZodUnion<readonly [z.ZodString, z.ZodObject<{
            source: z.ZodString;
        }, z.core.$loose>]>;
        description: z.ZodOptional<z.ZodString>;
        version: z.ZodOptional<z.ZodString>;
        strict: z.ZodOptional<z.ZodBoolean>;
    }, z.core.$loose>>;
}, z.core.$loose>;
export type MarketplaceManifest = z.infer<typeof MarketplaceManifest>;
/** `hooks/hooks.json`. */
export declare const HooksFile: z.ZodObject<{
    description: z.ZodOptional<z.ZodString>;
    hooks: z.ZodRecord<z.ZodString, z.ZodArray<z.ZodObject<{
        matcher: z.ZodOptional<z.ZodString>;
        hooks: z.ZodArray<z.ZodDiscriminatedUnion<[z.ZodObject<{
            type: z.ZodLiteral<"command">;
            command: z.ZodString;
            timeout: z.ZodOptional<z.ZodNumber>;
        }, z.core.$loose>, z.ZodObject<{
            type: z.ZodLiteral<"prompt">;
            prompt: z.ZodString;
            timeout: z.ZodOptional<z.ZodNumber>;
        }, z.core.$loose>, z.ZodObject<{
            type: z.ZodLiteral<"agent">;
            prompt: z.ZodString;
            timeout: z.ZodOptional<z.ZodNumber>;
        }, z.core.$loose>], "type">>;
    }, z.core.$loose>>>;
}, z.core.$loose>;
export type HooksFile = z.infer<typeof HooksFile>;
/** `.mcp.json`. */
export declare const McpFile: z.ZodObject<{
    mcpServers: z.ZodRecord<z.ZodString, z.ZodObject<{}, z.core.$loose>>;
}, z.core.$loose>;
/** Frontmatter of `agents/*.md`. */
export declare const AgentFrontmatter: z.ZodObject<{
    name: z.ZodString;
    description: z.ZodString;
    tools: z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    model: z.ZodOptional<z.ZodString>;
    color: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
/** Frontmatter of `commands/*.md`. */
export declare const CommandFrontmatter: z.ZodObject<{
    description: z.ZodOptional<z.ZodString>;
    'argument-hint': z.ZodOptional<z.ZodString>;
    'allowed-tools': z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    model: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
/** Frontmatter of SKILL.md: the Agent Skills spec keys plus those Claude Code adds. */
export declare const SkillFrontmatter: z.ZodObject<{
    name: z.ZodString;
    description: z.ZodString;
    license: z.ZodOptional<z.ZodString>;
    'allowed-tools': z.ZodOptional<z.ZodUnion<readonly [z.ZodString, z.ZodArray<z.ZodString>]>>;
    metadata: z.ZodOptional<z.ZodRecord<z.ZodString, z.ZodString>>;
    compatibility: z.ZodOptional<z.ZodString>;
}, z.core.$loose>;
