import path from 'node:path';
import type { MarkdownFacts } from '../../../parse/markdown.js';
import type { SkillDocument } from '../../../parse/skill.js';
import { fileLine, pathIndex } from '../../../parse/skill.js';
import { normaliseRelative } from '../../../util/paths.js';

export interface CrossReference {
  /** What the text said. */
  text: string;
  kind: 'skill' | 'agent';
  target: string;
  resolved: boolean;
  /** SKILL.md line. */
  line: number;
}

const memo = new WeakMap<SkillDocument, CrossReference[]>();

// `skills/<name>` or `../<name>/SKILL.md` style paths in prose (not URLs: the lookbehind rejects `/` and `.`).
const SKILL_PATH = /(?<![\w\-/.:])(?:\.\.\/|skills\/)([a-z0-9][a-z0-9-]*)(?:\/SKILL\.md)?(?![\w-])/g;
const AGENT_PATH = /(?<![\w\-/.:])(?:\.\.\/)*agents\/([a-z0-9][a-z0-9-]*)\.md\b/g;

/** Component folders and other plural nouns that follow `skills/` in prose lists ("all skills/commands/agents"). */
const LIST_WORDS = new Set([
  'skills',
  'commands',
  'agents',
  'subagents',
  'hooks',
  'plugins',
  'tools',
  'prompts',
  'rules',
  'workflows',
  'servers',
  'mcps',
  'docs',
  'templates',
  'scripts',
  'references',
  'assets',
  'examples',
  'tasks',
  'files',
  'folders',
  'settings',
  'styles',
  'modes',
]);

/**
 * Whether a `skills/...` token in prose is a slash list of words rather than a path: its second part is a
 * plural like commands or agents ("skills/commands/agents"), or it has three or more parts that are all
 * plain words, none with a file extension, digits or hyphens ("skills/plugins/marketplaces" style lists).
 */
export function isProseSlashList(token: string): boolean {
  const parts = token
    .replace(/[.,;:!?)]+$/, '')
    .split('/')
    .filter((p) => p !== '');
  if (parts[0] !== 'skills' || parts.length < 2) return false;
  if (LIST_WORDS.has(parts[1]!)) return true;
  return parts.length >= 3 && parts.every((p) => /^[a-z]+$/i.test(p));
}

/** A `skills/<name>` or `agents/<name>.md` path in one prose line, before it is resolved. */
interface PathMention {
  text: string;
  kind: 'skill' | 'agent';
  target: string;
}

const NONE: readonly PathMention[] = [];
const mentionsByFacts = new WeakMap<MarkdownFacts, (readonly PathMention[])[]>();

/** The path mentions of one prose line: they depend on its text alone. */
function lineMentions(line: string): readonly PathMention[] {
  // Each path pattern holds one of these literals, and removing URLs and code only cuts text out (with a space in
  // its place), so a line without any of them has no mention: most lines with a slash are skipped here.
  if (!line.includes('/')) return NONE;
  if (!(line.includes('skills/') || line.includes('../') || line.includes('agents/'))) return NONE;
  // Inline code holds placeholders (`skills/skill-name`) more often than references; it is handled below.
  const withoutUrls = line.replace(/\bhttps?:\/\/\S+/g, ' ').replace(/(`+)[^`]*?\1/g, ' ');
  const out: PathMention[] = [];
  for (const m of withoutUrls.matchAll(SKILL_PATH)) {
    // The whole slash-joined token decides: "skills/commands/agents" is prose, "skills/pdf/SKILL.md" a path.
    const token = /^[\w./-]*/.exec(withoutUrls.slice(m.index))![0];
    if (!isProseSlashList(token)) out.push({ text: m[0], kind: 'skill', target: m[1]! });
  }
  for (const m of withoutUrls.matchAll(AGENT_PATH)) out.push({ text: m[0], kind: 'agent', target: m[1]! });
  return out.length === 0 ? NONE : out;
}

/** Path mentions of every prose line (by body line index). */
function pathMentions(md: MarkdownFacts): (readonly PathMention[])[] {
  const hit = mentionsByFacts.get(md);
  if (hit) return hit;
  const out: (readonly PathMention[])[] = [];
  for (let i = 0; i < md.proseLines.length; i++) out.push(lineMentions(md.proseLines[i]!));
  mentionsByFacts.set(md, out);
  return out;
}

/**
 * Cross-references to sibling skills and plugin agents, resolved for real: relative links, `skills/<name>`
 * and `agents/<name>.md` paths in prose, and backticked names of siblings and agents. URLs and code are ignored.
 */
export function crossReferences(skill: SkillDocument): CrossReference[] {
  const hit = memo.get(skill);
  if (hit) return hit;
  const refs: CrossReference[] = [];
  const seen = new Set<string>();
  const siblingSkill = (name: string) => name !== skill.dirName && skill.context.siblings.has(`${name}/SKILL.md`);
  // An agent path resolves inside the skill folder (skill-creator ships its own agents/) or in the plugin's agents/.
  const files = pathIndex(skill).files;
  const agents = new Set(skill.context.agents);
  const agentExists = (name: string) => files.has(`agents/${name}.md`) || agents.has(name);
  const push = (ref: CrossReference) => {
    const key = `${ref.kind}:${ref.target}`;
    if (seen.has(key)) return;
    seen.add(key);
    refs.push(ref);
  };
  // Relative links that leave the skill folder.
  for (const link of skill.markdown.links) {
    const url = link.path;
    if (url === undefined || !url.startsWith('../')) continue;
    const target = normaliseRelative(path.posix.join(skill.dirName, url));
    const agent = /^\.\.\/(?:\.\.\/)?agents\/([^/]+)\.md$/.exec(url);
    if (agent) {
      push({
        text: url,
        kind: 'agent',
        target: agent[1]!,
        resolved: agentExists(agent[1]!),
        line: fileLine(skill, link.line),
      });
      continue;
    }
    // A link that climbs above the skills folder (a plugin README, templates) is not about a sibling skill.
    if (target.startsWith('..')) continue;
    const name = target.split('/')[0] ?? '';
    push({
      text: url,
      kind: 'skill',
      target: name,
      resolved: skill.context.siblings.has(target) || siblingSkill(name),
      line: fileLine(skill, link.line),
    });
  }
  pathMentions(skill.markdown).forEach((mentions, i) => {
    for (const m of mentions) {
      const resolved = m.kind === 'skill' ? siblingSkill(m.target) : agentExists(m.target);
      push({ text: m.text, kind: m.kind, target: m.target, resolved, line: fileLine(skill, i + 1) });
    }
  });
  // Backticked names or paths of real siblings and agents count as (resolved) references; anything else in
  // backticks is just code or a placeholder, never a dead reference.
  for (const code of skill.markdown.inlineCode) {
    const agentPath = /^(?:\.\.\/)*agents\/([a-z0-9-]+)\.md$/.exec(code.value);
    if (agentPath && agentExists(agentPath[1]!)) {
      push({
        text: code.value,
        kind: 'agent',
        target: agentPath[1]!,
        resolved: true,
        line: fileLine(skill, code.line),
      });
      continue;
    }
    const name = code.value.replace(/^[@/]/, '').replace(/^(?:\.\.\/|skills\/)([a-z0-9-]+)(?:\/SKILL\.md)?$/, '$1');
    if (siblingSkill(name))
      push({ text: code.value, kind: 'skill', target: name, resolved: true, line: fileLine(skill, code.line) });
    else if (agents.has(name))
      push({ text: code.value, kind: 'agent', target: name, resolved: true, line: fileLine(skill, code.line) });
  }
  memo.set(skill, refs);
  return refs;
}
