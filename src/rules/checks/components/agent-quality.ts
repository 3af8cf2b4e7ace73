import path from 'node:path';
import { analyseTriggers } from '../default/signals.js';
import { KEBAB_NAME } from '../../../model/names.js';
import type { MarkdownComponent } from '../../../parse/plugin.js';
import { readableFrontmatter } from '../../define.js';
import {
  agentDescriptionRequired,
  agentDescriptionRequiredMessage,
  agentNameFormat,
  agentNameFormatMessage,
  agentNameMatchesFile,
  agentNameMatchesFileMessage,
  agentNameRequired,
  agentNameRequiredMessage,
} from '../../validation/agent.js';
import { toolsNamedIn } from '../improvements/component-edits.js';
import { tipExample, tipText } from '../improvements/tip-text.js';
import type { CheckOutcome, Improvement } from '../types.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import type { ComponentCheck } from './types.js';

/** What the agent check reads, shared by `run` (the score) and `improve` (the tips), so they never disagree. */
export function agentFacts(agent: MarkdownComponent) {
  const fm = agent.data;
  const name = typeof fm.name === 'string' ? fm.name : undefined;
  const description = typeof fm.description === 'string' ? fm.description : '';
  return {
    name,
    nameMatches: name !== undefined && KEBAB_NAME.test(name) && name === agent.stem,
    description,
    // "Use this agent when ..." is the agent form of "Use when ..."; negation is judged the same way.
    saysWhen:
      analyseTriggers(description.replace(/\bthis agent\b/gi, 'this skill')).positive.length > 0 ||
      /\buse (?:this agent )?proactively\b/i.test(description),
    hasExamples:
      /<example>/i.test(description) ||
      /<example>/.test(agent.body) ||
      agent.markdown.headings.some((h) => /example|when to invoke|when to use/i.test(h.text)),
    restrictsTools: fm.tools !== undefined,
    choosesModel: typeof fm.model === 'string' && fm.model !== '',
    proseLines: agent.markdown.proseTexts.length,
    definesOutput: /\boutput\b.*\bformat\b|\breturn\b|\breport\b/.test(agent.body.toLowerCase()),
  };
}

type AgentFacts = ReturnType<typeof agentFacts>;

/** The agent score's terms, from its facts alone: what `run` scores and what a tip's changed facts would score. */
function agentTerms(f: AgentFacts): ScoreBuilder {
  return new ScoreBuilder(0.3, 'base')
    .add(0.1, 'name matches the file name', f.nameMatches)
    .add(
      f.description.length >= 40 ? 0.1 : f.description.length >= 20 ? 0.05 : 0,
      `description ${f.description.length} characters`,
    )
    .add(0.15, 'says when to use it', f.saysWhen)
    .add(0.1, 'gives triggering examples', f.hasExamples)
    .add(0.1, 'restricts its tools', f.restrictsTools)
    .add(0.05, 'chooses a model', f.choosesModel)
    .add(0.1, `system prompt of ${f.proseLines} lines`, f.proseLines >= 20)
    .add(0.1, 'defines its output format', f.definesOutput);
}

/** The rise in the agent's score once its facts change as `change` says. */
function gainOf(f: AgentFacts, outcome: CheckOutcome, change: Partial<AgentFacts>): number {
  return Math.max(0, agentTerms({ ...f, ...change }).done().score - outcome.score);
}

/** Prose lines a fixed section adds to the prompt (its heading and its line of text). */
const SECTION_LINES = 2;

