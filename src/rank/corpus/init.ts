/**
 * `plugin-eval init SOURCE`: build or refresh the corpus index incrementally. New skills are added at the starting
 * rating, skills whose files changed are re-indexed, unchanged ones are left exactly as they were (rating too), and
 * indexed skills that are gone are kept, marked missing (docs/elo.md "The index").
 */
import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { CancelledError, InputError } from '../../errors.js';
import { discoverTargets } from '../../parse/discover.js';
import { checkJsonText } from '../../parse/json.js';
import { findSkillFile, type SiblingListings } from '../../parse/skill.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { makeDir } from '../../util/make-dir.js';
import { corpusIndexPath } from './paths.js';
import {
  CORPUS_INDEX_VERSION,
  CorpusIndex,
  INITIAL_RATING,
  type CorpusEntry,
  type InitCorpusReport,
} from './schema.js';
import { CategoryResolver, skillFacts } from './skill-facts.js';

/**
 * Read `<corpus-dir>/index.json`; undefined when there is none yet. A file that is not valid JSON or not a corpus
 * index is an InputError naming it (exit 2): it is never replaced silently, since it holds ratings.
 */
export async function readCorpusIndex(corpusDir: string): Promise<CorpusIndex | undefined> {
  const file = corpusIndexPath(corpusDir);
  let text: string;
  try {
    text = await fsp.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    // Say the problem in words: a bare errno code (ENOTDIR) does not tell a user that --corpus-dir names a file.
    const why =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'ENOTDIR'
          ? 'the corpus folder, or a folder above it, is a file: give --corpus-dir a folder'
          : code === 'EISDIR'
            ? 'it is a folder, not a file: move it away'
            : (code ?? String(err));
    throw new InputError(`${file}: cannot read the corpus index (${why})`, file, err);
  }
  // file:line, as every other JSON file plugin-eval reads is reported: a hand-edited index of hundreds of entries is
  // fixed at a line, not at a character offset or a zod path alone.
  // A leading BOM (an index saved by an editor that adds one) is skipped by parseJsonText.
  const checked = checkJsonText(text, CorpusIndex);
  if (checked.ok) return checked.value;
  if (checked.kind === 'syntax') {
    // A file cut short has no position from V8: the problem is at its end.
    const line = checked.line > 0 ? checked.line : text.split('\n').length;
    throw new InputError(
      `${file}:${line}: the corpus index is not valid JSON (${checked.reason}); fix it or move it away to ` +
        `rebuild the index (ratings in it would be lost)`,
      file,
    );
  }
  const where = checked.path.length > 0 ? ` at ${checked.path.join('.')}` : '';
  throw new InputError(
    `${file}${checked.line > 0 ? `:${checked.line}` : ''}: not a corpus index ` +
      `(version ${CORPUS_INDEX_VERSION})${where}: ${checked.reason}; fix it or move it away to rebuild the index`,
    file,
  );
}

