import type { ComponentCheck } from './types.js';

/** PluginEval 0.1.x's agent score: frontmatter only; the body is never read. */
export const compatAgent: ComponentCheck = {
  id: 'compat/agent',
  kind: 'agent',
  methodology: 'compat',
  description: 'PluginEval 0.1.x: 0.5 + "use proactively" 0.2 + tools 0.1 + description length 0.1/0.05 + model 0.1.',
  run(agent) {
    const fm = agent.data;
    const description =
      typeof fm.description === 'string' ? fm.description : fm.description == null ? '' : String(fm.description);
    const evidence = ['0.50 base'];
    let score = 0.5;
    const add = (points: number, why: string) => {
      score += points;
      evidence.push(`+${points.toFixed(2)} ${why}`);
    };
    if (description.toLowerCase().includes('use proactively')) add(0.2, '"use proactively"');
    // Python truthiness: an empty list or string is false.
    const truthy = (v: unknown) =>
      Array.isArray(v) ? v.length > 0 : typeof v === 'object' && v !== null ? Object.keys(v).length > 0 : Boolean(v);
    if (truthy(fm.tools)) add(0.1, 'tools set');
    if (description.length >= 40) add(0.1, 'description >= 40 characters');
    else if (description.length >= 20) add(0.05, 'description >= 20 characters');
    if (truthy(fm.model)) add(0.1, 'model set');
    return { score, evidence, findings: [] };
  },
};