/** Reads the whole agent: frontmatter and the system prompt in its body. */
export const agentQuality: ComponentCheck = {
  id: 'agent-quality',
  kind: 'agent',
  methodology: 'default',
  description:
    'Agent name and description (with a non-negated trigger and examples), restricted tools, and a substantive ' +
    'system prompt with an output format.',
  run(agent) {
    const f = agentFacts(agent);
    const b = agentTerms(f);
    // The problems are the validation rules' (same id, severity and message as `validate`), and only when the
    // parser could read the frontmatter (otherwise its own error says why).
    const readable = readableFrontmatter(agent.frontmatter) !== undefined;
    const at = (key: string) => ({ file: agent.file, line: agent.frontmatter.keyLines[key] ?? 1, column: 1 });
    if (!f.nameMatches && readable && (f.name === undefined || f.name === ''))
      b.report(agentNameRequired, agentNameRequiredMessage, at('name'));
    else if (!f.nameMatches && readable && f.name !== undefined) {
      if (!KEBAB_NAME.test(f.name)) b.report(agentNameFormat, agentNameFormatMessage(f.name), at('name'));
      if (f.name !== agent.stem)
        b.report(agentNameMatchesFile, agentNameMatchesFileMessage(f.name, agent.stem), at('name'));
    }
    if (readable && f.description.trim() === '')
      b.report(agentDescriptionRequired, agentDescriptionRequiredMessage, at('description'));
    return b.done();
  },
  /**
   * Only what the facts show missing: the name set to the file name, the description's gaps, a "When to use"
   * section, the tools its prompt names, `model: inherit`, an output format, each of fixed text with the agent's
   * own name. Never prompt padding. Each gain is this formula's terms the change earns.
   */
  improve(agent, outcome) {
    const f = agentFacts(agent);
    const file = path.basename(agent.abs);
    const name = agent.stem;
    const out: Improvement[] = [];
    if (!f.nameMatches && KEBAB_NAME.test(name)) {
      out.push({
        id: 'agent-quality/name',
        action: f.name === undefined ? tipText('agentNameMissing', name) : tipText('agentNameDiffers', f.name, name),
        example: tipExample('name', name),
        edits: [{ op: 'set-frontmatter', file, key: 'name', value: name }],
        gain: gainOf(f, outcome, { nameMatches: true }),
      });
    }
    if (f.description.length < 40 || !f.saysWhen) {
      const gaps = [
        ...(f.description.length < 40 ? [tipText('agentGapLength', f.description.length)] : []),
        ...(f.saysWhen ? [] : [tipText('agentGapWhen')]),
      ];
      out.push({
        id: 'agent-quality/description',
        action:
          f.description.trim() === ''
            ? tipText('agentDescriptionMissing')
            : `${tipText('agentDescriptionQuoted', f.description)} ${gaps.join('; ')}. ${tipText('agentDescriptionFix')}`,
        example: tipExample('agentDescription', name),
        // Written as the tip says: 40 characters or more, with "Use this agent when".
        gain: gainOf(f, outcome, { description: f.description.padEnd(40), saysWhen: true }),
      });
    }
    if (!f.hasExamples) {
      const example = tipExample('agentWhen', name);
      out.push({
        id: 'agent-quality/examples',
        action: tipText('agentExamples'),
        example,
        edits: [{ op: 'append', file, text: example }],
        gain: gainOf(f, outcome, { hasExamples: true, proseLines: f.proseLines + SECTION_LINES }),
      });
    }
    if (!f.restrictsTools) {
      const named = toolsNamedIn(agent);
      const tools = (named.length > 0 ? named : ['Read', 'Grep', 'Glob']).join(', ');
      out.push({
        id: 'agent-quality/tools',
        action: named.length > 0 ? tipText('agentToolsNamed', named) : tipText('agentToolsNone'),
        example: tipExample('agentTools', name, tools),
        edits: [{ op: 'set-frontmatter', file, key: 'tools', value: tools }],
        gain: gainOf(f, outcome, { restrictsTools: true }),
      });
    }
    if (!f.choosesModel) {
      out.push({
        id: 'agent-quality/model',
        action: tipText('agentModel'),
        example: tipExample('agentModel', name),
        edits: [{ op: 'set-frontmatter', file, key: 'model', value: 'inherit' }],
        gain: gainOf(f, outcome, { choosesModel: true }),
      });
    }
    if (!f.definesOutput) {
      const example = tipExample('agentOutput', name);
      out.push({
        id: 'agent-quality/output',
        action: tipText('agentOutput'),
        example,
        edits: [{ op: 'append', file, text: example }],
        gain: gainOf(f, outcome, { definesOutput: true, proseLines: f.proseLines + SECTION_LINES }),
      });
    }
    return out;
  },
};
