import path from 'node:path';
import { it } from 'vitest';
import { parseSkill } from '../src/parse/skill.js';
import { runStaticLayer } from '../src/layers/static.js';
import { compositeOf } from '../src/score/composite.js';
import { CORPUS_DIR, expectedSkills } from './support/corpus.js';

it('default dump', async () => {
  const out: string[] = [];
  for (const { expected } of expectedSkills()) {
    const r = await parseSkill(path.join(CORPUS_DIR, expected.plugin_path));
    if (!r.ok) continue;
    const layer = runStaticLayer(r.skill, 'default');
    const comp = compositeOf([layer], layer.penalty);
    const subs = Object.entries(layer.subScores).map(([k, v]) => `${k.slice(0, 5)}=${v!.score.toFixed(2)}`).join(' ');
    for (const ks of layer.antiPatterns.filter((a) => a.flag === 'DEAD_CROSS_REF')) out.push('   ' + ks.line + ' ' + ks.description);
    out.push(`${comp.score.toFixed(1).padStart(5)} (pe ${expected.composite.score.toFixed(1)}) ${expected.plugin_path.split('/').pop()} ${subs} ${layer.antiPatterns.map((a) => a.flag).join(',')}`);
  }
  console.log(out.join('\n'));
});
