import type { StaticCheck } from '../types.js';
import { compatView } from './view.js';

export const structuralCompleteness: StaticCheck = {
  id: 'compat/structural-completeness',
  subScore: 'structural_completeness',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: heading, fence-line and language counts, example/troubleshooting sections, tables, decision words.',
  run(skill) {
    const view = compatView(skill);
    let score = 0;
    const evidence: string[] = [];
    const add = (points: number, why: string) => {
      if (points <= 0) return;
      score += points;
      evidence.push(`+${points.toFixed(2)} ${why}`);
    };
    const h = view.headingCount;
    add(h >= 6 ? 0.2 : h >= 4 ? 0.15 : h >= 2 ? 0.1 : 0, `${h} H2/H3 headings`);
    const f = view.fenceCount;
    add(f >= 5 ? 0.2 : f >= 3 ? 0.15 : f >= 1 ? 0.1 : 0, `${f} fence lines`);
    const l = view.languages.size;
    add(l >= 3 ? 0.15 : l >= 2 ? 0.1 : 0, `${l} code languages`);
    const body = view.bodyLower;
    add(body.includes('## example') || body.includes('### example') || body.includes('## usage') ? 0.15 : 0, 'examples section');
    add(body.includes('## troubleshoot') || body.includes('## common issue') || body.includes('## faq') ? 0.15 : 0, 'troubleshooting section');
    add(/\|.*\|.*\|/.test(view.content) ? 0.1 : 0, 'a table');
    add(/(decision|when to use|comparison|tradeoff)/.test(view.lower) ? 0.05 : 0, 'decision guidance');
    return { score: Math.min(1, score), evidence, findings: [] };
  },
};
