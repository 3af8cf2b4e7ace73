import type { SkillEdit } from '../../../model/result.js';

/**
 * Apply improvement edits to the text files of a skill folder (or of an agent's or command's folder), held as a map of
 * relative path -> text (null: deleted). Pure: the scorer runs it on a copy in memory to measure a tip's gain, and a
 * user (or a test) can run it on disk.
 *
 * Line numbers in `replace-lines` refer to the files as given (CRLF read as LF), so all line edits of a file are
 * applied together (overlapping ones after the first are skipped); frontmatter edits and appends follow. Returns the
 * paths whose text changed.
 */
export function applyEdits(files: Map<string, string | null>, edits: readonly SkillEdit[]): Set<string> {
  const changed = new Set<string>();
  const read = (file: string) => {
    const text = files.get(file);
    // The test first: most texts have no CR, and the replace would copy them anyway.
    return text === undefined || text === null ? undefined : text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  };
  const lineEdits = edits.filter((e): e is Extract<SkillEdit, { op: 'replace-lines' }> => e.op === 'replace-lines');
  for (const file of new Set(lineEdits.map((e) => e.file))) {
    const text = read(file);
    if (text === undefined) continue;
    const lines = text.split('\n');
    // One pass over the file (an improvement may carry thousands of line edits): copy up to each edit, then its text.
    const out: string[] = [];
    let next = 1;
    for (const e of lineEdits.filter((x) => x.file === file).sort((a, b) => a.start - b.start)) {
      if (e.start < next || e.start > lines.length) continue; // overlapping or past the end: skipped
      for (; next < e.start; next++) out.push(lines[next - 1]!);
      if (e.text !== null) out.push(...e.text.split('\n'));
      next = Math.min(e.end, lines.length) + 1;
    }
    for (; next <= lines.length; next++) out.push(lines[next - 1]!);
    files.set(file, out.join('\n'));
    changed.add(file);
  }
  for (const e of edits) {
    switch (e.op) {
      case 'replace-lines':
        break;
      case 'set-frontmatter': {
        const file = e.file ?? 'SKILL.md';
        files.set(file, setFrontmatterKey(read(file) ?? '', e.key, e.value));
        changed.add(file);
        break;
      }
      case 'append': {
        const text = read(e.file) ?? '';
        const sep = text === '' || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
        files.set(e.file, `${text}${sep}${e.text.endsWith('\n') ? e.text : `${e.text}\n`}`);
        changed.add(e.file);
        break;
      }
      case 'write-file':
        files.set(e.file, e.text);
        changed.add(e.file);
        break;
      case 'delete-file':
        files.set(e.file, null);
        changed.add(e.file);
        break;
    }
  }
  return changed;
}

/** A YAML scalar for any string: JSON's double-quoted form is valid YAML. */
function yamlString(value: string): string {
  return JSON.stringify(value);
}

/**
 * Set one top-level key of the frontmatter, replacing its value and any continuation lines (indented or block
 * scalar lines); add the key before the closing fence when absent, or add a frontmatter block when there is none.
 */
export function setFrontmatterKey(text: string, key: string, value: string): string {
  const lines = text.split('\n');
  const entry = `${key}: ${yamlString(value)}`;
  if (lines[0]?.trimEnd() !== '---') return `---\n${entry}\n---\n${text}`;
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]!.trimEnd();
    if (l === '---' || l === '...') {
      close = i;
      break;
    }
  }
  if (close === -1) return `---\n${entry}\n---\n${text}`;
  const keyLine = new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`);
  const at = lines.findIndex((l, i) => i > 0 && i < close && keyLine.test(l));
  if (at === -1) {
    lines.splice(close, 0, entry);
    return lines.join('\n');
  }
  let end = at + 1;
  while (end < close && (/^\s/.test(lines[end]!) || lines[end]!.trim() === '')) end++;
  lines.splice(at, end - at, entry);
  return lines.join('\n');
}

/** The SKILL.md lines (1-based, frontmatter included) as they are, for building line edits. */
export function skillLines(text: string): string[] {
  return (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).split('\n');
}
