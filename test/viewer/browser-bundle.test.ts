/**
 * The page scripts are TypeScript under src/web/viewer/browser/ and src/web/dashboard/browser/, bundled into checked-in
 * string modules (scripts/bundle-browser.mjs). The browser tests run against those modules, so a module out of date
 * with its source would test old code: this fails first, naming the command that brings it up to date.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('browser bundles', () => {
  it('the checked-in page scripts are exactly what the browser code bundles to', () => {
    const run = spawnSync(process.execPath, ['scripts/bundle-browser.mjs', '--check'], { cwd: ROOT, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
