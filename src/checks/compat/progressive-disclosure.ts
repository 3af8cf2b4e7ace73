import { topLevelFiles } from '../../parse/skill.js';
import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

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
    let score = compatLengthBand(lineCount);
    const evidence = [`${score.toFixed(2)} for ${lineCount} lines`];
    if (topLevelFiles(skill, 'references').length > 0) {
      const bonus = lineCount > 400 ? 0.25 : 0.15;
      score += bonus;
      evidence.push(`+${bonus.toFixed(2)} references/ has files`);
    }
    if (topLevelFiles(skill, 'assets').length > 0) {
      score += 0.15;
      evidence.push('+0.15 assets/ has files');
    }
    return { score: Math.min(1, score), evidence, findings: [] };
  },
};
