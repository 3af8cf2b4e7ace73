// The skill folders under a folder (the shared corpus, or the examples), for the benchmarks that copy real skills
// into a generated marketplace. PluginEval's recorded outputs (expected-plugineval/) are not skills.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export function findSkills(dir, out = []) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'expected-plugineval') findSkills(p, out);
    else if (e.name === 'SKILL.md') out.push(dir);
  }
  return out;
}
