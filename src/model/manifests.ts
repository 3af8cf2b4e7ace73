import { z } from 'zod';
import { codePointLength } from '../util/text.js';
import { KEBAB_NAME } from './names.js';

export { CLAUDE_CODE_SKILL_KEYS, HOOK_EVENTS, KEBAB_NAME, PLUGIN_MANIFEST_KEYS, SPEC_SKILL_KEYS } from './names.js';

const Person = z.looseObject({ name: z.string().min(1), email: z.string().optional(), url: z.string().optional() });
const PathOrPaths = z.union([z.string(), z.array(z.string())]);

/** `.claude-plugin/plugin.json` (Claude Code plugin manifest). Unknown keys are allowed and reported. */
export const PluginManifest = z
  .looseObject({
    name: z.string().min(1).regex(KEBAB_NAME, 'must be kebab-case (lowercase letters, digits, hyphens)'),
    version: z.string().optional(),
    description: z.string().optional(),
    author: Person.optional(),
    homepage: z.string().optional(),
    repository: z.string().optional(),
    license: z.string().optional(),
    keywords: z.array(z.string()).optional(),
    commands: PathOrPaths.optional(),
    agents: PathOrPaths.optional(),
    skills: PathOrPaths.optional(),
    hooks: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    mcpServers: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
    outputStyles: PathOrPaths.optional(),
    lspServers: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  })
  .meta({ id: 'PluginManifest', title: '.claude-plugin/plugin.json' });
export type PluginManifest = z.infer<typeof PluginManifest>;

const PluginSource = z.union([z.string().min(1), z.looseObject({ source: z.string().min(1) })]);

/** `.claude-plugin/marketplace.json`. */
export const MarketplaceManifest = z
  .looseObject({
    name: z.string().min(1),
    owner: Person,
    metadata: z
      .looseObject({
        description: z.string().optional(),
        version: z.string().optional(),
        pluginRoot: z.string().optional(),
      })
      .optional(),
    plugins: z.array(
      z.looseObject({
        name: z.string().min(1),
        source: PluginSource,
        description: z.string().optional(),
        version: z.string().optional(),
        strict: z.boolean().optional(),
      }),
    ),
  })
  .meta({ id: 'MarketplaceManifest', title: '.claude-plugin/marketplace.json' });
export type MarketplaceManifest = z.infer<typeof MarketplaceManifest>;

const HookCommand = z.discriminatedUnion('type', [
  z.looseObject({ type: z.literal('command'), command: z.string().min(1), timeout: z.number().positive().optional() }),
  z.looseObject({ type: z.literal('prompt'), prompt: z.string().min(1), timeout: z.number().positive().optional() }),
  z.looseObject({ type: z.literal('agent'), prompt: z.string().min(1), timeout: z.number().positive().optional() }),
]);

/** `hooks/hooks.json`. */
export const HooksFile = z
  .looseObject({
    description: z.string().optional(),
    hooks: z.record(
      z.string(),
      z.array(z.looseObject({ matcher: z.string().optional(), hooks: z.array(HookCommand).min(1) })),
    ),
  })
  .meta({ id: 'HooksFile', title: 'hooks/hooks.json' });
export type HooksFile = z.infer<typeof HooksFile>;

/** `.mcp.json`. */
export const McpFile = z
  .looseObject({ mcpServers: z.record(z.string(), z.looseObject({})) })
  .meta({ id: 'McpFile', title: '.mcp.json' });

/** Frontmatter of `agents/*.md`. */
export const AgentFrontmatter = z
  .looseObject({
    name: z.string().min(1).regex(KEBAB_NAME, 'must be kebab-case'),
    // A description of spaces is as empty to the router as none (rule agent/description-required).
    description: z.string().trim().min(1),
    tools: z.union([z.string(), z.array(z.string())]).optional(),
    model: z.string().optional(),
    color: z.string().optional(),
  })
  .meta({ id: 'AgentFrontmatter', title: 'agents/*.md frontmatter' });

/** Frontmatter of `commands/*.md`. */
export const CommandFrontmatter = z
  .looseObject({
    description: z.string().optional(),
    'argument-hint': z.string().optional(),
    'allowed-tools': z.union([z.string(), z.array(z.string())]).optional(),
    model: z.string().optional(),
  })
  .meta({ id: 'CommandFrontmatter', title: 'commands/*.md frontmatter' });

/**
 * At most `max` characters as the Agent Skills spec counts them (code points: 1,024 emoji are 1,024 characters), as a
 * `too_big` issue like zod's own `max`.
 */
function atMostCodePoints(max: number): z.core.CheckFn<string> {
  return (ctx) => {
    if (codePointLength(ctx.value) <= max) return;
    ctx.issues.push({ code: 'too_big', origin: 'string', maximum: max, inclusive: true, input: ctx.value });
  };
}

/**
 * Frontmatter of SKILL.md: the Agent Skills spec keys plus those Claude Code adds. The single source of the frontmatter
 * rules: src/rules/validation/skill-frontmatter.ts maps `safeParse` issues to rule ids, lines and columns.
 */
export const SkillFrontmatter = z
  .looseObject({
    name: z
      .string()
      .min(1)
      .check(atMostCodePoints(64))
      .regex(KEBAB_NAME, 'must be lowercase letters, digits and single hyphens'),
    // No < or >: the spec allows them, skill-creator's quick_validate rejects them (rule
    // skill/description-angle-brackets).
    description: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .check(atMostCodePoints(1024))
      .regex(/^[^<>]*$/, 'must not contain < or >'),
    license: z.string().optional(),
    'allowed-tools': z.union([z.string(), z.array(z.string())]).optional(),
    // skills-ref reads `version: 1.0` as the string "1.0", as every reader that stringifies a scalar does; a list or
    // a mapping is no string.
    metadata: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    compatibility: z.string().min(1).check(atMostCodePoints(500)).optional(),
  })
  .meta({ id: 'SkillFrontmatter', title: 'SKILL.md frontmatter' });
