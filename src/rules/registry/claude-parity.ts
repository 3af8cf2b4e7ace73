/**
 * Where plugin-eval's `validate` and Claude Code's own `claude plugin validate` part ways, and why: rendered into
 * docs/rules.md, and read from there by the differential test (test/claude-parity.test.ts), so a disagreement that
 * is not listed here fails it.
 */

/** plugin-eval rules Claude Code's validator has no counterpart for: left out of the comparison. */
export const RULES_WITHOUT_COUNTERPART: readonly { rule: string; why: string }[] = [
  {
    rule: 'plugin/hooks',
    why: 'A security note: hooks run as the user outside any tool permission. Claude Code loads them without comment.',
  },
  {
    rule: 'hooks/missing-script',
    why: 'Claude Code does not look for the scripts a hook command runs; a missing one fails only when the hook fires.',
  },
];

/** One plugin and class of finding where the verdicts differ on purpose. */
export interface ParityDisagreement {
  plugin: string;
  findingClass: 'manifest' | 'hooks' | 'mcp' | 'agents' | 'commands';
  claude: 'error' | 'warning' | 'ok';
  ours: 'error' | 'warning' | 'ok';
  why: string;
}

const RESERVED_NAME =
  'Claude Code reserves names that pass as Anthropic\'s own ("claude-..."), and lifts it when the marketplace that ' +
  'lists the plugin is validated. plugin-eval cannot tell who publishes a plugin, so it does not judge the name.';

export const CLAUDE_PARITY_DISAGREEMENTS: readonly ParityDisagreement[] = [
  {
    plugin: 'claude-parity/agent-no-name',
    findingClass: 'agents',
    claude: 'warning',
    ours: 'error',
    why:
      "Claude Code's subagent documentation marks `name` and `description` required, and plugin-eval holds agents " +
      'to it; the loader falls back to the file name and only warns about a missing description.',
  },
  {
    plugin: 'claude-plugins-official/plugins/claude-code-setup',
    findingClass: 'manifest',
    claude: 'error',
    ours: 'ok',
    why: RESERVED_NAME,
  },
  {
    plugin: 'claude-plugins-official/plugins/claude-md-management',
    findingClass: 'manifest',
    claude: 'error',
    ours: 'ok',
    why: RESERVED_NAME,
  },
];

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** The docs/rules.md section: both tables, with the headings the differential test looks for. */
export function claudeParityMarkdown(): string[] {
  return [
    '',
    '## Parity with Claude Code',
    '',
    "`test/claude-parity.test.ts` runs Claude Code's own validator (`claude plugin validate --json`, the binary the " +
      "Agent SDK's platform package ships) and `plugin-eval validate --output json` over the shared corpus's " +
      'plugins and the probes in `test/fixtures/claude-parity/` (one folder each, its README says what it probes), ' +
      'and compares the verdict (error, warning or ok) per plugin for plugin.json, hooks, MCP servers, agents and ' +
      'commands. SKILL.md is held to the Agent Skills spec instead. Only these differences are allowed.',
    '',
    '### Rules Claude Code has no counterpart for',
    '',
    '| Rule | Why |',
    '|---|---|',
    ...RULES_WITHOUT_COUNTERPART.map((r) => `| \`${r.rule}\` | ${cell(r.why)} |`),
    '',
    '### Where plugin-eval and Claude Code disagree',
    '',
    '| Plugin | Class | Claude Code | plugin-eval | Why |',
    '|---|---|---|---|---|',
    ...CLAUDE_PARITY_DISAGREEMENTS.map(
      (d) => `| \`${d.plugin}\` | ${d.findingClass} | ${d.claude} | ${d.ours} | ${cell(d.why)} |`,
    ),
  ];
}
