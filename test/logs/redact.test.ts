/** Secret redaction, pattern by pattern, and linear on adversarial input; the bounded preview. */
import { describe, expect, it } from 'vitest';
import {
  loggedToolInput,
  outputPreview,
  REDACTED,
  redactSecrets,
  redactValue,
  TOOL_INPUT_CAP,
} from '../../src/logs/redact.js';
import { secretName, STRONG_PAIRS, STRONG_PARTS, STRONG_WORDS } from '../../src/logs/secret-keys.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

// Each case: text with a secret, what must be gone, what must stay.
const CASES: { name: string; text: string; secret: string; kept?: string }[] = [
  { name: 'api_key', text: 'api_key=abc123def', secret: 'abc123def', kept: 'api_key=' },
  { name: 'apikey in JSON', text: '{"apiKey": "k-998877"}', secret: 'k-998877', kept: '"apiKey": "' },
  { name: 'x-api-key header', text: 'x-api-key: 0a1b2c3d', secret: '0a1b2c3d', kept: 'x-api-key: ' },
  {
    name: 'bearer',
    text: 'Authorization: Bearer abc.def-ghi_jkl',
    secret: 'abc.def-ghi_jkl',
    kept: 'Authorization: Bearer ',
  },
  { name: 'basic auth header', text: 'Authorization: Basic dXNlcjpwYXNz', secret: 'dXNlcjpwYXNz' },
  { name: 'password', text: 'password=hunter2 next', secret: 'hunter2', kept: ' next' },
  { name: 'passwd', text: 'PASSWD: s3cr3t!', secret: 's3cr3t!' },
  { name: 'pwd', text: "db_pwd='x9'", secret: 'x9' },
  { name: 'secret 16+', text: 'client_secret: 0123456789abcdefXYZ', secret: '0123456789abcdefXYZ' },
  { name: 'token 16+', text: 'GITLAB_TOKEN=glpat-0123456789abcdef', secret: 'glpat-0123456789abcdef' },
  {
    name: 'aws secret access key',
    text: 'aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  },
  { name: 'aws access key id', text: 'id AKIAIOSFODNN7EXAMPLE here', secret: 'AKIAIOSFODNN7EXAMPLE', kept: ' here' },
  {
    name: 'github classic',
    text: 'use ghp_abcdefghijklmnopqrstuvwxyz0123456789',
    secret: 'ghp_abcdefghijklmnopqrstuvwxyz0123456789',
  },
  {
    name: 'github fine-grained',
    text: 'github_pat_11ABCDEFG0123456789_abcdefghijklmnop',
    secret: 'github_pat_11ABCDEFG0123456789_abcdefghijklmnop',
  },
  { name: 'github oauth', text: 'gho_abcdefghijklmnopqrstuvwxyz0123', secret: 'gho_abcdefghijklmnopqrstuvwxyz0123' },
  {
    name: 'key base64 32+',
    text: 'signing_key: QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=',
    secret: 'QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo=',
  },
  {
    name: 'credential base64 32+',
    text: 'credential=YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo0',
    secret: 'YWJjZGVmZ2hpamtsbW5vcHFyc3R1dnd4eXo0',
  },
  {
    name: 'auth base64 32+',
    text: 'auth: "ZGVmYXVsdDpzdXBlcnNlY3JldHBhc3N3b3JkMTIz"',
    secret: 'ZGVmYXVsdDpzdXBlcnNlY3JldHBhc3N3b3JkMTIz',
  },
  { name: 'anthropic key', text: 'key sk-ant-api03-AbC_dEf-123456', secret: 'sk-ant-api03-AbC_dEf-123456' },
  { name: 'openai key', text: 'OPENAI sk-proj-abcdefghijklmnopqrstuvwx', secret: 'sk-proj-abcdefghijklmnopqrstuvwx' },
  { name: 'slack bot token', text: 'xoxb-123456789012-abcdefABCDEF', secret: 'xoxb-123456789012-abcdefABCDEF' },
  { name: 'slack user token', text: 'xoxp-1234567890-0987654321', secret: 'xoxp-1234567890-0987654321' },
  {
    name: 'jwt',
    text: 'jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end',
    secret: 'dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
    kept: ' end',
  },
  {
    name: 'url credentials',
    text: 'clone https://bob:pa55w0rd@example.com/repo.git',
    secret: 'pa55w0rd',
    kept: 'https://bob:',
  },
  {
    name: 'private key block',
    text: 'a\n-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\nline2\n-----END RSA PRIVATE KEY-----\nb',
    secret: 'MIIEowIBAAKCAQEA',
    kept: '\nb',
  },
  {
    name: 'private key block cut off',
    text: '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA',
    secret: 'b3BlbnNzaC1rZXktdjEAAAA',
  },
];

describe('redactSecrets', () => {
  for (const c of CASES) {
    it(`redacts ${c.name}`, () => {
      const out = redactSecrets(c.text);
      expect(out).not.toContain(c.secret);
      expect(out).toContain(REDACTED);
      if (c.kept !== undefined) expect(out).toContain(c.kept);
    });
  }

  it('leaves ordinary text alone, including words like error, token counts and short keys', () => {
    for (const text of [
      'Add error handling section',
      'tokens: 1234',
      'monkey=banana',
      'see https://example.com/a:b@c',
      'password reset flow',
      'sk-short',
    ]) {
      expect(redactSecrets(text), text).toBe(text);
    }
  });

  // Each of these makes a backtracking pattern quadratic (a start at every position, a scan to the end from each);
  // the rules are built to scan each run once. A quadratic rule would take minutes here and hit the test's timeout (no
  // timed assertion: bench/hook.mjs measures speed).
  it('stays linear on 1 MB adversarial inputs and still redacts what they hold', () => {
    const seeds = [
      'eyJ',
      'eyJa.',
      'sk-ant-',
      'ghp_',
      'xoxb-',
      'AKIA',
      'key',
      'password',
      'api_key ',
      'token=',
      '://a:',
      'https://',
      'Bearer ',
      '-----BEGIN RSA PRIVATE KEY-----',
      'a',
      ' ',
      '=',
      '"',
    ];
    for (const seed of seeds) {
      const big = seed.repeat(Math.ceil(1_000_000 / seed.length));
      expect(redactSecrets(big).length, seed).toBeGreaterThan(0);
    }
    const hidden = `${'x '.repeat(400_000)}password=hunter2 ${'y'.repeat(200_000)}`;
    expect(redactSecrets(hidden)).not.toContain('hunter2');
  });
});

// Each shape the logging hook wrote in clear before: the text as it came in, and exactly what is logged.
const FOUND: { name: string; text: string; logged: string }[] = [
  { name: 'passphrase', text: 'passphrase: correct horse battery staple', logged: `passphrase: ${REDACTED}` },
  { name: 'DB_PASS', text: 'DB_PASS=hunter2 ./run', logged: `DB_PASS=${REDACTED} ./run` },
  { name: 'PGPASSWORD', text: 'PGPASSWORD=x psql', logged: `PGPASSWORD=${REDACTED} psql` },
  { name: '*_SECRET', text: 'export WEBHOOK_SECRET=abc', logged: `export WEBHOOK_SECRET=${REDACTED}` },
  { name: 'short authorization value', text: 'authorization: abc', logged: `authorization: ${REDACTED}` },
  { name: 'authorization in JSON', text: '{"Authorization":"tok1"}', logged: `{"Authorization":"${REDACTED}"}` },
  { name: 'authorization with a scheme', text: 'Authorization: Token abc', logged: `Authorization: Token ${REDACTED}` },
  { name: '--password x', text: 'deploy --password x --env prod', logged: `deploy --password ${REDACTED} --env prod` },
  { name: '--password=x', text: 'deploy --password=x', logged: `deploy --password=${REDACTED}` },
  {
    name: '--token and --api-key',
    text: 'gh --token t1 && cli --api-key "k 2"',
    logged: `gh --token ${REDACTED} && cli --api-key "${REDACTED}"`,
  },
  { name: '-storepass', text: 'keytool -storepass changeit -list', logged: `keytool -storepass ${REDACTED} -list` },
  { name: '-pX for mysql', text: 'mysql -uroot -phunter2 shop', logged: `mysql -uroot -p${REDACTED} shop` },
  {
    name: '-pX for mariadb-dump after a pipe',
    text: 'ls | mariadb-dump -p"a b" db',
    logged: `ls | mariadb-dump -p${REDACTED} db`,
  },
  { name: 'curl -u user:pass', text: 'curl -u bob:hunter2 https://x', logged: `curl -u bob:${REDACTED} https://x` },
  { name: 'hf_ token', text: 'HF hf_abcdefghijklmnopqrstuvwxyzABCDEFGH', logged: `HF ${REDACTED}` },
  { name: 'glpat- token', text: 'use glpat-abcdefghij0123456789 now', logged: `use ${REDACTED} now` },
  { name: 'sk_live_ key', text: 'stripe sk_live_4eC39HqLyjWDarjtT1zdp7dc', logged: `stripe ${REDACTED}` },
  { name: 'AIza key', text: 'maps AIzaSyA1234567890abcdefghijklmnopqrstuv', logged: `maps ${REDACTED}` },
  {
    name: 'npm_ token',
    text: '//registry.npmjs.org/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789',
    logged: `//registry.npmjs.org/:_authToken=${REDACTED}`,
  },
  { name: 'URL password holding @', text: 'postgres://bob:p@ss@db/app', logged: `postgres://bob:${REDACTED}@db/app` },
  {
    name: 'URL password, port kept',
    text: 'redis://:s3cr3t@cache:6379/0',
    logged: `redis://:${REDACTED}@cache:6379/0`,
  },
];

describe('shapes found in clear', () => {
  for (const c of FOUND) {
    it(`redacts ${c.name}`, () => {
      expect(redactSecrets(c.text)).toBe(c.logged);
    });
  }

  it('leaves names about secrets, and flags without a value, alone', () => {
    for (const text of [
      'max_tokens: 4096',
      'token_count=12',
      'password_reset: enabled',
      'auth_url: https://x/login',
      'ssh -p 22 host',
      'mysql --password --verbose',
      'compass: north',
      'keyboard=us',
    ]) {
      expect(redactSecrets(text), text).toBe(text);
    }
  });

  it('redacts values in arrays: under a secret name, after a flag, in name/value pairs, mysql argv', () => {
    const input = {
      password: ['hunter2', 'hunter3'],
      credentials: { user: 'bob', nested: ['x'] },
      argv: ['deploy', '--password', 'hunter4', '--verbose'],
      env: [
        { name: 'DB_PASS', value: 'hunter5' },
        { name: 'REGION', value: 'eu' },
      ],
      mysql: ['mysql', '-uroot', '-phunter6'],
      max_tokens: 100,
      token_count: '12',
    };
    expect(redactValue(input)).toEqual({
      password: [REDACTED, REDACTED],
      credentials: { user: REDACTED, nested: [REDACTED] },
      argv: ['deploy', '--password', REDACTED, '--verbose'],
      env: [
        { name: 'DB_PASS', value: REDACTED },
        { name: 'REGION', value: 'eu' },
      ],
      mysql: ['mysql', '-uroot', `-p${REDACTED}`],
      max_tokens: 100,
      token_count: '12',
    });
  });

  // 200 KB is enough: a pass quadratic in its input would take minutes on it and time out; the bench measures the
  // growth.
  it(
    'is linear on 200 KB of hostile text for the name, flag, URL and mysql passes, and still redacts what it holds',
    () => {
      const seeds = [
        'password: [',
        'password: "',
        'a=',
        'DB_PASS=',
        '--password ',
        '--password=',
        '-p',
        'mysql -p',
        'mysql ',
        '://a:b@',
        '://',
        '@',
        'x:',
        'Authorization: Bearer ',
        '-u a:',
        'passphrase: x\n',
      ];
      for (const seed of seeds) {
        const big = seed.repeat(Math.ceil(200_000 / seed.length));
        const out = redactSecrets(big);
        // Redaction is complete: a second pass finds nothing more to take.
        expect(redactSecrets(out), seed).toBe(out);
      }
      expect(redactSecrets(`${'mysql '.repeat(100_000)}-phunter2`)).not.toContain('hunter2');
    },
    HANG_LIMIT_MS,
  );
});

describe('loggedToolInput', () => {
  it('keeps a small tool_input whole, redacted', () => {
    expect(loggedToolInput({ skill: 'a:b', args: 'DB_PASS=x' })).toEqual({
      tool_input: { skill: 'a:b', args: `DB_PASS=${REDACTED}` },
    });
  });

  it(`cuts a large one to ${TOOL_INPUT_CAP} characters of redacted JSON and notes the full length`, () => {
    const args = `${'y'.repeat(TOOL_INPUT_CAP - 100)} password=hunter2 ${'z'.repeat(15_000_000)}`;
    const logged = loggedToolInput({ skill: 'a:b', args });
    expect(logged.tool_input_truncated_from).toBe(JSON.stringify({ skill: 'a:b', args }).length);
    expect(typeof logged.tool_input).toBe('string');
    expect((logged.tool_input as string).length).toBe(TOOL_INPUT_CAP);
    expect(logged.tool_input as string).not.toContain('hunter2');
    expect(logged.tool_input as string).toContain(`password=${REDACTED}`);
  });
});

describe('outputPreview', () => {
  it('keeps short text whole and cuts long text at 200 characters with the reference suffix, redacted first', () => {
    expect(outputPreview('done')).toBe('done');
    const long = `${'a'.repeat(190)} password=hunter2 ${'b'.repeat(300)}`;
    const preview = outputPreview(long);
    expect(preview).toBe(`${'a'.repeat(190)} password=`.slice(0, 200) + `\n... (truncated from ${long.length} chars)`);
    expect(preview).not.toContain('hunter2');
    const huge = `ghp_abcdefghijklmnopqrstuvwxyz0123456789 ${'z'.repeat(2_000_000)}`;
    expect(outputPreview(huge)).toBe(
      `${REDACTED} ${'z'.repeat(200 - REDACTED.length - 1)}\n... (truncated from ${huge.length} chars)`,
    );
  });
});

describe('redactValue', () => {
  it('redacts a secret whose label is its JSON key, as the same text would be, and leaves ordinary fields alone', () => {
    const input = {
      skill: 'ops:deploy',
      args: {
        password: 'hunter2',
        api_key: 'abcd1234efgh5678',
        note: 'rotate the token tomorrow',
        env: { AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY', REGION: 'eu-west-1' },
      },
      list: ['password=hunter2', 'plain'],
      count: 3,
    };
    expect(redactValue(input)).toEqual({
      skill: 'ops:deploy',
      args: {
        password: REDACTED,
        api_key: REDACTED,
        note: 'rotate the token tomorrow',
        env: { AWS_SECRET_ACCESS_KEY: REDACTED, REGION: 'eu-west-1' },
      },
      list: [`password=${REDACTED}`, 'plain'],
      count: 3,
    });
    expect(JSON.stringify(redactValue(input))).not.toMatch(/hunter2|abcd1234|wJalrXUtnFEMI/);
  });
});

// secretName skips a name that holds none of a few fragments before splitting it into words: every listed word must
// still be found through it.
describe('secretName', () => {
  it('still knows every listed word, pair and part, in any case', () => {
    for (const word of STRONG_WORDS) {
      expect(secretName(word), word).toBe('strong');
      expect(secretName(word.toUpperCase()), word).toBe('strong');
    }
    for (const pair of STRONG_PAIRS) {
      expect(secretName(pair.replace(' ', '_')), pair).toBe('strong');
      expect(secretName(pair.replace(/ (.)/, (_, c: string) => c.toUpperCase())), pair).toBe('strong');
    }
    for (const part of STRONG_PARTS) expect(secretName(`my${part}x`), part).toBe('strong');
    expect(secretName('KEY')).toBe('weak');
    expect(secretName('bench')).toBeUndefined();
  });
});
