import { spawn } from 'node:child_process';
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/cli/exit-codes.js';
import { cli } from './support/cli.js';
import { tempTree } from './support/tmp.js';
import { BUILT_BIN } from './support/built.js';

const tree = tempTree('plugin-eval-watch-');
const skillText = (name: string) =>
  `---\nname: ${name}\ndescription: Use when testing the watch mode of a small skill.\n---\n# S\n\nStep one.\n`;

interface Diagnostic {
  ruleId: string;
}
interface RunDocument {
  results: { diagnostics: Diagnostic[] }[];
}

describe('--watch', () => {
  it('score --watch --output json prints one document per run, re-runs on an edit, and Ctrl-C ends it with 130', async () => {
    const skill = path.join(tree.fresh(), 'watched');
    const file = path.join(skill, 'SKILL.md');
    tree.write(path.relative(tree.root, file), skillText('wrong-name'));
    const child = spawn(process.execPath, [BUILT_BIN, 'score', skill, '--watch', '--output', 'json', '--no-store'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Each document is pretty JSON whose last line is its closing brace at column 0.
    const documents: RunDocument[] = [];
    const waiters: (() => void)[] = [];
    let buffer = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      buffer += text;
      for (let end = buffer.indexOf('\n}\n'); end !== -1; end = buffer.indexOf('\n}\n')) {
        documents.push(JSON.parse(buffer.slice(0, end + 2)) as RunDocument);
        buffer = buffer.slice(end + 3);
        waiters.shift()?.();
      }
    });
    const nth = (n: number) =>
      new Promise<RunDocument>((resolve, reject) => {
        const check = () => (documents.length >= n ? resolve(documents[n - 1]!) : waiters.push(check));
        void exited.then(() => (documents.length >= n ? undefined : reject(new Error(`exited before run ${n}`))));
        check();
      });

    const first = await nth(1);
    expect(first.results[0]!.diagnostics.map((d) => d.ruleId)).toContain('skill/name-matches-directory');
    // Saved as editors do, by a rename: the run never sees a half-written file.
    const saved = path.join(tree.fresh(), 'SKILL.md');
    writeFileSync(saved, skillText('watched'));
    renameSync(saved, file);
    const second = await nth(2);
    expect(second.results[0]!.diagnostics.map((d) => d.ruleId)).not.toContain('skill/name-matches-directory');

    child.kill('SIGINT');
    expect(await exited).toBe(EXIT.INTERRUPTED);
    expect(stderr).toContain('stopped watching');
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(buffer.trim()).toBe('');
  });

  it('--watch with --fix, or at a depth that calls a model, is a usage error (exit 2) naming both flags', async () => {
    const skill = path.dirname(tree.write('usage/skill/SKILL.md', skillText('skill')));
    const fix = await cli('validate', skill, '--watch', '--fix');
    expect(fix.code).toBe(EXIT.INPUT);
    expect(fix.stderr).toMatch(/--watch .*--fix/);
    const dryRun = await cli('score', skill, '--watch', '--fix-dry-run', '--no-store');
    expect(dryRun.code).toBe(EXIT.INPUT);
    expect(dryRun.stderr).toMatch(/--watch .*--fix-dry-run/);
    const deep = await cli('score', skill, '--watch', '--depth', 'standard', '--no-store');
    expect(deep.code).toBe(EXIT.INPUT);
    expect(deep.stderr).toMatch(/--watch .*--depth standard/);
  });
});
