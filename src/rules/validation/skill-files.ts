/**
 * SKILL.md's links and file references, and the files under references/. One pass over the skill finds every
 * problem (the orphan rule needs the set of linked files the link rules build), memoised per document; each rule
 * reports its own id from it.
 */
import path from 'node:path';
import type { Diagnostic } from '../../model/diagnostic.js';
import { fileLine, pathIndex, type SkillDocument } from '../../parse/skill.js';
import type { TreeEntry } from '../../parse/walk.js';
import { readListedText } from '../../parse/references.js';
import { stringSearcher } from '../../util/multi-search.js';
import { normaliseRelative } from '../../util/paths.js';
import { defineRule, report } from '../define.js';
import type { RuleFix, RuleMeta, SkillFacts, SkillRule } from '../types.js';

const memo = new WeakMap<SkillDocument, Diagnostic[]>();

/** `../<skill>/SKILL.md`, `../<skill>/` and `../agents/...`: a cross-reference to a sibling skill or a plugin agent. */
const CROSS_REFERENCE = /^\.\.\/(?:[a-z0-9-]+\/SKILL\.md|[a-z0-9-]+\/?$|(?:\.\.\/)?agents\/)/;

/**
 * Where a relative link that leaves the skill folder lands: `outside` the folder the user named (never followed or
 * looked up), `missing` inside it, or `found`/`unlisted` (inside it, but not among the listed sibling folders and
 * agents, which are all that is known without reading more). Resolved from the parse's listings alone: no file is
 * opened or stat'ed, so no symlink is followed.
 */
function outwardLink(skill: SkillDocument, url: string): 'outside' | 'missing' | 'found' | 'unlisted' {
  const { targetRoot, skillsDir, siblings, pluginRoot, agents } = skill.context;
  const pathPart = url.split('#')[0]!.split('?')[0]!;
  let decoded = pathPart;
  try {
    decoded = decodeURIComponent(pathPart);
  } catch {
    // A malformed escape stays as written.
  }
  const abs = path.resolve(skill.dir, decoded);
  const inside = (root: string) => abs === root || abs.startsWith(root + path.sep);
  if (!inside(targetRoot)) return 'outside';
  if (inside(skillsDir) && abs !== skillsDir) {
    const rel = path.relative(skillsDir, abs).split(path.sep).join('/');
    // The listing goes four levels down: deeper paths are not known.
    if (rel.split('/').length > 4) return 'unlisted';
    return siblings.has(rel) ? 'found' : 'missing';
  }
  if (pluginRoot !== undefined && path.dirname(abs) === path.join(pluginRoot, 'agents') && abs.endsWith('.md'))
    return agents.includes(path.basename(abs, '.md')) ? 'found' : 'missing';
  return 'unlisted';
}

/**
 * The files under references/, scripts/ and assets/ an agent reaches: linked from SKILL.md, or named (by file name)
 * in SKILL.md or in the text of a reference or script already reached, transitively. Each reached text is read and
 * searched once, for every name in one pass, so the cost is linear in the skill's size.
 */
