// Writes what derives from the rule table (src/rules/checks/table.ts) and is committed (`npm run docs:rules`):
//   docs/rules.md                                  every rule, from the registry
//   src/model/anti-pattern-flags.generated.ts      the anti-pattern flags, for the result schema (the model sits below
//                                                  the rules, so it cannot import the table)
// `--check` writes nothing and exits 1 when either file is out of date.
import path from 'node:path';
import { importFromSource, root, writeOrCheck } from './lib/generated-files.mjs';

const { rulesMarkdown, antiPatternFlagsModule } = await importFromSource(
  "export { rulesMarkdown, antiPatternFlagsModule } from './src/rules/registry/doc.ts';",
  'rules-doc',
);
writeOrCheck(
  [
    [path.join(root, 'docs', 'rules.md'), rulesMarkdown()],
    [path.join(root, 'src', 'model', 'anti-pattern-flags.generated.ts'), antiPatternFlagsModule()],
  ],
  'npm run docs:rules',
);
