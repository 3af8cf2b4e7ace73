/**
 * Changing a skill's description and nothing else: the description optimiser installs each candidate as a copy of
 * the skill folder whose SKILL.md differs only in that value, and `--apply` writes the winner into the real SKILL.md.
 *
 * Only the lines of the `description:` value are replaced (a plain, quoted or block scalar with its continuation
 * lines), so every other byte of the file stays as it was: other keys, comments, key order, line endings, the BOM and
 * the body. The new value is written as a YAML double-quoted scalar (a JSON string is one), which no description
 * text can break. The result is re-parsed with the project's frontmatter parser and refused unless the description
 * reads back exactly and every other key is unchanged.
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InputError } from '../../errors.js';
import { parseFrontmatter } from '../../parse/frontmatter.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { codePointLength } from '../../util/text.js';

/** Claude Code and the Agent Skills spec cap a description at 1,024 characters. */
export const MAX_DESCRIPTION_CHARS = 1024;

/** What is wrong with a description as a skill's frontmatter value, or undefined when nothing is. */
export function descriptionProblem(description: string): string | undefined {
  if (description.trim() === '') return 'it is empty';
  const length = codePointLength(description);
  if (length > MAX_DESCRIPTION_CHARS) return `it is ${length} characters; the limit is ${MAX_DESCRIPTION_CHARS}`;
  // skill-creator's validator refuses angle brackets in a description.
  if (/[<>]/.test(description)) return "it contains < or >, which skill-creator's validator refuses";
  return undefined;
}

const isIndented = (line: string): boolean => /^[ \t]/.test(line);

/**
 * `text` (a whole SKILL.md) with the frontmatter description set to `description`; throws when it cannot be done
 * safely.
 */
export function replaceDescription(text: string, description: string, file: string): string {
  const bom = text.startsWith('\uFEFF') ? '\uFEFF' : '';
  const body = text.slice(bom.length);
  const lines = body.split('\n');
  if (lines[0]?.replace(/\r$/, '') !== '---')
    throw new InputError(`${file}: no frontmatter to put the description in`, file);
  const close = lines.findIndex((line, i) => i > 0 && /^(---|\.\.\.)\s*$/.test(line.replace(/\r$/, '')));
  if (close === -1) throw new InputError(`${file}: the frontmatter is not closed (no second ---)`, file);
  const eol = lines[0].endsWith('\r') ? '\r' : '';
  const replacement = `description: ${JSON.stringify(description)}${eol}`;
  const start = lines.findIndex((line, i) => i > 0 && i < close && /^description\s*:/.test(line));
  let next: string[];
  if (start === -1) {
    next = [...lines.slice(0, close), replacement, ...lines.slice(close)];
  } else {
    // The value's continuation lines are indented; blank lines belong to it only when more indented text follows.
    let end = start + 1;
    for (let i = start + 1; i < close; i++) {
      const bare = lines[i]!.replace(/\r$/, '');
      if (bare.trim() === '') continue;
      if (!isIndented(bare)) break;
      end = i + 1;
    }
    next = [...lines.slice(0, start), replacement, ...lines.slice(end)];
  }
  const result = bom + next.join('\n');
  verifyOnlyDescriptionChanged(text, result, description, file);
  return result;
}

function verifyOnlyDescriptionChanged(before: string, after: string, description: string, file: string): void {
  const strip = (t: string): string => t.replace(/^\uFEFF/, '');
  const old = parseFrontmatter(strip(before), file);
  const now = parseFrontmatter(strip(after), file);
  const others = (data: Record<string, unknown> | undefined): string =>
    JSON.stringify(Object.entries(data ?? {}).filter(([key]) => key !== 'description'));
  const ok =
    now.data !== undefined &&
    now.data.description === description &&
    others(old.data) === others(now.data) &&
    old.body === now.body;
  // A mismatch is a bug of the line rewrite, never the user's: refuse rather than write a changed skill.
  if (!ok)
    throw new Error(
      `internal: refusing to write ${file}: the rewritten frontmatter does not read back with only the ` +
        `description changed`,
    );
}

/** Write `description` into the skill's SKILL.md, atomically; every other byte of the file is kept. */
export async function applyDescription(skillFile: string, text: string, description: string): Promise<void> {
  const problem = descriptionProblem(description);
  if (problem !== undefined) throw new InputError(`${skillFile}: not writing the description: ${problem}`, skillFile);
  await writeFileAtomic(skillFile, replaceDescription(text, description, skillFile));
}

/**
 * A copy of the skill folder whose SKILL.md has `description` (undefined: an unchanged copy), in a temp folder, named
 * like the skill so the agent lists it by the same name. `dispose` removes it.
 */
export async function candidateCopy(
  skill: { dir: string; dirName: string; fileName: string; text: string },
  description: string | undefined,
): Promise<{ dir: string; dispose: () => Promise<void> }> {
  const root = await mkdtemp(path.join(tmpdir(), 'plugin-eval-candidate-'));
  const dir = path.join(root, skill.dirName);
  try {
    await cp(skill.dir, dir, { recursive: true, dereference: true });
    if (description !== undefined)
      await writeFileAtomic(
        path.join(dir, skill.fileName),
        replaceDescription(skill.text, description, path.join(skill.dir, skill.fileName)),
      );
  } catch (error) {
    await rm(root, { recursive: true, force: true });
    throw error;
  }
  return { dir, dispose: () => rm(root, { recursive: true, force: true }) };
}
