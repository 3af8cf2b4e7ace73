/**
 * The judged dimensions, loaded from the dimension table (src/model/dimensions.ts): each row with a `judgeModule`
 * names its module under ./dimensions/, which exports `judgeDimension`. Nothing here lists dimensions.
 */
import { JUDGED_DIMENSIONS, type DimensionName } from '../model/dimensions.js';
import type { JudgeDimension } from './types.js';

async function loadJudgeDimension(row: { name: DimensionName; judgeModule: string }): Promise<JudgeDimension> {
  // A plain specifier: Node resolves it beside this file (src/ under vitest, dist/ after tsc).
  const specifier = `./dimensions/${row.judgeModule}.js`;
  const loaded = (await import(/* @vite-ignore */ specifier)) as { judgeDimension?: JudgeDimension };
  const found = loaded.judgeDimension;
  if (found?.dimension !== row.name) throw new Error(`src/judge/dimensions/${row.judgeModule}.ts must export judgeDimension, measuring ${row.name}`);
  return found;
}

export const JUDGE_DIMENSIONS: readonly JudgeDimension[] = Object.freeze(await Promise.all(JUDGED_DIMENSIONS.map(loadJudgeDimension)));

export function judgeDimensionFor(name: DimensionName): JudgeDimension | undefined {
  return JUDGE_DIMENSIONS.find((d) => d.dimension === name);
}
