import { KEBAB_NAME } from '../../../model/names.js';
import { readableFrontmatter } from '../../define.js';
import {
  descriptionLengthMessage,
  nameMatchesDirectoryMessage,
  skillDescriptionLength,
  skillNameFormat,
  skillNameMatchesDirectory,
  skillNameRequired,
} from '../../validation/skill-frontmatter.js';
import type { StaticCheck } from '../types.js';
import { codePointLength } from '../../../util/text.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { analyseStuffing, analyseTriggers } from './signals.js';
import { ACTIVITY, descriptionImprovement, useCases } from '../improvements/description.js';
import { tipExample, tipText } from '../improvements/tip-text.js';
import { earn, gainWith } from '../shared/score-builder.js';
import type { Improvement } from '../types.js';

const NAME_MATCHES = 'name equals the folder name';
const NO_TRIGGER_CREDIT = 'no trigger credit: keyword stuffing';

export const frontmatterQuality: StaticCheck = {
  id: 'frontmatter-quality',
  subScore: 'frontmatter_quality',
  methodology: 'default',
  description:
    'Name matches the folder; description says what and when, with non-negated triggers and distinct use cases, ' +
    'without keyword stuffing.',
  run(skill) {
    const b = new ScoreBuilder();
    const line = (key: string) => skill.frontmatter.keyLines[key] ?? 1;
    const name = skill.name;
    // The problems are the validation rules' (same id, severity and message as `validate`); a frontmatter the parser
    // could not read has its own error and no second one here.
    const readable = readableFrontmatter(skill.frontmatter) !== undefined;
    const nameMatches = name !== undefined && name === skill.dirName && KEBAB_NAME.test(name);
    b.add(0.1, NAME_MATCHES, nameMatches);
    if (!nameMatches && readable && name === undefined && !('name' in skill.frontmatter.data!))
      b.report(skillNameRequired, 'frontmatter must have a `name`', { line: 1, column: 1 });
    else if (!nameMatches && readable && name !== undefined) {
      if (!KEBAB_NAME.test(name))
        b.report(
          skillNameFormat,
          `name "${name}" must be lowercase letters, digits and single hyphens, not starting or ending with a hyphen`,
          { line: line('name'), column: 1 },
        );
      if (name !== skill.dirName)
        b.report(skillNameMatchesDirectory, nameMatchesDirectoryMessage(name, skill.dirName), {
          line: line('name'),
          column: 1,
        });
    }

    const description = skill.description.trim();
    const n = codePointLength(description);
    if (n > 1024) {
      b.report(skillDescriptionLength, descriptionLengthMessage(n), { line: line('description'), column: 1 });
      b.add(0.05, `description is ${n} characters (limit 1024; agents may truncate it)`);
    } else {
      b.add(n >= 100 ? 0.25 : n >= 60 ? 0.2 : n >= 30 ? 0.15 : n >= 10 ? 0.05 : 0, `description length ${n}`);
    }

    const stuffing = analyseStuffing(description);
    if (stuffing.stuffed) {
      b.add(0, NO_TRIGGER_CREDIT);
      b.evidence.push(`keyword stuffing (${stuffing.reasons.join('; ')}): no trigger credit`);
      return b.done();
    }
    const triggers = analyseTriggers(description);
    if (triggers.positive.length === 0) {
      // The spec asks the description to say when to use the skill; without a non-negated trigger it does not, and
      // the words around a negated one ("do not use when parsing times") are no trigger quality.
      const negated = triggers.negated.length > 0 ? ` (${triggers.negated.length} negated trigger(s) ignored)` : '';
      b.add(0, NO_TRIGGER_CREDIT);
      b.evidence.push(`trigger quality 0: no trigger phrase says when to use the skill${negated}`);
      return b.done();
    }
    let push = 0;
    const parts: string[] = [];
    if (triggers.positive.length > 0) {
      push += 0.25;
      parts.push(`trigger "${triggers.positive[0]}"`);
    }
    if (triggers.negated.length > 0) parts.push(`${triggers.negated.length} negated trigger(s) ignored`);
    if (/\bproactively\b/i.test(description) && triggers.positive.length > 0) {
      push += 0.15;
      parts.push('"proactively"');
    }
    if (
      /\bautomatically\b|\balways\s+use\b|\btrigger\b|\binvoke\b/i.test(description) &&
      triggers.positive.length > 0
    ) {
      push += 0.1;
      parts.push('activation keyword');
    }
    const contexts = useCases(description);
    if (contexts.size >= 3) push += 0.2;
    else if (contexts.size >= 1) push += 0.1;
    if (contexts.size > 0) parts.push(`${contexts.size} distinct use case(s)`);
    if (ACTIVITY.test(description)) {
      push += 0.15;
      parts.push('concrete activity ("when doing...")');
    }
    if (n >= 40) push += 0.1;
    push = Math.min(push, 0.95);
    b.add(0.6 * push, `trigger quality ${push.toFixed(2)} x 0.6 (${parts.join(', ') || 'no trigger phrase'})`);
    return b.done();
  },
  /**
   * The name set to the folder; the description's gaps with a fixed example. The description's gain is this
   * formula's once the gaps are filled: a positive trigger, three situations after commas, one naming an activity,
   * 100 to 1024 characters; "proactively" and activation words count only as far as the author already wrote them.
   */
  improve(skill, outcome) {
    const out: Improvement[] = [];
    if (skill.name !== skill.dirName && KEBAB_NAME.test(skill.dirName)) {
      out.push({
        id: 'frontmatter-quality/name',
        action:
          skill.name === undefined
            ? tipText('nameMissing', skill.dirName)
            : tipText('nameDiffers', skill.name, skill.dirName),
        example: tipExample('name', skill.dirName),
        edits: [{ op: 'set-frontmatter' as const, key: 'name', value: skill.dirName }],
        gain: gainWith(outcome, earn(NAME_MATCHES)),
      });
    }
    const description = skill.description.trim();
    let push = 0.25 + 0.2 + 0.15 + 0.1;
    if (/\bproactively\b/i.test(description)) push += 0.15;
    if (/\bautomatically\b|\balways\s+use\b|\btrigger\b|\binvoke\b/i.test(description)) push += 0.1;
    const trigger = 0.6 * Math.min(push, 0.95);
    const gain = gainWith(outcome, (why) =>
      why.startsWith('description length') || why.startsWith('description is ')
        ? 0.25
        : why.startsWith('trigger quality') || why === NO_TRIGGER_CREDIT
          ? trigger
          : undefined,
    );
    const tip = descriptionImprovement(skill, 'frontmatter-quality/description', gain);
    if (tip) out.push(tip);
    return out;
  },
};
