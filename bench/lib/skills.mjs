// Skill and plugin folders under a folder: the real skills the benchmarks copy into a generated marketplace, and the
// targets the parity checks score with two builds (scripts/compare-outputs.mjs) or two ways (the scoring-threads test).
// PluginEval's recorded outputs (expected-plugineval/) are not skills.
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

/**
 * Every skill folder (SKILL.md or skill.md) and plugin folder (.claude-plugin/) under the given folders, at most 9
 * levels down, sorted and without repeats. A folder that cannot be read is skipped.
 */
export function findTargets(dirs) {
  const found = new Set();
  const walk = (dir, depth) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    const names = entries.map((e) => e.name);
    if (names.includes('SKILL.md') || names.includes('skill.md') || names.includes('.claude-plugin')) found.add(dir);
    if (depth > 8) return;
    for (const e of entries) {
      if (e.isDirectory() && e.name !== 'node_modules' && e.name !== '.git' && e.name !== 'expected-plugineval')
        walk(path.join(dir, e.name), depth + 1);
    }
  };
  for (const dir of dirs) walk(dir, 0);
  return [...found].sort();
}
