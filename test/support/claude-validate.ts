/**
 * Claude Code's own plugin validator (`claude plugin validate --json`, the binary the Agent SDK's platform package
 * ships) beside plugin-eval's `validate`: each one's verdict per plugin and per class of finding, for the parity test.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pLimit from 'p-limit';

export type Verdict = 'error' | 'warning' | 'ok';
/** What a finding is about: the file it is in, as Claude Code's report groups them. */
export type FindingClass = 'manifest' | 'hooks' | 'mcp' | 'agents' | 'commands' | 'skills' | 'other';
export type Verdicts = Partial<Record<FindingClass, Verdict>>;

/**
 * The Claude Code binary of the Agent SDK's platform package, found as the SDK finds it
 * (`@anthropic-ai/claude-agent-sdk-<platform>-<arch>/claude`, resolved from the SDK's own folder).
 */
export function bundledClaude(): string {
  const fromSdk = createRequire(createRequire(import.meta.url).resolve('@anthropic-ai/claude-agent-sdk'));
  const exe = process.platform === 'win32' ? 'claude.exe' : 'claude';
  return fromSdk.resolve(`@anthropic-ai/claude-agent-sdk-${process.platform}-${process.arch}/${exe}`);
}

/** Every folder under `root` that holds a .claude-plugin/plugin.json (not below one: a plugin holds no plugin). */
export function pluginFolders(root: string): string[] {
  if (existsSync(path.join(root, '.claude-plugin', 'plugin.json'))) return [root];
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .flatMap((e) => pluginFolders(path.join(root, e.name)));
}

const worst = (a: Verdict | undefined, b: Verdict): Verdict =>
  a === 'error' || b === 'error' ? 'error' : a === 'warning' || b === 'warning' ? 'warning' : 'ok';

function add(verdicts: Verdicts, cls: FindingClass, verdict: Verdict): void {
  verdicts[cls] = worst(verdicts[cls], verdict);
}

interface ClaudeFinding {
  path?: string;
  message?: string;
}
interface ClaudeFileReport {
  file?: string;
  type?: string;
  errors?: ClaudeFinding[];
  warnings?: ClaudeFinding[];
}
export interface ClaudeReport {
  success: boolean;
  manifest?: ClaudeFileReport;
  contents?: ClaudeFileReport[];
}

const CLAUDE_CONTENT_CLASS: Readonly<Record<string, FindingClass>> = {
  hooks: 'hooks',
  mcp: 'mcp',
  agent: 'agents',
  command: 'commands',
  skill: 'skills',
};

/** Claude Code's verdict per class: plugin.json's findings are the manifest's, each content file's its type's. */
export function claudeVerdicts(report: ClaudeReport): Verdicts {
  const verdicts: Verdicts = {};
  const fileVerdict = (f: ClaudeFileReport): Verdict =>
    (f.errors?.length ?? 0) > 0 ? 'error' : (f.warnings?.length ?? 0) > 0 ? 'warning' : 'ok';
  if (report.manifest) add(verdicts, 'manifest', fileVerdict(report.manifest));
  for (const content of report.contents ?? [])
    add(verdicts, CLAUDE_CONTENT_CLASS[content.type ?? ''] ?? 'other', fileVerdict(content));
  return verdicts;
}

/** Run `claude plugin validate --json` on each folder, `concurrency` processes at a time, in an empty home. */
export async function runClaudeValidate(
  folders: readonly string[],
  options: { home: string; concurrency: number },
): Promise<Map<string, ClaudeReport>> {
  const claude = bundledClaude();
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: options.home,
    CLAUDE_CONFIG_DIR: path.join(options.home, '.claude'),
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
    DISABLE_AUTOUPDATER: '1',
  };
  const limit = pLimit(options.concurrency);
  const reports = await Promise.all(
    folders.map((folder) =>
      limit(
        () =>
          new Promise<ClaudeReport>((resolve, reject) => {
            // Exit 1 is its "errors found": the JSON on stdout is the answer either way.
            execFile(claude, ['plugin', 'validate', '--json', folder], { env }, (error, stdout, stderr) => {
              try {
                resolve(JSON.parse(stdout) as ClaudeReport);
              } catch {
                reject(new Error(`claude plugin validate ${folder}: no JSON (${error?.message ?? ''}) ${stderr}`));
              }
            });
          }),
      ),
    ),
  );
  return new Map(folders.map((f, i) => [f, reports[i]!]));
}

export interface OurDiagnostic {
  file: string;
  severity: 'error' | 'warning' | 'info';
  ruleId: string;
}

/** The class of one of plugin-eval's diagnostics: by the file it is in, else by its rule's subject. */
export function ourClass(plugin: string, d: OurDiagnostic): FindingClass {
  const rel = path.relative(plugin, d.file).split(path.sep).join('/');
  if (rel === '.claude-plugin/plugin.json') return 'manifest';
  if (rel === '.mcp.json') return 'mcp';
  if (rel.startsWith('hooks/') && rel.endsWith('.json')) return 'hooks';
  if (rel.startsWith('skills/')) return 'skills';
  if (rel.startsWith('agents/') || d.ruleId.startsWith('agent/')) return 'agents';
  if (rel.startsWith('commands/') || d.ruleId.startsWith('command/')) return 'commands';
  return 'other';
}

/** plugin-eval's verdict per class for one plugin, leaving out the rules Claude Code has no counterpart for. */
export function ourVerdicts(
  plugin: string,
  diagnostics: readonly OurDiagnostic[],
  ignored: ReadonlySet<string>,
): Verdicts {
  const verdicts: Verdicts = {};
  for (const d of diagnostics) {
    if (ignored.has(d.ruleId)) continue;
    if (d.file !== plugin && !d.file.startsWith(`${plugin}/`)) continue;
    add(verdicts, ourClass(plugin, d), d.severity === 'info' ? 'ok' : d.severity);
  }
  return verdicts;
}
