// Secret redaction and the security rules on hostile text. Not a test (the tests assert results on the same shapes;
// they time nothing): prints milliseconds per MB for each shape, so a pattern that went quadratic shows here as
// seconds instead of milliseconds.   npm run build && node bench/secrets.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.env.BENCH_DIST ?? path.join(root, 'dist'));
const { redactSecrets } = await import(path.join(dist, 'logs/redact.js'));
const { findBase64Blobs } = await import(path.join(dist, 'rules/security/base64-blob.js'));
const { findDynamicContext } = await import(path.join(dist, 'rules/security/dynamic-context.js'));
const { findEmbeddedSecrets } = await import(path.join(dist, 'rules/security/embedded-secret.js'));
const { findHiddenComments } = await import(path.join(dist, 'rules/security/hidden-comment.js'));
const { findInvisibleUnicode } = await import(path.join(dist, 'rules/security/invisible-unicode.js'));

const MB = 1_000_000;
const big = (seed) => seed.repeat(Math.ceil(MB / seed.length));
const source = (text) => ({ file: 'SKILL.md', text, data: undefined, keyLines: {} });
const SHAPES = [
  'a',
  ' ',
  'eyJ',
  'ghp_',
  'sk-ant-',
  'AIza',
  'password: [',
  'password: "',
  'DB_PASS=',
  '--password ',
  'mysql -p',
  '://a:b@',
  'Bearer ',
  'a;',
  '!`',
  '<!-- AI: ignore --> ',
  '\u200b',
  'a\u200b\n',
  'QWxhZGRpbjpvcGVu',
  '-----BEGIN RSA PRIVATE KEY-----\n',
];
const steps = {
  redactSecrets: (text) => redactSecrets(text),
  'security finders': (text) => {
    for (const find of [findBase64Blobs, findDynamicContext, findInvisibleUnicode]) find(source(text));
    findEmbeddedSecrets(text);
    findHiddenComments(text);
  },
};

console.log(`secrets benchmark: 1 MB per shape, node ${process.version}\n`);
console.log(
  `${'shape'.padEnd(36)} ${Object.keys(steps)
    .map((k) => k.padStart(18))
    .join('')}`,
);
for (const shape of SHAPES) {
  const text = big(shape);
  const cells = Object.values(steps).map((step) => {
    const t = performance.now();
    step(text);
    return `${(performance.now() - t).toFixed(0)} ms`.padStart(18);
  });
  console.log(`${JSON.stringify(shape).slice(0, 36).padEnd(36)} ${cells.join('')}`);
}
