import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkSarif } from './support/sarif-shape.js';
import { tempTree } from './support/tmp.js';

/**
 * The CI recipes run as CI runs them: action.yml's `run:` steps in bash with its inputs and step outputs wired as
 * GitHub wires them, and the pre-commit hooks' entries in a real git repository's pre-commit hook, on the files
 * pre-commit would pass. `plugin-eval` on PATH is this build (dist/); the install step fetches from npm and is only
 * checked for what it installs.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const GOOD_SKILL = path.join(ROOT, 'examples/skills/csv-profiler');
const tree = tempTree('plugin-eval-ci-');
const BIN_DIR = tree.dir('bin');
const shim = tree.write(
  'bin/plugin-eval',
  `#!/bin/sh\nexec "${process.execPath}" "${ROOT}/dist/bin/plugin-eval.cjs" "$@"\n`,
);
chmodSync(shim, 0o755);
const PATH = `${BIN_DIR}${path.delimiter}${process.env.PATH ?? ''}`;

interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}
interface Action {
  inputs: Record<string, { default: string }>;
  runs: { using: string; steps: Step[] };
}
const ACTION = parse(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as Action;

/** `${{ inputs.x }}` and `${{ steps.id.outputs.y }}`, as the runner substitutes them; anything else is refused. */
function substitute(text: string, inputs: Record<string, string>, outputs: Record<string, Record<string, string>>) {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expr: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expr);
    if (input) return inputs[input[1]!] ?? '';
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expr);
    if (output) return outputs[output[1]!]?.[output[2]!] ?? '';
    throw new Error(`expression the test does not evaluate: ${expr}`);
  });
}

/** Run the action's bash steps (the install step aside) in a fresh workspace; what each step did, in order. */
function runAction(given: Record<string, string>) {
  const workspace = tree.fresh('workspace-');
  const inputs = { ...Object.fromEntries(Object.entries(ACTION.inputs).map(([k, v]) => [k, v.default])), ...given };
  const outputs: Record<string, Record<string, string>> = {};
  const steps: { name: string; status: number | null; stdout: string }[] = [];
  for (const step of ACTION.runs.steps) {
    if (step.run === undefined || step.name === 'Install plugin-eval') continue;
    expect(step.shell).toBe('bash');
    const githubOutput = path.join(workspace, `.output-${steps.length}`);
    writeFileSync(githubOutput, '');
    const env = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, substitute(v, inputs, outputs)]));
    // GitHub's own command line for `shell: bash`; inputs reach the script only through env.
    expect(step.run).not.toContain('${{');
    const done = spawnSync('bash', ['--noprofile', '--norc', '-eo', 'pipefail', '-c', step.run], {
      cwd: workspace,
      env: { PATH, HOME: workspace, GITHUB_OUTPUT: githubOutput, NO_COLOR: '1', ...env },
      encoding: 'utf8',
    });
    if (step.id !== undefined)
      outputs[step.id] = Object.fromEntries(
        readFileSync(githubOutput, 'utf8')
          .split('\n')
          .filter((l) => l.includes('='))
          .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
      );
    steps.push({ name: step.name ?? '', status: done.status, stdout: done.stdout });
  }
  return { workspace, inputs, outputs, steps, sarif: path.join(workspace, inputs['sarif-file']!) };
}

