import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rulesMarkdown } from '../../src/rules/registry/doc.js';
import { RULES } from '../../src/rules/registry/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

describe('docs/rules.md', () => {
  const doc = readFileSync(path.resolve(here, '../../docs/rules.md'), 'utf8');

  it('is what the registry generates (run `npm run docs:rules` after changing a rule)', () => {
    expect(doc).toBe(rulesMarkdown());
  });

  it('lists every rule id with its anchor, severity and subject', () => {
    for (const r of RULES) {
      const anchor = r.meta.docs.split('#')[1]!;
      expect(doc).toContain(`| <a id="${anchor}"></a>\`${r.meta.id}\` | ${r.meta.appliesTo} | ${r.meta.severity} |`);
    }
  });
});
