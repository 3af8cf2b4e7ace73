import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
/** The shared corpus sits beside the repository (CI clones main with shared/ next to it). */
export const CORPUS_DIR = path.resolve(here, '../../../shared/corpus');
export const EXPECTED_DIR = path.join(CORPUS_DIR, 'expected-plugineval');

export interface ExpectedResult {
  plugin_path: string;
  layers: {
    layer: string;
    score: number;
    sub_scores: Record<string, number | number[]>;
    anti_patterns: { flag: string }[];
  }[];
  composite: {
    score: number;
    badge: string;
    anti_pattern_penalty: number;
    dimensions: { name: string; score: number; grade: string; weight: number }[];
  };
}

function load(dir: string): { file: string; expected: ExpectedResult }[] {
  if (!existsSync(dir)) throw new Error(`shared corpus not found at ${dir}`);
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: f, expected: JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as ExpectedResult }));
}

export const expectedSkills = () => load(EXPECTED_DIR);
export const expectedPlugins = () => load(path.join(EXPECTED_DIR, 'plugin-level'));