describe('action.yml', () => {
  it('is a composite action: node, install from npm, run, upload SARIF to code scanning, then the gate', () => {
    expect(ACTION.runs.using).toBe('composite');
    const steps = ACTION.runs.steps;
    expect(steps[0]!.uses).toMatch(/^actions\/setup-node@v\d+$/);
    expect(steps.find((s) => s.name === 'Install plugin-eval')?.run).toContain('"plugin-eval@${PLUGIN_EVAL_VERSION}"');
    const upload = steps.find((s) => s.uses?.startsWith('github/codeql-action/upload-sarif@'));
    expect(upload?.with?.sarif_file).toBe('${{ inputs.sarif-file }}');
    // Uploaded whatever the gate says, and only when there is a file to upload.
    expect(upload?.if).toContain('always()');
    expect(upload?.if).toContain('hashFiles(inputs.sarif-file)');
    expect(steps.indexOf(upload!)).toBeLessThan(steps.length - 1);
  });

  it('a skill above the threshold: a SARIF report for the upload and every step passes', () => {
    const run = runAction({ path: GOOD_SKILL, threshold: '10' });
    expect(run.steps.map((s) => s.status)).toEqual([0, 0]);
    expect(run.outputs.run).toEqual({ 'exit-code': '0' });
    expect(checkSarif(readFileSync(run.sarif, 'utf8')).runs[0]!.tool.driver.name).toBe('plugin-eval');
  });

  it('a skill below the threshold: the report is still written for the upload, and the gate fails with exit 1', () => {
    const run = runAction({ path: GOOD_SKILL, threshold: '100', 'sarif-file': 'out/report.sarif' });
    expect(run.outputs.run).toEqual({ 'exit-code': '1' });
    expect(checkSarif(readFileSync(run.sarif, 'utf8')).runs[0]!.results!.length).toBeGreaterThanOrEqual(0);
    expect(run.steps.at(-1)).toMatchObject({
      status: 1,
      stdout: expect.stringContaining('::error::plugin-eval exited 1'),
    });
  });

  it('validate on a folder with no skill: exit 2 reaches the gate and no SARIF file is left for the upload', () => {
    const run = runAction({ command: 'validate', path: 'nothing-here' });
    expect(run.outputs.run).toEqual({ 'exit-code': '2' });
    expect(existsSync(run.sarif)).toBe(false);
    expect(run.steps.at(-1)!.status).toBe(2);
  });
});

interface Hook {
  id: string;
  entry: string;
  files: string;
  pass_filenames: boolean;
  language: string;
}
const HOOKS = parse(readFileSync(path.join(ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as Hook[];

function git(cwd: string, ...args: string[]) {
  return spawnSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH,
      HOME: cwd,
      GIT_CONFIG_NOSYSTEM: '1',
      GIT_AUTHOR_NAME: 't',
      GIT_AUTHOR_EMAIL: 't@example.com',
      GIT_COMMITTER_NAME: 't',
      GIT_COMMITTER_EMAIL: 't@example.com',
      NO_COLOR: '1',
    },
  });
}

describe('.pre-commit-hooks.yaml, through git hooks', () => {
  it('each hook runs its entry on the staged files its pattern selects: a bad skill stops the commit, a fixed one passes', () => {
    expect(HOOKS.map((h) => h.id)).toEqual(['plugin-eval-validate', 'plugin-eval-validate-repo']);
    const repo = tree.fresh('repo-');
    expect(git(repo, 'init', '-q').status).toBe(0);
    // What pre-commit does per hook: the staged files matching `files` (a Python regex; these are also POSIX ERE),
    // passed as arguments when pass_filenames, else the entry alone when any file matches.
    const script = HOOKS.map((h) => {
      const select = `files=$(git diff --cached --name-only --diff-filter=ACMR | grep -E '${h.files}' || true)`;
      const run = h.pass_filenames ? `${h.entry} $files` : h.entry;
      return `${select}\nif [ -n "$files" ]; then ${run} || exit $?; fi`;
    }).join('\n');
    writeFileSync(path.join(repo, '.git/hooks/pre-commit'), `#!/bin/sh\n${script}\n`, { mode: 0o755 });
    const skill = (name: string) =>
      `---\nname: ${name}\ndescription: Profiles CSV files. Use when the user asks what is in a CSV file.\n---\n\n# CSV\n\nRead the file and report its columns.\n`;
    writeFileSync(path.join(repo, 'README.md'), 'no skill here\n');
    git(repo, 'add', '.');
    expect(git(repo, 'commit', '-qm', 'readme').status).toBe(0);
    tree.write(`${path.relative(tree.root, repo)}/skills/csv-tool/SKILL.md`, skill('Not A Valid Name'));
    git(repo, 'add', '.');
    const refused = git(repo, 'commit', '-qm', 'bad skill');
    expect(refused.status).not.toBe(0);
    // git shows a hook's output on stderr.
    expect(refused.stderr).toContain('skills/csv-tool/SKILL.md');
    tree.write(`${path.relative(tree.root, repo)}/skills/csv-tool/SKILL.md`, skill('csv-tool'));
    git(repo, 'add', '.');
    const accepted = git(repo, 'commit', '-qm', 'good skill');
    expect(accepted.status, accepted.stdout + accepted.stderr).toBe(0);
  });
});
