/**
 * The corpus index (`<corpus-dir>/index.json`): the skills Elo matchups draw their references from. One entry per
 * skill folder, keyed by its absolute path; the content hash says whether the files changed since they were indexed.
 */
import { z } from 'zod';

export const CORPUS_INDEX_VERSION = 1;
/** The starting rating in PluginEval's methodology (the corpus median by convention). */
export const INITIAL_RATING = 1500;

/** Where an entry's category came from (docs/elo.md "Categories"). */
export const CategorySource = z.enum(['marketplace', 'plugin', 'folder', 'none']);
export type CategorySource = z.infer<typeof CategorySource>;

export const CorpusEntry = z
  .strictObject({
    /**
     * Frontmatter `name`, else the folder name. Not unique (several plugins have an `access` skill): `path` is the key.
     */
    name: z.string().min(1),
    /** Absolute path of the skill folder. */
    path: z.string().min(1),
    /** The folder as it was reached from the SOURCE the user gave (for display). */
    givenPath: z.string().min(1),
    category: z.string().min(1),
    categorySource: CategorySource,
    /** Lines of SKILL.md (the file the matchups show the judge). */
    lineCount: z.number().int().nonnegative(),
    /** SHA-256 over every file of the skill folder (relative path and bytes): any edit changes it. */
    contentHash: z.string().regex(/^[0-9a-f]{64}$/),
    rating: z.number().finite(),
    /** Matchups that produced `rating` (0: the starting rating, never measured). */
    matches: z.number().int().nonnegative(),
    /** When this content was indexed (ISO 8601); unchanged by a re-run that finds the same hash. */
    indexedAt: z.string().datetime(),
    /** The folder no longer holds a skill: kept (with its rating) but never picked as a reference. */
    missing: z.boolean().optional(),
    missingSince: z.string().datetime().optional(),
  })
  .meta({ id: 'CorpusEntry' });
export type CorpusEntry = z.infer<typeof CorpusEntry>;

export const CorpusIndex = z
  .strictObject({
    version: z.literal(CORPUS_INDEX_VERSION),
    updatedAt: z.string().datetime(),
    entries: z.array(CorpusEntry),
  })
  .superRefine((index, ctx) => {
    const seen = new Set<string>();
    index.entries.forEach((e, i) => {
      if (seen.has(e.path))
        ctx.addIssue({ code: 'custom', path: ['entries', i, 'path'], message: `${e.path} is indexed twice` });
      seen.add(e.path);
    });
  })
  .meta({ id: 'CorpusIndex', title: '<corpus-dir>/index.json' });
export type CorpusIndex = z.infer<typeof CorpusIndex>;

/** What `plugin-eval init` reports (`--output json`). */
export const InitCorpusReport = z
  .strictObject({
    corpusDir: z.string(),
    indexFile: z.string(),
    source: z.string(),
    added: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    /** Indexed skills newly marked missing by this run. */
    removed: z.number().int(),
    /** Entries in the index after the run, missing ones included. */
    total: z.number().int(),
    /** Entries marked missing after the run (this run's and earlier ones). */
    missing: z.number().int(),
    /** Skills found but not indexable (an unreadable SKILL.md), with the reason. */
    skipped: z.array(z.object({ path: z.string(), reason: z.string() })),
    /** Paths (as reached from SOURCE) of the entries added, updated and removed. */
    changes: z.object({ added: z.array(z.string()), updated: z.array(z.string()), removed: z.array(z.string()) }),
  })
  .meta({ id: 'InitCorpusReport', title: 'plugin-eval init --output json' });
export type InitCorpusReport = z.infer<typeof InitCorpusReport>;
