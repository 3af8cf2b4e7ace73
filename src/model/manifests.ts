import { z } from 'zod';
import { codePointLength } from '../util/text.js';
import { KEBAB_NAME } from './names.js';

export { CLAUDE_CODE_SKILL_KEYS, HOOK_EVENTS, KEBAB_NAME, PLUGIN_MANIFEST_KEYS, SPEC_SKILL_KEYS } from './names.js';

const Person = z.looseObject({
  name: z.string({ error: 'must be a string: the person or team' }).min(1, 'must not be empty'),
  email: z.string({ error: 'must be a string' }).optional(),
  url: z.string({ error: 'must be a string' }).optional(),
});

/**
 * Claude Code resolves a component path against the plugin folder: it is relative and never climbs out. The missing
 * "./" Claude Code also requires is plugin/path-prefix's (a rule of its own, with a certain fix), not the schema's.
 */
const ComponentPath = z
  .string({ error: 'must be a path string starting with "./"' })
  .min(1, 'must not be empty: a path starting with "./"')
  .refine(
    (p) => !/^(?:[\\/~]|[A-Za-z]:)/.test(p),
    'must be a path inside the plugin folder, starting with "./" (not an absolute path)',
  )
  .refine((p) => !p.split(/[\\/]/).includes('..'), 'must not contain ".." (a path that leaves the plugin)');
const pathOrPaths = (path: z.ZodType<string>, shape: string) =>
  z.union([path, z.array(path)], { error: `must be ${shape}, or a list of them` });
const MarkdownPath = ComponentPath.refine((p) => p.endsWith('.md'), 'must end with ".md" (one agent file each)');

/** One server of `.mcp.json` or of plugin.json's `mcpServers` (checked by src/parse/mcp.ts, server by server). */
export const McpStdioServer = z.looseObject({
  type: z.literal('stdio').optional(),
  command: z.string({ error: 'must be a string: the program to run' }).min(1, 'must not be empty'),
  args: z.array(z.string({ error: 'must be a string' }), { error: 'must be a list of strings' }).optional(),
  env: z.record(z.string(), z.string({ error: 'must be a string' }), { error: 'must be an object' }).optional(),
});
export const McpRemoteServer = z.looseObject({
  type: z.enum(['http', 'sse', 'ws'], {
    error: 'must be "stdio" (or absent) for a local command, or "http", "sse" or "ws" for a remote server',
  }),
  url: z.url({ error: 'must be an absolute URL, such as "https://host/path"' }),
  headers: z.record(z.string(), z.string({ error: 'must be a string' }), { error: 'must be an object' }).optional(),
});

