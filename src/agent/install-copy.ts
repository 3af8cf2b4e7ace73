/**
 * How a skill's or plugin's files get into a run project, under the parser's rule for links (src/parse/walk.ts
 * walkFiles): a link is kept only while it resolves inside the folder being installed, and it is kept as a link
 * (relative, to the same file or folder of the copy), so a linked folder's tree is never copied again and nothing
 * outside the folder (a key, /usr/lib) is ever read. Hooks declared in the frontmatter of skills, agents and
 * commands are taken out of the copy. Everything left out is said, one line each, for the run's report.
 */
import { readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { copyFile, symlink, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { isInside } from '../parse/fs.js';
import { yamlPackage } from '../parse/yaml-package.js';
import { makeDir } from '../util/make-dir.js';

export interface CopyOptions {
  /** How the folder is named in what is left out (e.g. `SKILL folder release-notes`). */
  label: string;
  /** Absolute source paths left out without a word (the eval suite measuring the skill). */
  exclude?: ReadonlySet<string>;
  /** Relative paths (`/`-separated) of Markdown files whose frontmatter may declare hooks. */
  hooksIn: (rel: string) => boolean;
  /** One line per thing left out. */
  leftOut: string[];
}

const FRONTMATTER = /^(\uFEFF?---[ \t]*\r?\n)([\s\S]*?\r?\n)?(---[ \t]*(?:\r?\n|$))/;

/**
 * The text without the `hooks` key of its frontmatter, and how many hook entries that key held; undefined when
 * the frontmatter declares no hooks. A frontmatter that cannot be parsed is cut down to nothing but a note, so
 * hooks hidden in YAML Claude Code might read differently never reach it.
 */
export function withoutFrontmatterHooks(text: string): { text: string; hooks: number } | undefined {
  const match = FRONTMATTER.exec(text);
  // Only a frontmatter that names hooks, escapes a key (`"\u0068ooks"`) or merges a mapping (`<<`) can declare them.
  if (match === null || !/hooks|\\|<</.test(match[2] ?? '')) return undefined;
  const yaml = yamlPackage();
  const doc = yaml.parseDocument(match[2] ?? '', { uniqueKeys: false });
  let hooks = 0;
  let body: string | undefined;
  if (doc.errors.length === 0 && yaml.isMap(doc.contents)) {
    // A merge key (`<<`) is dropped too: YAML readers that merge would find hooks in what it brings in.
    const kept = doc.contents.items.filter(
      (pair) => !(yaml.isScalar(pair.key) && (pair.key.value === 'hooks' || pair.key.value === '<<')),
    );
    for (const pair of doc.contents.items) {
      if (kept.includes(pair)) continue;
      const value: unknown = yaml.isNode(pair.value) ? pair.value.toJSON() : pair.value;
      hooks +=
        yaml.isScalar(pair.key) && pair.key.value === '<<'
          ? 1
          : value !== null && typeof value === 'object'
            ? Object.values(value).reduce<number>((n, entries) => n + (Array.isArray(entries) ? entries.length : 1), 0)
            : 1;
    }
    if (kept.length === doc.contents.items.length) return undefined;
    doc.contents.items = kept;
    body = doc.toString();
  } else if (/hooks|<</.test(match[2] ?? '')) {
    hooks = 1;
    body = '# frontmatter left out by plugin-eval: it declares hooks and could not be parsed\n';
  }
  if (body === undefined) return undefined;
  return { text: `${match[1]}${body}${match[3]}${text.slice(match[0].length)}`, hooks };
}

async function copyFileChecked(source: string, dest: string, rel: string, options: CopyOptions): Promise<void> {
  if (rel.endsWith('.md') && options.hooksIn(rel)) {
    const text = readFileSync(source, 'utf8');
    const stripped = withoutFrontmatterHooks(text);
    if (stripped !== undefined) {
      await writeFile(dest, stripped.text);
      options.leftOut.push(
        `${stripped.hooks} hook${stripped.hooks === 1 ? '' : 's'} in ${options.label}/${rel} frontmatter (not ` +
          `installed)`,
      );
      return;
    }
  }
  await copyFile(source, dest);
}

/**
 * Copy `sourceRoot` to `destRoot`: regular files and folders as they are; a link resolving inside `sourceRoot` as a
 * relative link to the same place in the copy; anything else (a link leaving the folder, a broken link, a FIFO,
 * socket or device) left out and said.
 */
export async function copyInstall(sourceRoot: string, destRoot: string, options: CopyOptions): Promise<void> {
  const realRoot = realpathSync.native(sourceRoot);
  const visit = async (dir: string, relDir: string): Promise<void> => {
    await makeDir(join(destRoot, relDir));
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      const source = join(dir, entry.name);
      if (options.exclude?.has(source)) continue;
      const rel = relDir === '' ? entry.name : `${relDir}/${entry.name}`;
      const dest = join(destRoot, rel);
      if (entry.isSymbolicLink()) {
        let target: string;
        try {
          target = realpathSync(source);
        } catch {
          options.leftOut.push(`link ${options.label}/${rel}: broken or a loop (not installed)`);
          continue;
        }
        if (!isInside(target, realRoot)) {
          options.leftOut.push(`link ${options.label}/${rel} -> outside the folder (not installed)`);
          continue;
        }
        const kind = statSync(target);
        if (!kind.isFile() && !kind.isDirectory()) {
          options.leftOut.push(`link ${options.label}/${rel}: not a regular file or folder (not installed)`);
          continue;
        }
        const inCopy = join(destRoot, relative(realRoot, target));
        await symlink(relative(dirname(dest), inCopy) || '.', dest);
      } else if (entry.isDirectory()) {
        await visit(source, rel);
      } else if (entry.isFile()) {
        await copyFileChecked(source, dest, rel, options);
      } else {
        options.leftOut.push(`${options.label}/${rel}: not a regular file or folder (not installed)`);
      }
    }
  };
  await visit(sourceRoot, '');
}
