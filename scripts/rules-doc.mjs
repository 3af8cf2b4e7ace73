// Writes docs/rules.md from the rule registry (run after `npm run build`: `npm run docs:rules`).
import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rulesMarkdown } from '../dist/registry/doc.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs', 'rules.md');
const temp = `${target}.${process.pid}.tmp`;
writeFileSync(temp, rulesMarkdown());
renameSync(temp, target);
console.log(`wrote ${path.relative(root, target)}`);
