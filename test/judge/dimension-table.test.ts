/**
 * A judged dimension is one module under src/judge/dimensions/ plus one row in the dimension table
 * (src/model/dimensions.ts); the judge registry's map of modules is generated from the folder (and the compiler holds
 * it to the table); every other list of dimensions is derived from the table. These checks fail as soon as a second list
 * appears, in the source or in the judge layer's documentation.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JUDGE_DIMENSION_MODULES, JUDGE_DIMENSIONS } from '../../src/judge/registry.js';
import { DIMENSIONS, JUDGED_DIMENSIONS, LAYER_BLEND, type DimensionName } from '../../src/model/dimensions.js';
import { JUDGE_LAYER_DIMENSIONS } from '../../src/pipeline/layers/judge.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SRC = join(ROOT, 'src');
/** The table, and the generated map from each judged dimension to its module (keyed by the table's type). */
const ALLOWED = ['src/model/dimensions.ts', 'src/judge/dimension-modules.generated.ts'];
const judgedNames: readonly DimensionName[] = [...JUDGED_DIMENSIONS];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Dimension names a file spells out: as a quoted string or as an object key. */
function namesIn(text: string, names: readonly string[]): string[] {
  return names.filter((name) => new RegExp(`['"\`]${name}['"\`]|\\b${name}\\s*:`).test(text));
}

/** Files, other than the table, that spell out every one of `names`: each is a second list. */
function secondLists(names: readonly string[]): string[] {
  return sourceFiles(SRC)
    .map((file) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') }))
    .filter(({ file, text }) => !ALLOWED.includes(file) && namesIn(text, names).length === names.length)
    .map(({ file }) => file);
}

describe('the dimension table is the one list of dimensions', () => {
  it("the judge registry and the pipeline's judge entry hold exactly the rows that name a judge module, in table order", () => {
    expect(judgedNames.length).toBeGreaterThan(0);
    expect(JUDGE_DIMENSIONS.map((d) => d.dimension)).toEqual(judgedNames);
    expect([...JUDGE_LAYER_DIMENSIONS]).toEqual(judgedNames);
    expect(judgedNames).toEqual(DIMENSIONS.filter((name) => judgedNames.includes(name)));
  });

  it('the registry maps each judged row to the module measuring it, and every dimension module under src/judge/dimensions/ is in it', () => {
    expect(Object.keys(JUDGE_DIMENSION_MODULES)).toEqual(judgedNames);
    for (const [name, module] of Object.entries(JUDGE_DIMENSION_MODULES)) expect(module.dimension).toBe(name);
    const folder = join(SRC, 'judge/dimensions');
    const registry = readFileSync(join(SRC, 'judge/dimension-modules.generated.ts'), 'utf8');
    const modules = readdirSync(folder).filter(
      (name) =>
        name.endsWith('.ts') &&
        /^export const \w+(: JudgeDimension)? = (rubricDimension\(|\{)/m.test(readFileSync(join(folder, name), 'utf8')),
    );
    expect(modules.length).toBe(judgedNames.length);
    for (const name of modules) expect(registry).toContain(`from './dimensions/${name.replace(/\.ts$/, '.js')}'`);
  });

  it('no other source file lists the judged dimensions, or keys a table by all ten dimensions', () => {
    expect(secondLists(judgedNames)).toEqual([]);
    expect(secondLists(DIMENSIONS)).toEqual([]);
  });

  it('finds a second list when there is one (the scan is not blind)', () => {
    expect(
      namesIn('const L = [\'output_quality\', "scope_calibration"];\nconst R = { robustness: 1 };', [
        'output_quality',
        'scope_calibration',
        'robustness',
        'token_efficiency',
      ]),
    ).toEqual(['output_quality', 'scope_calibration', 'robustness']);
    expect(secondLists(['triggering_accuracy'])).toContain('src/judge/dimensions/triggering-accuracy.ts');
  });

  it("docs/judge-layer.md lists the judged dimensions with the judge's blend weights from the table", () => {
    const doc = readFileSync(join(ROOT, 'docs/judge-layer.md'), 'utf8');
    const rows = [...doc.matchAll(/^\| `([a-z_]+)` \| [^|]+ \| ([0-9.]+) \|$/gm)].map((m) => [m[1], m[2]]);
    expect(rows).toEqual(JUDGED_DIMENSIONS.map((name) => [name, LAYER_BLEND[name].judge.toFixed(2)]));
  });
});
