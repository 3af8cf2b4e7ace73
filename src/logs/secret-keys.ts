/**
 * Which names label a secret: JSON keys, `NAME=value` assignments and command-line flags. A name is split into words
 * (`DB_PASS` -> db pass, `clientSecret` -> client secret, `x-api-key` -> x api key); it labels a secret when a word
 * or a pair of words is one of the lists below, whatever the value's length, unless its last word says it is about
 * the secret rather than the secret itself (`token_count`, `password_reset`, `auth_url`). `key` alone is weak: it
 * labels a secret only when the value looks like one (32+ base64 characters). Kept free of imports (the hook loads it).
 */

export const STRONG_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'passphrase',
  'passcode',
  'passin',
  'passout',
  'storepass',
  'keypass',
  'srcstorepass',
  'deststorepass',
  'dbpass',
  'secret',
  'secrets',
  'token',
  'authorization',
  'auth',
  'credential',
  'credentials',
  'cookie',
  'apikey',
  'privatekey',
  'accesskey',
  'secretkey',
  'clientsecret',
  'authtoken',
  'accesstoken',
  'refreshtoken',
  'sessiontoken',
]);
/** Two words that make a secret together (`api key`, `private key`, ...). */
export const STRONG_PAIRS = new Set([
  'api key',
  'private key',
  'access key',
  'secret key',
  'signing key',
  'encryption key',
  'master key',
  'session key',
  'account key',
  'client key',
  'ssh key',
  'sas token',
]);
/** Parts of one-word names that make it a secret (`PGPASSWORD`, `dbpassword`, `keystorepass`). */
export const STRONG_PARTS = [
  'password',
  'passwd',
  'passphrase',
  'secret',
  'apikey',
  'accesstoken',
  'authtoken',
  'privatekey',
];
/** A last word that makes the name about a secret, not the secret (`token_count`, `password_file`, `auth_url`). */
const ABOUT_WORDS = new Set([
  'count',
  'counts',
  'limit',
  'limits',
  'type',
  'types',
  'length',
  'len',
  'usage',
  'budget',
  'estimate',
  'url',
  'uri',
  'endpoint',
  'name',
  'names',
  'id',
  'ids',
  'ttl',
  'expiry',
  'expires',
  'expiration',
  'header',
  'env',
  'hint',
  'file',
  'path',
  'dir',
  'field',
  'policy',
  'reset',
  'required',
  'min',
  'max',
  'size',
  'format',
  'mode',
  'enabled',
  'method',
  'provider',
  'helper',
  'prompt',
  'command',
  'cmd',
]);

const MAX_NAME = 128;

/**
 * Every word, pair and part above, and `key`, holds one of these; a word of a name is part of the name in lower case,
 * so a name holding none of them labels no secret (test/logs/redact.test.ts checks the lists against it).
 */
const NAME_FRAGMENTS = ['pass', 'pwd', 'secret', 'token', 'auth', 'credential', 'cookie', 'key'];

/** A name's words, lower case: camelCase and ALLCapsWord split, every run of non-alphanumerics a separator. */
export function nameWords(name: string): string[] {
  return name
    .slice(0, MAX_NAME)
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

export type SecretName = 'strong' | 'weak' | undefined;

/** Whether a name labels a secret: 'strong' (any value), 'weak' (`key`: only a secret-looking value), or not. */
export function secretName(name: string): SecretName {
  // Most names hold none of these, and need not be split into words (the hook looks at every name in its input).
  const lower = name.slice(0, MAX_NAME).toLowerCase();
  if (!NAME_FRAGMENTS.some((fragment) => lower.includes(fragment))) return undefined;
  const words = nameWords(name);
  if (words.length === 0) return undefined;
  const last = words[words.length - 1]!;
  if (words.length > 1 && ABOUT_WORDS.has(last)) return undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (STRONG_WORDS.has(word) || STRONG_PARTS.some((part) => word.includes(part))) return 'strong';
    if (i > 0 && STRONG_PAIRS.has(`${words[i - 1]} ${word}`)) return 'strong';
  }
  return words.includes('key') ? 'weak' : undefined;
}

/** A value a weak name (`key`) must have to be taken for a secret. */
export const KEY_LIKE_VALUE = /^[A-Za-z0-9+/=_-]{32,}$/;

/** Whether `value` under `name` is a secret. */
export function isSecretUnder(name: string, value: string): boolean {
  const kind = secretName(name);
  return kind === 'strong' || (kind === 'weak' && KEY_LIKE_VALUE.test(value));
}