export async function writeCorpusIndex(corpusDir: string, index: CorpusIndex): Promise<string> {
  const file = corpusIndexPath(corpusDir);
  try {
    // Not fs.mkdir's recursive mode: for a folder under a pseudo file system (/proc/x) Node 20 retries it for ever.
    await makeDir(path.dirname(file));
  } catch (err) {
    throw new InputError(
      `${path.dirname(file)}: cannot create the corpus folder (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
      file,
      err,
    );
  }
  // Validate what is written, so a bug here can never leave an index the next run refuses to read.
  await writeFileAtomic(file, `${JSON.stringify(CorpusIndex.parse(index), null, 2)}\n`);
  return file;
}

export interface InitCorpusOptions {
  corpusDir: string;
  /** Clock for `indexedAt` / `missingSince` (tests pin it). */
  now?: () => Date;
  /** Ctrl-C: checked before each skill; a cancelled run writes no index (the old one stays whole). */
  signal?: AbortSignal;
}

/** Every skill folder SOURCE reaches: skill targets as they are, plugin targets through their skills/ folder. */
async function skillFolders(
  source: string,
): Promise<{ folders: { dir: string; givenPath: string }[]; problems: { path: string; reason: string }[] }> {
  const { targets, diagnostics } = await discoverTargets([source]);
  // What discovery could not reach (a marketplace entry whose source folder is missing, a folder it may not read) is
  // left out of the corpus: said like an unreadable SKILL.md, not dropped without a word.
  const problems = diagnostics
    .filter((d) => d.severity === 'error')
    .map((d) => ({ path: d.line ? `${d.file}:${d.line}` : d.file, reason: d.message }));
  const out: { dir: string; givenPath: string }[] = [];
  for (const target of targets) {
    if (target.kind === 'skill') {
      out.push({ dir: path.resolve(target.dir), givenPath: target.displayPath });
      continue;
    }
    let names: string[] = [];
    try {
      names = (await fsp.readdir(path.join(target.dir, 'skills'), { withFileTypes: true }))
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();
    } catch {
      // A plugin without skills/ (agents or commands only) has nothing to index.
    }
    for (const name of names) {
      const dir = path.join(target.dir, 'skills', name);
      if (await findSkillFile(dir))
        out.push({ dir: path.resolve(dir), givenPath: `${target.displayPath}/skills/${name}` });
    }
  }
  return { folders: out, problems };
}

const isInside = (child: string, root: string): boolean =>
  child === root || child.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/**
 * Index the skills under `source` into `<corpusDir>/index.json`, incrementally. An entry not reached this time is
 * marked missing only when it lies under SOURCE or its folder no longer holds a SKILL.md: a skill indexed from
 * another SOURCE is left alone. A changed skill starts again at the initial rating (its rating was earned by other
 * content). The index is written atomically, and only after every skill was read.
 */
export async function initCorpus(source: string, options: InitCorpusOptions): Promise<InitCorpusReport> {
  const now = (options.now ?? (() => new Date()))().toISOString();
  const corpusDir = path.resolve(options.corpusDir);
  const sourceAbs = path.resolve(source);
  try {
    await fsp.stat(sourceAbs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new InputError(
      `${source}: ${code === 'ENOENT' ? 'no such file or directory' : code === 'EACCES' ? 'permission denied' : `cannot access (${code ?? String(err)})`}; ` +
        `init needs a folder of skills, plugins or a marketplace`,
      source,
    );
  }
  // Read the index first: a corrupt one stops the run before any work.
  const previous = await readCorpusIndex(corpusDir);
  const { folders, problems } = await skillFolders(source);

  const byPath = new Map<string, CorpusEntry>((previous?.entries ?? []).map((e) => [e.path, e]));
  const categories = new CategoryResolver();
  const report: InitCorpusReport = {
    corpusDir,
    indexFile: corpusIndexPath(corpusDir),
    source,
    added: 0,
    updated: 0,
    unchanged: 0,
    removed: 0,
    total: 0,
    missing: 0,
    skipped: [...problems],
    changes: { added: [], updated: [], removed: [] },
  };
  const reached = new Set<string>();
  const listings: SiblingListings = new Map();
  for (const { dir, givenPath } of folders) {
    // A turn of the event loop lets Ctrl-C (a macrotask) be seen between skills (parsing is synchronous I/O).
    if (options.signal) {
      await new Promise((resolve) => setImmediate(resolve));
      if (options.signal.aborted) throw new CancelledError();
    }
    if (reached.has(dir)) continue;
    const facts = await skillFacts(dir, categories, listings);
    if ('error' in facts) {
      report.skipped.push({ path: givenPath, reason: facts.error });
      continue;
    }
    reached.add(dir);
    const old = byPath.get(dir);
    const fresh: CorpusEntry = {
      name: facts.name,
      path: dir,
      givenPath,
      category: facts.category,
      categorySource: facts.categorySource,
      lineCount: facts.lineCount,
      contentHash: facts.contentHash,
      rating: INITIAL_RATING,
      matches: 0,
      indexedAt: now,
    };
    if (old === undefined) {
      byPath.set(dir, fresh);
      report.added++;
      report.changes.added.push(givenPath);
    } else if (old.contentHash !== facts.contentHash) {
      byPath.set(dir, fresh);
      report.updated++;
      report.changes.updated.push(givenPath);
    } else if (
      old.missing ||
      old.category !== facts.category ||
      old.categorySource !== facts.categorySource ||
      old.name !== facts.name
    ) {
      // Same content back again (or a marketplace now names its category): the rating still describes it.
      const { missing: _missing, missingSince: _since, ...kept } = old;
      byPath.set(dir, {
        ...kept,
        givenPath,
        name: facts.name,
        category: facts.category,
        categorySource: facts.categorySource,
      });
      report.updated++;
      report.changes.updated.push(givenPath);
    } else {
      report.unchanged++;
    }
  }

  for (const [key, entry] of byPath) {
    if (reached.has(key) || entry.missing) continue;
    const gone = isInside(key, sourceAbs) || (await findSkillFile(key)) === undefined;
    if (!gone) continue;
    byPath.set(key, { ...entry, missing: true, missingSince: now });
    report.removed++;
    report.changes.removed.push(entry.givenPath);
  }

  const entries = [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  report.total = entries.length;
  report.missing = entries.filter((e) => e.missing).length;
  await writeCorpusIndex(corpusDir, { version: CORPUS_INDEX_VERSION, updatedAt: now, entries });
  return report;
}
