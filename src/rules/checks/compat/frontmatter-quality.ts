import { ScoreBuilder } from '../shared/score-builder.js';
import type { StaticCheck } from '../types.js';
import { COMPAT_TRIGGER, compatView } from './view.js';

const USE_CASES =
  /,\s*(?:or\s+)?(?:when|for|during|implementing|building|creating|debugging|testing|deploying|configuring|setting up)/gi;

/** PluginEval's description "pushiness" score, capped at 0.95. */
export function compatPushiness(description: string): { score: number; evidence: string[] } {
  const useCases = description.match(USE_CASES)?.length ?? 0;
  const { score, evidence } = new ScoreBuilder()
    .add(0.25, 'trigger phrase', COMPAT_TRIGGER.test(description))
    .add(0.15, '"proactively"', /\bproactively\b/i.test(description))
    .add(0.1, 'activation keyword', /\bautomatically\b|\balways\s+use\b|\btrigger\b|\binvoke\b/i.test(description))
    .add(useCases >= 3 ? 0.2 : useCases >= 1 ? 0.1 : 0, `${useCases} listed use case(s)`)
    .add(
      0.15,
      'gerund context ("when doing...")',
      /\b(when\s+\w+ing|for\s+\w+ing|during\s+\w+ing)\b/i.test(description),
    )
    .add(0.1, 'description >= 40 characters', description.length >= 40)
    .done(0.95);
  return { score, evidence };
}

export const frontmatterQuality: StaticCheck = {
  id: 'compat/frontmatter-quality',
  subScore: 'frontmatter_quality',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: name bonus (inverted), description length, 0.6 x trigger-phrase pushiness.',
  run(skill) {
    const view = compatView(skill);
    const differs = view.name !== skill.dirName;
    const description = view.description.trim();
    const n = description.length;
    const push = compatPushiness(description);
    return new ScoreBuilder()
      .add(differs ? 0.15 : 0.1, `name ${differs ? 'differs from' : 'equals'} the folder name`)
      .add(n >= 100 ? 0.25 : n >= 60 ? 0.2 : n >= 30 ? 0.15 : n >= 10 ? 0.05 : 0, `description length ${n}`)
      .add(0.6 * push.score, `pushiness ${push.score.toFixed(2)} x 0.6 (${push.evidence.join(', ') || 'none'})`)
      .done();
  },
};
