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
import { agentDescription, firstProseSentence, toolsNamedIn } from '../improvements/component-edits.js';
import type { Improvement } from '../types.js';
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
    proseLines: agent.markdown.proseLines.filter((l) => l.trim() !== '').length,
    definesOutput: /\boutput\b.*\bformat\b|\breturn\b|\breport\b/.test(agent.body.toLowerCase()),
  };
}

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
    const b = new ScoreBuilder(0.3, 'base');
    // The problems are the validation rules' (same id, severity and message as `validate`), and only when the
    // parser could read the frontmatter (otherwise its own error says why).
    const readable = readableFrontmatter(agent.frontmatter) !== undefined;
    const at = (key: string) => ({ file: agent.file, line: agent.frontmatter.keyLines[key] ?? 1, column: 1 });
    if (f.nameMatches) b.add(0.1, 'name matches the file name');
    else if (readable && (f.name === undefined || f.name === ''))
      b.report(agentNameRequired, agentNameRequiredMessage, at('name'));
    else if (readable && f.name !== undefined) {
      if (!KEBAB_NAME.test(f.name)) b.report(agentNameFormat, agentNameFormatMessage(f.name), at('name'));
      if (f.name !== agent.stem)
        b.report(agentNameMatchesFile, agentNameMatchesFileMessage(f.name, agent.stem), at('name'));
    }
    b.add(
      f.description.length >= 40 ? 0.1 : f.description.length >= 20 ? 0.05 : 0,
      `description ${f.description.length} characters`,
    );
    if (readable && f.description.trim() === '')
      b.report(agentDescriptionRequired, agentDescriptionRequiredMessage, at('description'));
    b.add(0.15, 'says when to use it', f.saysWhen);
    b.add(0.1, 'gives triggering examples', f.hasExamples);
    b.add(0.1, 'restricts its tools', f.restrictsTools);
    b.add(0.05, 'chooses a model', f.choosesModel);
    b.add(0.1, `system prompt of ${f.proseLines} lines`, f.proseLines >= 20);
    b.add(0.1, 'defines its output format', f.definesOutput);
    return b.done();
  },
  /**
   * Only what the facts show missing: the name set to the file name, a description that says what and when, a
   * "When to use" section, the tools its prompt names, `model: inherit`, an output format. Never prompt padding.
   */
  improve(agent) {
    const f = agentFacts(agent);
    const file = path.basename(agent.abs);
    const out: Improvement[] = [];
    if (!f.nameMatches && KEBAB_NAME.test(agent.stem)) {
      out.push({
        id: 'agent-quality/name',
        action:
          `Set the agent's name to its file name "${agent.stem}" (it ` +
          `is ${f.name === undefined ? 'missing' : `"${f.name}"`}); Claude Code finds the agent by that name.`,
        example: `name: ${agent.stem}`,
        edits: [{ op: 'set-frontmatter', file, key: 'name', value: agent.stem }],
      });
    }
    if (f.description.length < 40 || !f.saysWhen) {
      const rewritten = agentDescription(f.description, firstProseSentence(agent), agent.stem, f.saysWhen);
      if (rewritten && rewritten !== f.description) {
        const gaps = [
          ...(f.description.length < 40
            ? [
                f.description.length === 0
                  ? 'it has none'
                  : `it is ${f.description.length} characters (40 or more score best)`,
              ]
            : []),
          ...(f.saysWhen ? [] : ['it does not say when to use the agent']),
        ];
        out.push({
          id: 'agent-quality/description',
          action:
            `Rewrite the agent's description: ${gaps.join('; ')}. Say what it does, then "Use for ..." or "Use ` +
            `when ...": the router picks agents by this text.`,
          example: `description: ${JSON.stringify(rewritten)}`,
          edits: [{ op: 'set-frontmatter', file, key: 'description', value: rewritten }],
        });
      }
    }
    if (!f.hasExamples) {
      const when =
        f.description.trim() !== ''
          ? f.description.trim()
          : `Tasks that need the ${agent.stem.replace(/[-_]+/g, ' ')}.`;
      const section = `## When to use\n\n- ${when.replace(/\s+/g, ' ')}`;
      out.push({
        id: 'agent-quality/examples',
        action:
          'Add a "When to use" section (or <example> blocks) with the requests that should reach this agent; it ' +
          'has neither.',
        example: section,
        edits: [{ op: 'append', file, text: section }],
      });
    }
    if (!f.restrictsTools) {
      const named = toolsNamedIn(agent);
      const tools = named.length > 0 ? named : ['Read', 'Grep', 'Glob'];
      out.push({
        id: 'agent-quality/tools',
        action:
          named.length > 0
            ? `List the agent's tools: without \`tools\` it gets every tool; its prompt uses ${named.join(', ')}.`
            : "List the agent's tools: without `tools` it gets every tool. Its prompt names none, so a read-only " +
              'set is shown; add what it really needs.',
        example: `tools: ${tools.join(', ')}`,
        edits: [{ op: 'set-frontmatter', file, key: 'tools', value: tools.join(', ') }],
      });
    }
    if (!f.choosesModel) {
      out.push({
        id: 'agent-quality/model',
        action:
          "Choose the agent's model (`inherit` uses the conversation's model; `haiku` or `sonnet` when the task " +
          'is simpler or cheaper).',
        example: 'model: inherit',
        edits: [{ op: 'set-frontmatter', file, key: 'model', value: 'inherit' }],
      });
    }
    if (!f.definesOutput) {
      const section =
        '## Output format\n\nReturn a short summary of the result first, then the details the caller needs to act on.';
      out.push({
        id: 'agent-quality/output',
        action:
          'Say what the agent returns: its prompt defines no output format, so the caller cannot rely on the ' +
          'shape of its answer.',
        example: section,
        edits: [{ op: 'append', file, text: section }],
      });
    }
    return out;
  },
};
