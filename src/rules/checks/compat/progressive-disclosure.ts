import { topLevelFiles } from '../../../parse/skill.js';
import { ScoreBuilder } from '../shared/score-builder.js';
import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

/** PluginEval's line-count bands (also the default methodology's). */
export function compatLengthBand(lines: number): number {
  if (lines >= 200 && lines <= 600) return 0.6;
  if (lines >= 100 && lines < 200) return 0.5;
  if (lines > 600 && lines <= 800) return 0.4;
  if (lines < 100) return 0.2;
  return 0.15;
}

export const progressiveDisclosure: StaticCheck = {
  id: 'compat/progressive-disclosure',
  subScore: 'progressive_disclosure',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: line-count band plus bonuses for any file in references/ and assets/.',
  run(skill) {
    const { lineCount } = compatView(skill);
    return new ScoreBuilder(compatLengthBand(lineCount), `for ${lineCount} lines`)
      .add(lineCount > 400 ? 0.25 : 0.15, 'references/ has files', topLevelFiles(skill, 'references').length > 0)
      .add(0.15, 'assets/ has files', topLevelFiles(skill, 'assets').length > 0)
      .done();
  },
};