/** `.claude-plugin/plugin.json` (Claude Code plugin manifest). Unknown keys are allowed and reported. */
export const PluginManifest = z
  .looseObject({
    // Kebab-case is a warning (plugin/name-format): Claude Code loads any other name without spaces.
    name: z
      .string({
        error: (issue) =>
          issue.input === undefined ? 'is required: the plugin name, in kebab-case' : 'must be a string, in kebab-case',
      })
      .min(1, 'must not be empty')
      .regex(/^\S*$/, 'must not contain spaces: use kebab-case, such as "my-plugin"'),
    version: z.string({ error: 'must be a string, such as "1.0.0"' }).optional(),
    description: z.string({ error: 'must be a string' }).optional(),
    author: z
      .looseObject(Person.shape, { error: 'must be an object with a "name" (and optional email, url)' })
      .optional(),
    homepage: z.url({ error: 'must be an absolute URL, such as "https://example.com"' }).optional(),
    repository: z.string({ error: 'must be a string: the repository URL' }).optional(),
    license: z.string({ error: 'must be a string, such as "MIT"' }).optional(),
    keywords: z.array(z.string({ error: 'must be a string' }), { error: 'must be a list of strings' }).optional(),
    commands: z
      .union([ComponentPath, z.array(ComponentPath), z.record(z.string(), z.looseObject({}))], {
        error: 'must be a "./" path, a list of them, or an object of named commands',
      })
      .optional(),
    agents: pathOrPaths(MarkdownPath, 'a "./" path to an agent .md file').optional(),
    skills: pathOrPaths(ComponentPath, 'a "./" path to a skills folder').optional(),
    // A hooks file, a list of hooks files and inline hooks objects, or one inline hooks object.
    hooks: z
      .union(
        [
          ComponentPath,
          z.array(z.union([ComponentPath, z.record(z.string(), z.unknown())])),
          z.record(z.string(), z.unknown()),
        ],
        {
          error: 'must be a "./" path to a hooks file, a list of paths and hooks objects, or a hooks object',
        },
      )
      .optional(),
    mcpServers: z
      .union([ComponentPath, z.array(ComponentPath), z.record(z.string(), z.unknown())], {
        error: 'must be a "./" path to an MCP file, a list of them, or an object of servers',
      })
      .optional(),
    outputStyles: pathOrPaths(ComponentPath, 'a "./" path').optional(),
    lspServers: z
      .union([ComponentPath, z.record(z.string(), z.unknown())], {
        error: 'must be a "./" path or an object of servers',
      })
      .optional(),
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

const timeout = z.number({ error: 'must be a number of seconds' }).positive('must be more than 0').optional();
const hookText = (what: string) => z.string({ error: `must be a string: ${what}` });

/** One hook of a matcher group. Claude Code ignores (and warns about) one that does not fit: see src/parse/hooks-file.ts. */
export const HookCommand = z.discriminatedUnion(
  'type',
  [
    z.looseObject({
      type: z.literal('command'),
      command: hookText('the shell command to run').min(1, 'must not be empty'),
      args: z.array(z.string({ error: 'must be a string' }), { error: 'must be a list of strings' }).optional(),
      timeout,
    }),
    z.looseObject({ type: z.literal('prompt'), prompt: hookText('the prompt').min(1, 'must not be empty'), timeout }),
    z.looseObject({ type: z.literal('agent'), prompt: hookText('the prompt').min(1, 'must not be empty'), timeout }),
    z.looseObject({ type: z.literal('http'), url: hookText('the URL to call').min(1, 'must not be empty'), timeout }),
  ],
  { error: 'type must be "command", "prompt", "agent" or "http"' },
);
export type HookCommand = z.infer<typeof HookCommand>;

export const HookMatcherGroup = z.looseObject({
  matcher: z.string({ error: 'must be a string: the tool names it matches, such as "Write|Edit"' }).optional(),
  hooks: z.array(HookCommand, { error: 'must be a list of hooks' }),
});
export type HookMatcherGroup = z.infer<typeof HookMatcherGroup>;

const HOOKS_REQUIRED = 'is required: an object of hook events, such as {"Stop": [{"hooks": [...]}]}';

/** `hooks/hooks.json`: the shape Claude Code loads. */
export const HooksFile = z
  .looseObject({
    description: z.string({ error: 'must be a string' }).optional(),
    hooks: z.record(z.string(), z.array(HookMatcherGroup), {
      error: (issue) => (issue.input === undefined ? HOOKS_REQUIRED : 'must be an object of hook events'),
    }),
  })
  .meta({ id: 'HooksFile', title: 'hooks/hooks.json' });
export type HooksFile = z.infer<typeof HooksFile>;

/** What is read first of a hooks file: its frame; each event, group and hook is then checked on its own. */
export const HooksFileFrame = z.looseObject({
  description: z.string({ error: 'must be a string' }).optional(),
  hooks: z.record(z.string(), z.unknown(), {
    error: (issue) => (issue.input === undefined ? HOOKS_REQUIRED : 'must be an object of hook events'),
  }),
});

/** One server of `.mcp.json` or of plugin.json's `mcpServers` (checked server by server: src/parse/mcp.ts). */
export const McpServer = z.union([McpStdioServer, McpRemoteServer]);

/**
 * `.mcp.json`: `{"mcpServers": {name: server}}`, or the servers at the top level (both load in Claude Code).
 * The servers are checked one by one (src/parse/mcp.ts), so one bad server is named with its field.
 */
export const McpFile = z
  .union([z.looseObject({ mcpServers: z.record(z.string(), McpServer) }), z.record(z.string(), McpServer)])
  .meta({ id: 'McpFile', title: '.mcp.json' });
export const McpFileFrame = z.record(z.string(), z.unknown(), { error: 'must be a JSON object of MCP servers' });

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
