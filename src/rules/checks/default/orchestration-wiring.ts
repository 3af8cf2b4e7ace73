import { allSections } from '../../../parse/markdown.js';
import type { StaticCheck } from '../types.js';
import type { SkillDocument } from '../../../parse/skill.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { signals } from './signals.js';
import { appendSection } from '../improvements/body-edits.js';
import { skillLines } from '../improvements/edits.js';
import { fileLine } from '../../../parse/skill.js';
import type { Improvement } from '../types.js';

const OUTPUT_HEADING = /\b(?:output|outputs|returns?|result|results|report|deliverables?|response format)\b/i;
const INPUT_HEADING = /\b(?:inputs?|parameters|arguments|usage|prerequisites|requirements)\b/i;

export const orchestrationWiring: StaticCheck = {
  id: 'orchestration-wiring',
  subScore: 'orchestration_wiring',
  methodology: 'default',
  description:
    'Documents what the skill receives and returns (in prose or sections, never code), shows worked examples, ' +
    'and avoids supervisor language.',
  reads: ['body', 'files'],
  run(skill) {
    const s = signals(skill);
    const prose = s.proseLower;
    const headings = allSections(skill.markdown.root).map((sec) => sec.heading!.text);
    const b = new ScoreBuilder(0.7, 'base');
    const outputSection = headings.some((h) => OUTPUT_HEADING.test(h));
    b.add(
      0.1,
      'describes its output format',
      outputSection || /\boutput\b.*\bformat\b|\bformat\b.*\boutput\b|\breturns?\b.*\bjson\b/.test(prose),
    );
    b.add(0.05, 'says what it returns or produces', /\b(?:returns?|produces?|outputs?|generates?)\b/.test(prose));
    b.add(
      0.1,
      'documents its inputs',
      headings.some((h) => INPUT_HEADING.test(h)) ||
        /\b(?:input|inputs|receives?|accepts?|parameters?|arguments?|args?)\b/.test(prose),
    );
    b.add(0.05, 'has a code example', skill.markdown.codeBlocks.length >= 1);
    // Substring checks first: the regex runs only on the rare prose that could match.
    const mayBeSupervisor = ['orchestrat', 'coordinat', 'dispatch', 'workflow'].some((w) => prose.includes(w));
    const supervisor = mayBeSupervisor
      ? /\borchestrat\w*|\bcoordinat\w*|\bdispatch\w*|\bmanag(?:e|es|ing) (?:the )?workflow/.exec(prose)
      : null;
    b.add(
      -0.15,
      `supervisor language in prose ("${supervisor?.[0] ?? ''}"); keep orchestration in agents`,
      supervisor !== null,
    );
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  improve(skill, outcome) {
    const has = (reason: string) => outcome.evidence.some((e) => e.includes(reason));
    const out: Improvement[] = [];
    if (!has('describes its output format')) {
      const body =
        'Returns (what the skill produces) as (its format: a Markdown report, a JSON object, a file written to a path).';
      out.push({
        id: 'orchestration-wiring/output',
        action:
          'SKILL.md never says what the skill returns or in what format (no Output section): add one, so a ' +
          'caller knows what comes back.',
        example: `## Output\n\n${body}`,
        edits: [appendSection('Output', body)],
      });
    }
    if (!has('documents its inputs')) {
      const body = 'Receives (what the skill is given: the files, arguments or request it works on).';
      out.push({
        id: 'orchestration-wiring/input',
        action:
          'SKILL.md never says what the skill receives (no Input section, no mention of its inputs or ' +
          'arguments): add one.',
        example: `## Input\n\n${body}`,
        edits: [appendSection('Input', body)],
      });
    }
    const supervisor = supervisorLines(skill);
    if (supervisor.length > 0) {
      out.push({
        id: 'orchestration-wiring/supervisor-language',
        action:
          `Line(s) ${supervisor.map((l) => l.line).join(', ')} describe the skill as a supervisor ` +
          `("${supervisor[0]!.word}"): say what the skill itself does and returns, and leave coordinating other ` +
          `agents to an agent.`,
        example: `line ${supervisor[0]!.line}: ${supervisor[0]!.text}`,
        edits: supervisor.map((l) => ({
          op: 'replace-lines' as const,
          file: 'SKILL.md',
          start: l.line,
          end: l.line,
          text: l.text,
        })),
      });
    }
    return out;
  },
};

/** Plain verbs for the supervisor words the check penalises (the skill does the work; an agent coordinates). */
const PLAIN: Record<string, string> = {
  orchestrate: 'run',
  orchestrates: 'runs',
  orchestrated: 'ran',
  orchestrating: 'running',
  orchestration: 'sequence',
  orchestrator: 'runner',
  orchestrators: 'runners',
  coordinate: 'combine',
  coordinates: 'combines',
  coordinated: 'combined',
  coordinating: 'combining',
  coordination: 'combination',
  coordinator: 'combiner',
  dispatch: 'send',
  dispatches: 'sends',
  dispatched: 'sent',
  dispatching: 'sending',
  dispatcher: 'sender',
};
const SUPERVISOR = /\b(?:orchestrat\w*|coordinat\w*|dispatch\w*)|\bmanag(?:e|es|ing) (?:the )?workflow/gi;

function supervisorLines(skill: SkillDocument): { line: number; word: string; text: string }[] {
  const out: { line: number; word: string; text: string }[] = [];
  // The pattern matches ASCII letters only (case-insensitively), so a match needs one of these in the lowercased prose.
  const lower = signals(skill).proseLower;
  if (!['orchestrat', 'coordinat', 'dispatch', 'workflow'].some((w) => lower.includes(w))) return out;
  let lines: string[] | undefined;
  skill.markdown.proseLines.forEach((prose, i) => {
    const m = prose.match(SUPERVISOR);
    if (!m) return;
    const n = fileLine(skill, i + 1);
    lines ??= skillLines(skill.text);
    const text = (lines[n - 1] ?? '').replace(SUPERVISOR, (w) => {
      const plain = /^manag/i.test(w)
        ? w
            .replace(/^manag(e|es|ing)/i, (_x, e: string) =>
              e === 'ing' ? 'following' : e === 'es' ? 'follows' : 'follow',
            )
            .replace(/workflow$/i, 'steps')
        : (PLAIN[w.toLowerCase()] ?? 'run');
      return w[0] === w[0]!.toUpperCase() ? plain[0]!.toUpperCase() + plain.slice(1) : plain;
    });
    out.push({ line: n, word: m[0]!, text });
  });
  return out;
}
