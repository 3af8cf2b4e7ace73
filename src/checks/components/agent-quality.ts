import { analyseTriggers } from '../default/signals.js';
import { KEBAB_NAME } from '../../model/names.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import type { ComponentCheck } from './types.js';

/** Reads the whole agent: frontmatter and the system prompt in its body. */
export const agentQuality: ComponentCheck = {
  id: 'agent-quality',
  kind: 'agent',
  methodology: 'default',
  description: 'Agent name and description (with a non-negated trigger and examples), restricted tools, and a substantive system prompt with an output format.',
  run(agent) {
    const fm = agent.data;
    const b = new ScoreBuilder(0.3, 'base');
    const name = typeof fm.name === 'string' ? fm.name : undefined;
    if (name && KEBAB_NAME.test(name) && name === agent.stem) b.add(0.1, 'name matches the file name');
    else b.find({ ruleId: 'agent-quality/name', severity: 'error', message: `agent name ${name ? `"${name}"` : 'is missing and'} must be kebab-case and equal the file name "${agent.stem}"`, file: agent.file, line: agent.frontmatter.keyLines.name ?? 1 });
    const description = typeof fm.description === 'string' ? fm.description : '';
    b.add(description.length >= 40 ? 0.1 : description.length >= 20 ? 0.05 : 0, `description ${description.length} characters`);
    if (description.length === 0) b.find({ ruleId: 'agent-quality/description', severity: 'error', message: 'agent has no description', file: agent.file, line: 1 });
    b.add(0.15, 'says when to use it', analyseTriggers(description).positive.length > 0 || /\buse (?:this agent )?proactively\b/i.test(description));
    const bodyLower = agent.body.toLowerCase();
    b.add(0.1, 'gives triggering examples', /<example>/i.test(description) || /<example>/.test(agent.body) || agent.markdown.headings.some((h) => /example|when to invoke|when to use/i.test(h.text)));
    b.add(0.1, 'restricts its tools', fm.tools !== undefined);
    b.add(0.05, 'chooses a model', typeof fm.model === 'string' && fm.model !== '');
    const proseLines = agent.markdown.proseLines.filter((l) => l.trim() !== '').length;
    b.add(0.1, `system prompt of ${proseLines} lines`, proseLines >= 20);
    b.add(0.1, 'defines its output format', /\boutput\b.*\bformat\b|\breturn\b|\breport\b/.test(bodyLower));
    return b.done();
  },
};
