import path from 'node:path';
import { applyEdits } from '../rules/checks/improvements/edits.js';
import type { SkillPart } from '../rules/checks/types.js';
import type { SkillEdit } from '../model/result.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import type { TreeEntry } from '../parse/fs.js';
import { analyseMarkdown, extendMarkdown, type MarkdownFacts } from '../parse/markdown.js';
import { markdownComponentFromText, type MarkdownComponent } from '../parse/plugin.js';
import type { SkillDocument } from '../parse/skill.js';
import { endsWithText, startsWithText } from '../util/text.js';

/**
 * The skill as it would be after `edits`, built in memory (no file is touched): SKILL.md re-parsed, written files
 * added to the file list with their sizes, deleted ones removed. Only the files the edits touch are read, and
 * only from the edits themselves; everything else is the original document's.
 */
export function editedSkill(skill: SkillDocument, edits: readonly SkillEdit[]): SkillDocument {
  const files = new Map<string, string | null>([['SKILL.md', skill.text]]);
  const changed = applyEdits(files, edits);
  const text = files.get('SKILL.md') ?? '';
  const written = new Map<string, string | null>();
  for (const rel of changed) if (rel !== 'SKILL.md') written.set(rel, files.get(rel) ?? null);
  const entries: TreeEntry[] = skill.files.filter((f) => !written.has(f.rel));
  const dirs = new Set(skill.dirs);
  for (const [rel, content] of written) {
    if (content === null) continue;
    entries.push({
      rel,
      abs: path.join(skill.dir, rel),
      size: Buffer.byteLength(content),
      binary: false,
      blank: content.trim() === '',
    });
    for (let d = path.posix.dirname(rel); d !== '.' && d !== ''; d = path.posix.dirname(d)) dirs.add(d);
  }
  // Edits that leave the frontmatter block as it was (most of them) reuse its parse: on a large frontmatter the
  // YAML parse costs more than everything else a simulation does.
  const head =
    skill.frontmatter.present && endsWithText(skill.text, skill.body)
      ? skill.text.slice(0, skill.text.length - skill.body.length)
      : undefined;
  const frontmatter =
    head !== undefined && startsWithText(text, head)
      ? { ...skill.frontmatter, body: text.slice(head.length) }
      : parseFrontmatter(text, skill.file);
  const data = frontmatter.data ?? {};
  let markdown: MarkdownFacts | undefined;
  // A frontmatter-only edit leaves the body as it was: its Markdown facts are reused, not rebuilt. An appended
  // section (most body edits) extends them: only the new text is scanned.
  const sameBody = frontmatter.body === skill.body;
  const buildMarkdown = (): MarkdownFacts =>
    sameBody
      ? skill.markdown
      : (extendMarkdown(skill.markdown, skill.body, frontmatter.body) ?? analyseMarkdown(frontmatter.body));
  return {
    ...skill,
    bytes: Buffer.byteLength(text),
    text,
    rawText: text,
    frontmatter,
    name: typeof data.name === 'string' ? data.name : undefined,
    description: typeof data.description === 'string' ? data.description : '',
    body: frontmatter.body,
    bodyStartLine: frontmatter.bodyStartLine,
    get markdown(): MarkdownFacts {
      return (markdown ??= buildMarkdown());
    },
    // Unchanged lists stay the same objects, so analyses memoised on them (signals) are reused.
    files: written.size === 0 ? skill.files : entries,
    dirs: written.size === 0 ? skill.dirs : [...dirs],
    hasReferencesDir: dirs.has('references'),
    hasAssetsDir: dirs.has('assets'),
    diagnostics: [],
  };
}

/**
 * An agent or command as it would be after `edits` (paths relative to its folder), re-parsed in memory exactly as
 * reading the edited file would parse it. Edits to other files are ignored: a component is one file.
 */
export function editedComponent(component: MarkdownComponent, edits: readonly SkillEdit[]): MarkdownComponent {
  const name = path.basename(component.abs);
  const files = new Map<string, string | null>([[name, component.text]]);
  applyEdits(files, edits);
  return markdownComponentFromText(files.get(name) ?? '', component);
}

/**
 * The parts of `skill` that `edited` (its editedSkill copy) leaves as they were: what a re-score may take from the
 * original's static run. Decided on the objects editedSkill keeps (a frontmatter reused as parsed, the same file
 * lists) and on the body text and its first line, so a part counts as unchanged only when it is.
 */
export function unchangedParts(skill: SkillDocument, edited: SkillDocument): Set<SkillPart> {
  const parts = new Set<SkillPart>();
  const a = skill.frontmatter;
  const b = edited.frontmatter;
  if (a.data === b.data && a.keyLines === b.keyLines && a.diagnostics === b.diagnostics && a.present === b.present)
    parts.add('frontmatter');
  if (edited.body === skill.body && edited.bodyStartLine === skill.bodyStartLine) parts.add('body');
  if (edited.files === skill.files && edited.dirs === skill.dirs) parts.add('files');
  return parts;
}
