/**
 * The rule ids a diagnostic can carry today, so a config file or an inline comment naming anything else is caught.
 *
 * Today's registries (`REGISTRY`, `COMPONENT_CHECKS`, `VALIDATION_RULES`) name their checks but not the ids their
 * diagnostics carry (`skill/frontmatter` emits `skill/name-format` and fourteen more), so the ids are listed here
 * by the part that emits them. `test/lint/known-rule-ids.test.ts` keeps the list exact: it fails when a source file
 * emits an id missing here, when an id here is emitted nowhere, and when validating or scoring the shared corpus
 * produces an unlisted id. No imports: the validator and the scorer use this module, so it must not import them.
 * When the rules move to one registry with one id per rule, `knownRuleIds()` reads that registry instead.
 */
export const EMITTED_RULE_IDS: Readonly<Record<string, readonly string[]>> = {
  'parse (files, frontmatter, JSON)': [
    'file/unreadable', 'file/symlink-escapes', 'file/symlink-loop', 'file/broken-symlink', 'file/special', 'file/too-many',
    'file/invalid-utf8', 'file/bom', 'file/binary', 'file/crlf', 'file/too-large',
    'frontmatter/yaml-syntax', 'frontmatter/empty', 'frontmatter/unclosed', 'frontmatter/too-large', 'frontmatter/not-a-mapping', 'frontmatter/missing',
    'json/syntax', 'skill/missing-skill-md', 'skill/lowercase-file-name',
  ],
  'discovery and marketplaces': [
    'input/merged', 'input/ignored', 'marketplace/schema', 'marketplace/remote-source', 'marketplace/missing-source', 'marketplace/duplicate-plugin', 'marketplace/empty-source',
  ],
  'plugin files': [
    'plugin/manifest-schema', 'plugin/manifest-unknown-key', 'plugin/manifest-missing', 'plugin/name-matches-directory', 'plugin/empty',
    'hooks/schema', 'hooks/unknown-event', 'hooks/missing-script', 'mcp/schema',
    'agent/name-required', 'agent/name-matches-file', 'agent/description-required', 'agent/tools-type', 'agent/model', 'command/description',
  ],
  'skill frontmatter': [
    'skill/name-required', 'skill/name-type', 'skill/name-length', 'skill/name-format', 'skill/name-matches-directory',
    'skill/description-required', 'skill/description-type', 'skill/description-empty', 'skill/description-length', 'skill/description-angle-brackets',
    'skill/unknown-key', 'skill/compatibility', 'skill/metadata', 'skill/allowed-tools', 'skill/license',
  ],
  'skill files and links': [
    'skill/injection-attempt',
    'links/absolute-path', 'links/escapes-skill', 'links/broken', 'files/missing',
    'references/empty-file', 'references/binary-file', 'references/orphan-file', 'references/nesting', 'skill/body-length',
  ],
  'static checks': ['frontmatter-quality/name', 'agent-quality/name', 'agent-quality/description', 'command-quality/description', 'command-quality/argument-hint', 'compat/frontmatter'],
  'inline configuration': ['inline-config/unknown-rule'],
};

let cache: ReadonlySet<string> | undefined;

/** Every rule id plugin-eval knows: what a diagnostic's `ruleId` can be, and what `rules` in the config may name. */
export function knownRuleIds(): ReadonlySet<string> {
  if (cache) return cache;
  cache = new Set<string>(Object.values(EMITTED_RULE_IDS).flat());
  return cache;
}

/** The known id closest to `id` (a typo's likely intent), when one is close enough to suggest. */
export function closestRuleId(id: string): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(id.length / 4)) + 1;
  for (const known of knownRuleIds()) {
    const d = editDistance(id, known, bestDistance);
    if (d < bestDistance) {
      best = known;
      bestDistance = d;
    }
  }
  return best;
}

/** Levenshtein distance, giving up (returning `limit`) once it cannot be below `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) >= limit) return limit;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const v = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      row.push(v);
      rowMin = Math.min(rowMin, v);
    }
    if (rowMin >= limit) return limit;
    prev = row;
  }
  return Math.min(prev[b.length]!, limit);
}
