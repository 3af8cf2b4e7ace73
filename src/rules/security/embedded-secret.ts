/**
 * Credentials written into a skill: any format of the secret catalogue (src/data/secret-formats.ts, the one the log
 * redaction uses) and PEM private key blocks with a body. Documentation placeholders are not secrets: a token that
 * says EXAMPLE, or is mostly one repeated character (`ghp_xxxxxxxx...`), or a key block whose body is elided.
 */
import { PRIVATE_KEY_BEGIN, SECRET_FORMATS, secretFormatPattern } from '../../data/secret-formats.js';
import { mayHoldSecret } from './secret-candidates.js';
import { positionOf, sourceLines, type SecurityHit, type SourceLine } from './source.js';

const PATTERNS = SECRET_FORMATS.map((format) => ({ format, pattern: secretFormatPattern(format) }));
const KEY_BODY_LINE = /^\s*[A-Za-z0-9+/]{40,}={0,2}\s*$/;

/** A documentation placeholder rather than a credential. */
export function isPlaceholder(token: string): boolean {
  if (/example|sample|dummy|placeholder|your|redacted|fake/i.test(token)) return true;
  const counts = new Map<string, number>();
  for (const c of token) counts.set(c, (counts.get(c) ?? 0) + 1);
  // A real token's characters are spread out; `sk-ant-xxxxxxxxxxxx` is mostly one.
  return (
    Math.max(...counts.values()) / token.length > 0.4 || /(.)\1{7}/.test(token) || /0123456789|abcdefgh/i.test(token)
  );
}

export function findEmbeddedSecrets(text: string): SecurityHit[] {
  const out: SecurityHit[] = [];
  let known: readonly SourceLine[] | undefined;
  const lines = (): readonly SourceLine[] => (known ??= sourceLines(text));
  // Only a text that may hold one runs the formats one by one (they may overlap, and each is reported).
  for (const { format, pattern } of mayHoldSecret(text) ? PATTERNS : []) {
    pattern.lastIndex = 0;
    for (const m of text.matchAll(pattern)) {
      if (isPlaceholder(m[0])) continue;
      const { line, column } = positionOf(lines(), m.index);
      out.push({
        line,
        column,
        message:
          `${format.name} written into the file (${m[0].slice(0, 6)}..., ${m[0].length} characters); anyone who ` +
          `installs the skill has it`,
      });
    }
  }
  const begin = new RegExp(PRIVATE_KEY_BEGIN.source, 'g');
  for (const m of text.includes('PRIVATE KEY-----') ? text.matchAll(begin) : []) {
    const { line, column } = positionOf(lines(), m.index);
    const next = lines()[line]?.text ?? '';
    if (KEY_BODY_LINE.test(next) && !isPlaceholder(next.trim()))
      out.push({
        line,
        column,
        message: 'a private key block written into the file; anyone who installs the skill has it',
      });
  }
  return out.sort((a, b) => a.line - b.line || a.column - b.column);
}