function reachedFiles(skill: SkillDocument, linked: ReadonlySet<string>): Set<string> {
  const candidates = skill.files.filter((f) => /^(?:references|scripts|assets)\//.test(f.rel));
  const byName = new Map<string, TreeEntry[]>();
  for (const f of candidates) {
    const name = path.posix.basename(f.rel);
    byName.set(name, [...(byName.get(name) ?? []), f]);
  }
  const search = stringSearcher(byName.keys());
  const reached = new Set<string>();
  const queue: TreeEntry[] = [];
  const reach = (f: TreeEntry) => {
    if (reached.has(f.rel)) return;
    reached.add(f.rel);
    queue.push(f);
  };
  const mentionsIn = (text: string) => {
    for (const name of search(text)) for (const f of byName.get(name)!) reach(f);
  };
  for (const f of candidates) if (linked.has(f.rel)) reach(f);
  mentionsIn(skill.text);
  for (let head = 0; head < queue.length; head++) {
    const f = queue[head]!;
    if (!/^(?:references|scripts)\//.test(f.rel)) continue;
    const text = readListedText(f);
    if (text !== undefined) mentionsIn(text);
  }
  return reached;
}

/** Every file problem of the skill, each reported with the meta of its rule (the table below). */
function filesPass(skill: SkillDocument): Diagnostic[] {
  const cached = memo.get(skill);
  if (cached) return cached;
  const out: Diagnostic[] = [];
  const { files: present, dirsWithFiles } = pathIndex(skill);
  const isDir = (rel: string) => dirsWithFiles.has(rel);
  const linked = new Set<string>();
  for (const link of skill.markdown.links) {
    const url = link.path;
    if (url === undefined) continue;
    const line = fileLine(skill, link.line);
    if (url.startsWith('/')) {
      out.push(
        report(
          linksAbsolutePath.meta,
          skill.file,
          `link to absolute path ${url} will not exist on other machines`,
          line,
          link.column,
        ),
      );
      continue;
    }
    const target = normaliseRelative(url);
    if (target.startsWith('..')) {
      const outward = outwardLink(skill, url);
      if (outward === 'missing')
        out.push(report(linksBroken.meta, skill.file, `link target ${url} does not exist`, line, link.column));
      // Links to sibling skills or plugin agents are cross-references; anything else escaping is a problem.
      else if (outward === 'outside' && !CROSS_REFERENCE.test(url)) {
        out.push(
          report(
            linksEscapesSkill.meta,
            skill.file,
            `link ${url} points outside the skill folder and the folder being checked, so it is not followed or ` +
              'checked; it will break when the skill is installed on its own',
            line,
            link.column,
          ),
        );
      }
      continue;
    }
    linked.add(target);
    if (!present.has(target) && !isDir(target))
      out.push(report(linksBroken.meta, skill.file, `link target ${url} does not exist`, line, link.column));
  }
  for (const code of skill.markdown.inlineCode) {
    const m = /^(?:\.\/)?((?:references|assets|scripts)\/[\w./-]+)$/.exec(code.value);
    if (!m) continue;
    const target = normaliseRelative(m[1]!);
    linked.add(target);
    if (!present.has(target) && !isDir(target) && !/[*{}<>]|\/$/.test(m[1]!)) {
      out.push(
        report(
          filesMissing.meta,
          skill.file,
          `mentions ${m[1]} but the file does not exist`,
          fileLine(skill, code.line),
          1,
        ),
      );
    }
  }
  const reached = reachedFiles(skill, linked);
  for (const f of skill.files) {
    if (!/^(?:scripts|assets)\//.test(f.rel) || reached.has(f.rel)) continue;
    out.push(
      report(
        filesOrphanFile.meta,
        path.posix.join(skill.displayPath, f.rel),
        'not linked or mentioned from SKILL.md or a reference or script it reaches, so the agent will never use it',
      ),
    );
  }
  for (const f of skill.files) {
    if (!f.rel.startsWith('references/')) continue;
    const file = path.posix.join(skill.displayPath, f.rel);
    if (f.size === 0 || f.blank) out.push(report(referencesEmptyFile.meta, file, 'empty reference file'));
    else if (f.binary)
      out.push(report(referencesBinaryFile.meta, file, 'binary file in references/ (agents read references as text)'));
    if (!reached.has(f.rel)) {
      out.push(
        report(
          referencesOrphanFile.meta,
          file,
          'not linked or mentioned from SKILL.md or a reference it reaches, so the agent will never load it',
        ),
      );
    }
    if (f.rel.split('/').length > 3)
      out.push(report(referencesNesting.meta, file, 'reference files should be one level deep below references/'));
  }
  // The Markdown scan counted the body's lines (it has already run for the links above).
  const bodyLines = skill.markdown.lineCount;
  if (bodyLines > 500)
    out.push(
      report(
        skillBodyLength.meta,
        skill.file,
        `body is ${bodyLines} lines; the Agent Skills guidance is under 500 (move detail to references/)`,
        skill.bodyStartLine,
        1,
      ),
    );
  if (skill.frontmatter.present && /\r/.test(skill.text))
    out.push(report(fileCrlf.meta, skill.file, 'CRLF line endings (accepted)', 1, 1));
  memo.set(skill, out);
  return out;
}

function filesRule(meta: Omit<RuleMeta, 'kind' | 'methodology' | 'docs' | 'appliesTo'>, fix?: RuleFix): SkillRule {
  return defineRule<SkillRule>(
    { ...meta, appliesTo: 'skill' },
    ({ skill }: SkillFacts) => filesPass(skill).filter((d) => d.ruleId === meta.id),
    fix,
  );
}

export const linksAbsolutePath = filesRule({
  id: 'links/absolute-path',
  severity: 'warning',
  description: 'Links do not point at absolute paths (they will not exist on other machines).',
});
export const linksEscapesSkill = filesRule({
  id: 'links/escapes-skill',
  severity: 'warning',
  description:
    'Relative links stay inside the skill folder (sibling skills and plugin agents excepted). One that leaves the ' +
    'folder the user named (the plugin, for a plugin skill) is never followed or looked up.',
});
export const linksBroken = filesRule({
  id: 'links/broken',
  severity: 'error',
  description:
    'Relative link targets exist, inside the skill and, for a link leaving it, inside the folder the user named ' +
    '(a sibling skill of the plugin or folder of skills, a plugin agent), checked against its listing.',
});
export const filesMissing = filesRule({
  id: 'files/missing',
  severity: 'warning',
  description: 'references/, assets/ and scripts/ files that SKILL.md names in code spans exist.',
});
export const referencesEmptyFile = filesRule({
  id: 'references/empty-file',
  severity: 'warning',
  description: 'Files under references/ are not empty.',
});
export const referencesBinaryFile = filesRule({
  id: 'references/binary-file',
  severity: 'warning',
  description: 'Files under references/ are text (agents read them as text).',
});
export const referencesOrphanFile = filesRule({
  id: 'references/orphan-file',
  severity: 'warning',
  description: 'Every file under references/ is linked or mentioned from SKILL.md or from a reference it reaches.',
});
export const filesOrphanFile = filesRule({
  id: 'files/orphan-file',
  severity: 'warning',
  description:
    'Every file under scripts/ and assets/ is linked or named from SKILL.md, or from a reference or script it reaches.',
});
export const referencesNesting = filesRule({
  id: 'references/nesting',
  severity: 'info',
  description: 'Reference files are one level deep below references/ (Agent Skills guidance).',
});
export const skillBodyLength = filesRule({
  id: 'skill/body-length',
  severity: 'warning',
  description: 'The SKILL.md body is under 500 lines (Agent Skills guidance).',
});
export const fileCrlf = filesRule(
  {
    id: 'file/crlf',
    severity: 'info',
    description: 'SKILL.md uses LF line endings (CRLF is accepted).',
  },
  {
    // The whole file: the rule reports its line endings once, and every reader takes CR LF and CR as LF already.
    does: 'writes every line ending as LF',
    apply: (text) => (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text),
  },
);

export const SKILL_FILE_RULES: readonly SkillRule[] = [
  linksAbsolutePath,
  linksEscapesSkill,
  linksBroken,
  filesMissing,
  referencesEmptyFile,
  referencesBinaryFile,
  referencesOrphanFile,
  filesOrphanFile,
  referencesNesting,
  skillBodyLength,
  fileCrlf,
];
