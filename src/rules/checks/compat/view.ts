import { compatFrontmatter } from '../../../parse/frontmatter.js';
import { countMatches } from '../../../util/text.js';
import { DIRECTIVE } from '../shared/directives.js';
import type { SkillDocument } from '../../../parse/skill.js';

/**
 * The skill as PluginEval 0.1.x sees it: the raw text (BOM and line endings untouched), its naive frontmatter
 * split, and line-prefix headings. Memoised per document because every compat check reads it.
 */
export interface CompatView {
  content: string;
  lower: string;
  body: string;
  bodyLower: string;
  lines: string[];
  lineCount: number;
  frontmatter: Record<string, unknown>;
  /** Why PluginEval would silently see empty frontmatter, if it would. */
  problem: string | undefined;
  name: string;
  description: string;
  headingCount: number;
  fenceCount: number;
  languages: Set<string>;
  /** MUST/NEVER/ALWAYS over the whole file (OVER_CONSTRAINED and token efficiency both read it). */
  directives: number;
}

const cache = new WeakMap<SkillDocument, CompatView>();

function pythonStr(value: unknown): string {
  if (value === undefined || value === null) return value === null ? 'None' : '';
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return String(value);
}

export function compatView(skill: SkillDocument): CompatView {
  const hit = cache.get(skill);
  if (hit) return hit;
  const content = skill.rawText;
  // PluginEval's own frontmatter split, computed only when the compat methodology runs.
  const compat = compatFrontmatter(content);
  const body = compat.body;
  const fm = compat.data;
  const lines = content.split('\n');
  let headingCount = 0;
  for (const line of body.split('\n')) if (line.startsWith('## ') || line.startsWith('### ')) headingCount++;
  let fenceCount = 0;
  const languages = new Set<string>();
  for (const m of content.matchAll(/```(\w*)/g)) {
    fenceCount++;
    if (m[1]) languages.add(m[1]);
  }
  const view: CompatView = {
    content,
    lower: content.toLowerCase(),
    body,
    bodyLower: body.toLowerCase(),
    lines,
    lineCount: lines.length,
    frontmatter: fm,
    problem: compat.problem,
    name: 'name' in fm ? pythonStr(fm.name) : skill.dirName,
    description: 'description' in fm ? pythonStr(fm.description) : '',
    headingCount,
    fenceCount,
    languages,
    directives: countMatches(content, DIRECTIVE),
  };
  cache.set(skill, view);
  return view;
}

/** PluginEval's trigger-phrase regex (case-insensitive); it also accepts negations such as "Do not use when". */
export const COMPAT_TRIGGER =
  /\b(?:should\s+be\s+)?used?\s+(?:this\s+skill\s+)?(?:immediately\s+)?(?:when|after|before|whenever)\b|\buse\s+proactively\b|\btrigger(?:s)?\s+(?:when|on)\b|\bauto[-\s]?loads?\s+(?:when|on)\b/i;

/** Cross-references to other skills, as PluginEval finds them (URLs and prose included). */
export const COMPAT_CROSS_REF = /(?<![\w-])((?:skill|skills|sub-skills)\/[a-z0-9-]+(?:\/[a-z0-9-]+)*)/g;
