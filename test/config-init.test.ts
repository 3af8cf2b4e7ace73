import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/load.js';
import { cli } from './support/cli.js';
import { tempTree } from './support/tmp.js';

/** `config init`: a starter our own config loader accepts, never written over an existing file without --force. */
const tree = tempTree('plugin-eval-config-init-');

describe('config init', () => {
  it('writes a commented starter that loads with our own config schema, and which validate then reads', async () => {
    const file = path.join(tree.fresh(), 'plugin-eval.config.json');
    const out = await cli('--config', file, 'config', 'init');
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(`wrote ${file}`);
    const config = await loadConfig(file);
    expect(config).toMatchObject({ methodology: 'default', depth: 'quick', rules: {}, ignorePatterns: [] });
    const comment = (config as { $comment?: string[] }).$comment;
    // Each setting written is explained in the file itself.
    for (const key of ['methodology', 'depth', 'rules', 'ignorePatterns', 'threshold'])
      expect(comment?.some((line) => line.startsWith(`${key}: `))).toBe(true);
    const validated = await cli(
      '--config',
      file,
      'validate',
      path.join(import.meta.dirname, '../examples/skills/csv-profiler'),
      '--verbose',
    );
    expect(validated.code, validated.stderr).toBe(0);
    expect(validated.stderr).toContain(`configFile ${file}`);
  });

  it('refuses to replace an existing file (exit 2, file untouched, no temp file left) unless --force', async () => {
    const dir = tree.fresh();
    const file = path.join(dir, 'mine.json');
    writeFileSync(file, '{ "depth": "standard" }\n');
    const refused = await cli('--config', file, 'config', 'init');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('exists; nothing was written (--force replaces it)');
    expect(readFileSync(file, 'utf8')).toBe('{ "depth": "standard" }\n');
    expect(readdirSync(dir)).toEqual(['mine.json']);
    const forced = await cli('--config', file, 'config', 'init', '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(((await loadConfig(file)) as Record<string, unknown>).depth).toBe('quick');
  });

  it('a $comment that is not text is a config error, as any other bad key is', async () => {
    const file = tree.write('bad-comment/plugin-eval.config.json', '{ "$comment": 5 }\n');
    await expect(loadConfig(file)).rejects.toThrow(/\$comment/);
  });
});
