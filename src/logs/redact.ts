/**
 * Secret redaction for log previews. Every pattern runs in time linear in the input, whatever the input: a pattern
 * that scans a run of characters either succeeds on that run or is bounded (`{0,24}`), and the token patterns start
 * only where a token starts (a lookbehind), so a run like `eyJeyJeyJ...` is scanned once, not once per start.
 * Private key blocks are cut with indexOf, not a lazy `[\s\S]*?` (which rescans to the end for every BEGIN).
 *
 * The reference's patterns (api_key/apikey, bearer, password/passwd/pwd, secret/token 16+, AWS keys, ghp_/
 * github_pat_, key/credential/auth base64 32+) and more: sk-ant-/sk- keys, Slack xox tokens, other GitHub token
 * kinds, JWTs, private key blocks, user:password@ in URLs. Kept free of heavy imports (the hook loads it).
 */

export const REDACTED = '[REDACTED]';

interface Rule {
  name: string;
  pattern: RegExp;
  /** Replacement; `$1` keeps the label the secret followed. */
  replace: string;
}

/** Characters a token is made of; a token pattern starts only where the previous character is not one of them. */
const T = 'A-Za-z0-9_\\-';
const notAfterToken = `(?<![${T}])`;
// A label and its separator: `api_key = "`, `"password": "`, `Token: `. The label's tail is bounded, so a long run
// of letters after a label word costs at most 24 steps per start.
const label = (words: string): string => `((?:${words})[${T}.]{0,24}["']?\\s{0,8}[:=]\\s{0,8}["']?)`;

export const REDACTION_RULES: readonly Rule[] = [
  { name: 'url credentials', pattern: /:\/\/([^\s/@:]{1,256}):[^\s/@]+@/g, replace: `://$1:${REDACTED}@` },
  { name: 'bearer/basic token', pattern: /\b(Bearer|Basic)(\s+)[A-Za-z0-9._~+/=-]+/gi, replace: `$1$2${REDACTED}` },
  { name: 'anthropic key', pattern: new RegExp(`${notAfterToken}sk-ant-[${T}]{8,}`, 'g'), replace: REDACTED },
  { name: 'openai-style key', pattern: new RegExp(`${notAfterToken}sk-(?:proj-)?[${T}]{20,}`, 'g'), replace: REDACTED },
  { name: 'github token', pattern: new RegExp(`${notAfterToken}(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})`, 'g'), replace: REDACTED },
  { name: 'slack token', pattern: new RegExp(`${notAfterToken}xox[abposr]-[A-Za-z0-9-]{10,}`, 'g'), replace: REDACTED },
  { name: 'aws access key id', pattern: new RegExp(`${notAfterToken}(?:AKIA|ASIA|AGPA|AIDA|AROA)[A-Z0-9]{16}(?![${T}])`, 'g'), replace: REDACTED },
  { name: 'jwt', pattern: new RegExp(`${notAfterToken}eyJ[${T}]{4,}\\.eyJ[${T}]{4,}\\.[${T}]*`, 'g'), replace: REDACTED },
  { name: 'api key', pattern: new RegExp(`${label('api[_-]?key|apikey|x-api-key')}[^\\s"',;}]+`, 'gi'), replace: `$1${REDACTED}` },
  { name: 'password', pattern: new RegExp(`${label('password|passwd|pwd')}[^\\s"',;}]+`, 'gi'), replace: `$1${REDACTED}` },
  // aws_secret_access_key=..., client_secret: ..., GITHUB_TOKEN=...: a secret or token label with a 16+ value.
  { name: 'secret or token', pattern: new RegExp(`${label('secret|token')}[^\\s"',;}]{16,}`, 'gi'), replace: `$1${REDACTED}` },
  { name: 'key/credential/auth value', pattern: new RegExp(`${label('key|credential|auth')}[A-Za-z0-9+/=_-]{32,}`, 'gi'), replace: `$1${REDACTED}` },
];

const BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
const END_MARK = '-----END ';

/** Private key blocks, BEGIN to the END line (or to the end of the text when it was cut off). */
function redactPrivateKeys(text: string): string {
  if (!text.includes('PRIVATE KEY-----')) return text;
  let out = '';
  let from = 0;
  BEGIN.lastIndex = 0;
  for (let m = BEGIN.exec(text); m !== null; m = BEGIN.exec(text)) {
    if (m.index < from) continue;
    out += text.slice(from, m.index) + `-----BEGIN PRIVATE KEY----- ${REDACTED}`;
    const end = text.indexOf(END_MARK, m.index + m[0].length);
    if (end === -1) return out;
    const close = text.indexOf('-----', end + END_MARK.length);
    from = close === -1 ? text.length : close + 5;
    out += ' -----END PRIVATE KEY-----';
    BEGIN.lastIndex = from;
  }
  return out + text.slice(from);
}

export function redactSecrets(text: string): string {
  let out = redactPrivateKeys(text);
  for (const rule of REDACTION_RULES) out = out.replace(rule.pattern, rule.replace);
  return out;
}

export const PREVIEW_CHARS = 200;
/** Only the start of a huge output is redacted: the preview shows 200 characters of it, and the hook has a time budget. */
const REDACT_WINDOW = 64 * 1024;

/**
 * A bounded, redacted preview: the reference's form (200 characters, then `\n... (truncated from N chars)`, N being
 * the original length). Redaction runs before the cut, so a secret straddling character 200 is not half-shown.
 */
export function outputPreview(text: string): string {
  const redacted = redactSecrets(text.length > REDACT_WINDOW ? text.slice(0, REDACT_WINDOW) : text);
  if (redacted.length <= PREVIEW_CHARS && text.length <= REDACT_WINDOW) return redacted;
  return `${redacted.slice(0, PREVIEW_CHARS)}\n... (truncated from ${text.length} chars)`;
}

/**
 * A string under a key, redacted as the text `key=value` would be: in `{"password": "hunter2"}` the label the rules
 * look for is the key, so the value alone ("hunter2") matches nothing.
 */
function redactUnderKey(key: string, value: string): string {
  const keyed = redactSecrets(`${key}=${value}`);
  return keyed.startsWith(`${key}=`) ? keyed.slice(key.length + 1) : redactSecrets(value);
}

/** Every string inside a JSON value redacted (keys kept); deeper than 20 levels is cut, so a hostile value stays bounded. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactSecrets(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 20) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, typeof item === 'string' ? redactUnderKey(key, item) : redactValue(item, depth + 1)]));
}
