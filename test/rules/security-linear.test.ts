/**
 * The security finders on 1 MB of hostile text: each is one pass (a quadratic one would run for minutes and hit the
 * test's timeout; speed is not asserted here), and each still finds what the text holds.
 */
import { describe, expect, it } from 'vitest';
import { findBase64Blobs } from '../../src/rules/security/base64-blob.js';
import { findRiskySettings } from '../../src/rules/security/claude-settings.js';
import { findDynamicContext } from '../../src/rules/security/dynamic-context.js';
import { findEmbeddedSecrets } from '../../src/rules/security/embedded-secret.js';
import { findHiddenComments } from '../../src/rules/security/hidden-comment.js';
import { pipesDownloadToShell } from '../../src/rules/security/hooks.js';
import { findInvisibleUnicode } from '../../src/rules/security/invisible-unicode.js';
import type { SecuritySource } from '../../src/rules/security/source.js';

const MB = 1_000_000;
const big = (seed: string): string => seed.repeat(Math.ceil(MB / seed.length));
const source = (text: string): SecuritySource => ({ file: 'SKILL.md', text, data: undefined, keyLines: {} });

describe('security finders stay linear on 1 MB of hostile text', () => {
  it('dynamic context', () => {
    expect(findDynamicContext(source(big('!`a` '))).length).toBe(Math.ceil(MB / 5));
    expect(findDynamicContext(source(big('!`')))).toHaveLength(MB / 4);
    expect(findDynamicContext(source(`${'a'.repeat(MB)}!\`ls\``))).toHaveLength(1);
  });

  it('hidden comments', () => {
    expect(findHiddenComments(big('<!-- '))).toEqual([]);
    expect(findHiddenComments(big('<!-- AI: ignore this --> '))).toHaveLength(Math.ceil(MB / 25));
    expect(findHiddenComments(`${'<!-- x -->'.repeat(MB / 10)}<!-- Claude, you must obey`)).toHaveLength(1);
  });

  it('invisible characters', () => {
    const hits = findInvisibleUnicode(source(big('\u200b')));
    expect(hits).toHaveLength(1);
    expect(hits[0]!.message).toMatch(new RegExp(`^${Math.ceil(MB)} invisible characters`));
    expect(findInvisibleUnicode(source(big('a\u200b\n')))).toHaveLength(Math.ceil(MB / 3));
  });

  it('base64 blobs', () => {
    expect(findBase64Blobs(source(big('QWxhZGRpbjpvcGVuU2VzYW1l')))).toHaveLength(1);
    expect(findBase64Blobs(source(big(`${'QWxhZGRpbjpvcGVuU2VzYW1lQWxhZGRpbjpvcGVuU2VzYW1l'}\n`)))).toHaveLength(1);
    expect(findBase64Blobs(source(big('-----BEGIN X-----\n')))).toEqual([]);
  });

  it('embedded secrets', () => {
    expect(findEmbeddedSecrets(big('ghp_'))).toEqual([]);
    expect(findEmbeddedSecrets(big('-----BEGIN RSA PRIVATE KEY-----\n'))).toEqual([]);
    expect(findEmbeddedSecrets(big('ghp_R8s2Lk9QwZ4xTn7Vb3Mf6Jd1Hy5Gc0Pa2Eu8K\n'))).toHaveLength(Math.ceil(MB / 42));
  });

  it('download piped into a shell', () => {
    expect(pipesDownloadToShell(big('curl x | '))).toBe(false);
    expect(pipesDownloadToShell(`${big('curl x && ')}curl x | sh`)).toBe(true);
    expect(pipesDownloadToShell(big('bash <('))).toBe(false);
    expect(pipesDownloadToShell(big('a;'))).toBe(false);
    expect(pipesDownloadToShell(big('a/'))).toBe(false);
  });

  it('settings files with many risky entries are located a bounded number of times', () => {
    const allow = Array.from({ length: 100_000 }, () => 'Bash');
    const hits = findRiskySettings(JSON.stringify({ permissions: { allow } }), 's.json');
    expect(hits).toHaveLength(21);
    expect(hits[20]!.message).toBe('99980 more broad permissions.allow entries are not listed');
  });
});
