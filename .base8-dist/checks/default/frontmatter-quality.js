import { KEBAB_NAME } from '../../model/names.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import { analyseStuffing, analyseTriggers } from './signals.js';
import { descriptionImprovement, USE_CASES } from '../improvements/description.js';
export const frontmatterQuality = {
    id: 'frontmatter-quality',
    subScore: 'frontmatter_quality',
    methodology: 'default',
    description: 'Name matches the folder; description says what and when, with non-negated triggers and distinct use cases, without keyword stuffing.',
    run(skill) {
        const b = new ScoreBuilder();
        const line = (key) => skill.frontmatter.keyLines[key] ?? 1;
        const name = skill.name;
        if (name === undefined) {
            b.find({ ruleId: 'frontmatter-quality/name', severity: 'error', message: 'frontmatter has no `name`', line: 1 });
        }
        else if (name !== skill.dirName || !KEBAB_NAME.test(name)) {
            b.find({ ruleId: 'frontmatter-quality/name', severity: 'error', message: `name "${name}" must equal the folder name "${skill.dirName}" and be kebab-case`, line: line('name') });
        }
        else {
            b.add(0.1, 'name equals the folder name');
        }
        const description = skill.description.trim();
        const n = description.length;
        if (n > 1024) {
            b.add(0.05, `description is ${n} characters (limit 1024; agents may truncate it)`);
        }
        else {
            b.add(n >= 100 ? 0.25 : n >= 60 ? 0.2 : n >= 30 ? 0.15 : n >= 10 ? 0.05 : 0, `description length ${n}`);
        }
        const stuffing = analyseStuffing(description);
        if (stuffing.stuffed) {
            b.add(0, 'no trigger credit: keyword stuffing');
            b.evidence.push(`keyword stuffing (${stuffing.reasons.join('; ')}): no trigger credit`);
            return b.done();
        }
        const triggers = analyseTriggers(description);
        let push = 0;
        const parts = [];
        if (triggers.positive.length > 0) {
            push += 0.25;
            parts.push(`trigger "${triggers.positive[0]}"`);
        }
        if (triggers.negated.length > 0)
            parts.push(`${triggers.negated.length} negated trigger(s) ignored`);
        if (/\bproactively\b/i.test(description) && triggers.positive.length > 0) {
            push += 0.15;
            parts.push('"proactively"');
        }
        if (/\bautomatically\b|\balways\s+use\b|\btrigger\b|\binvoke\b/i.test(description) && triggers.positive.length > 0) {
            push += 0.1;
            parts.push('activation keyword');
        }
        const contexts = new Set([...description.matchAll(USE_CASES)].map((m) => m[1].trim().toLowerCase()));
        if (contexts.size >= 3)
            push += 0.2;
        else if (contexts.size >= 1)
            push += 0.1;
        if (contexts.size > 0)
            parts.push(`${contexts.size} distinct use case(s)`);
        if (/\b(when\s+\w+ing|for\s+\w+ing|during\s+\w+ing)\b/i.test(description)) {
            push += 0.15;
            parts.push('concrete activity ("when doing...")');
        }
        if (n >= 40)
            push += 0.1;
        push = Math.min(push, 0.95);
        b.add(0.6 * push, `trigger quality ${push.toFixed(2)} x 0.6 (${parts.join(', ') || 'no trigger phrase'})`);
        return b.done();
    },
    improve(skill) {
        const out = [];
        if (skill.name !== skill.dirName && KEBAB_NAME.test(skill.dirName)) {
            out.push({
                id: 'frontmatter-quality/name',
                action: `The frontmatter name is ${skill.name === undefined ? 'missing' : `"${skill.name}"`}; set it to the folder name "${skill.dirName}".`,
                example: `name: ${skill.dirName}`,
                edits: [{ op: 'set-frontmatter', key: 'name', value: skill.dirName }],
            });
        }
        const description = descriptionImprovement(skill, 'frontmatter-quality/description');
        if (description)
            out.push(description);
        return out;
    },
};
//# sourceMappingURL=frontmatter-quality.js.map