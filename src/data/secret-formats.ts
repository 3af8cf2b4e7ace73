/**
 * The catalogue of secret formats: credentials that announce themselves by a documented prefix or shape. Kept as data,
 * one row per format with the public document that defines it, so a new provider is one row (and one sample in
 * test/logs/secret-formats.test.ts, which fails for a row without one). Written from those documents, not copied from
 * another scanner.
 *
 * Both the log redaction (src/logs/redact.ts) and the `*\/embedded-secret` rules read it. Every `body` must run in
 * linear time: character classes with bounded repetition, no nested quantifiers, no alternation that can rescan.
 * A body is matched only where a token starts and must end where the token ends (see `secretFormatPattern`), so a
 * long run of token characters is tried once, not at every position. Kept free of imports (the hook loads it).
 */

export interface SecretFormat {
  /** Stable id, kebab-case (shown in rule messages). */
  id: string;
  /** What it is, for people. */
  name: string;
  /** The public document that defines the format. */
  source: string;
  /** The regular expression's body, without the token-boundary guards. */
  body: string;
  /**
   * Text every match holds one of (case-sensitive): a text holding none is not searched for this format, so the hook
   * builds no expression for it. test/logs/secret-formats.test.ts reads literals off `body` and fails when a match
   * could hold none of these.
   */
  literals: readonly string[];
}

export const SECRET_FORMATS: readonly SecretFormat[] = [
  {
    id: 'aws-access-key-id',
    name: 'AWS access key id',
    source: 'https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_identifiers.html (unique ID prefixes)',
    body: '(?:AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16}',
    literals: ['AKIA', 'ASIA', 'ABIA', 'ACCA'],
  },
  {
    id: 'github-token',
    name: 'GitHub token (personal, OAuth, user-to-server, server-to-server, refresh)',
    source: 'https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/',
    body: 'gh[pousr]_[A-Za-z0-9]{30,255}',
    literals: ['gh'],
  },
  {
    id: 'github-fine-grained-token',
    name: 'GitHub fine-grained personal access token',
    source:
      'https://docs.github.com/en/authentication/keeping-your-account-and-data-secure/managing-your-personal-access-tokens',
    body: 'github_pat_[A-Za-z0-9_]{22,255}',
    literals: ['github_pat_'],
  },
  {
    id: 'gitlab-token',
    name: 'GitLab token (personal, deploy, runner, pipeline trigger, CI job, OAuth secret, feed)',
    source: 'https://docs.gitlab.com/security/tokens/#token-prefixes',
    body: 'gl(?:pat|dt|rt|ptt|cbt|oas|ft|imt|agent|soat)-[A-Za-z0-9_.-]{20,255}',
    literals: ['glpat-', 'gldt-', 'glrt-', 'glptt-', 'glcbt-', 'gloas-', 'glft-', 'glimt-', 'glagent-', 'glsoat-'],
  },
  {
    id: 'slack-token',
    name: 'Slack token',
    source: 'https://api.slack.com/authentication/token-types',
    body: 'xox[abeoprs]-[A-Za-z0-9-]{10,255}',
    literals: ['xox'],
  },
  {
    id: 'slack-webhook',
    name: 'Slack incoming webhook URL',
    source: 'https://api.slack.com/messaging/webhooks',
    body: 'https://hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9_/-]{20,255}',
    literals: [
      'https://hooks.slack.com/services/',
      'https://hooks.slack.com/workflows/',
      'https://hooks.slack.com/triggers/',
    ],
  },
  {
    id: 'stripe-secret-key',
    name: 'Stripe secret, restricted or webhook signing key',
    source: 'https://docs.stripe.com/keys',
    body: '(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{10,255}|whsec_[A-Za-z0-9]{20,255}',
    literals: ['sk_live_', 'sk_test_', 'rk_live_', 'rk_test_', 'whsec_'],
  },
  {
    id: 'google-api-key',
    name: 'Google API key',
    source: 'https://cloud.google.com/docs/authentication/api-keys',
    body: 'AIza[A-Za-z0-9_-]{35}',
    literals: ['AIza'],
  },
  {
    id: 'google-oauth-client-secret',
    name: 'Google OAuth client secret',
    source: 'https://developers.google.com/identity/protocols/oauth2 (client secrets start GOCSPX-)',
    body: 'GOCSPX-[A-Za-z0-9_-]{28}',
    literals: ['GOCSPX-'],
  },
  {
    id: 'huggingface-token',
    name: 'Hugging Face access token',
    source: 'https://huggingface.co/docs/hub/security-tokens',
    body: 'hf_[A-Za-z0-9]{30,64}',
    literals: ['hf_'],
  },
  {
    id: 'npm-token',
    name: 'npm access token',
    source: 'https://github.blog/changelog/2021-09-23-npm-has-a-new-access-token-format/',
    body: 'npm_[A-Za-z0-9]{36}',
    literals: ['npm_'],
  },
  {
    id: 'pypi-token',
    name: 'PyPI API token',
    source: 'https://pypi.org/help/#apitoken',
    body: 'pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,1024}',
    literals: ['pypi-AgEIcHlwaS5vcmc'],
  },
  {
    id: 'anthropic-key',
    name: 'Anthropic API or admin key',
    source: 'https://docs.anthropic.com/en/api/overview#authentication (keys start sk-ant-)',
    body: 'sk-ant-[A-Za-z0-9_-]{8,255}',
    literals: ['sk-ant-'],
  },
  {
    id: 'openai-key',
    name: 'OpenAI API key (project, service account, admin, legacy)',
    source: 'https://platform.openai.com/docs/api-reference/authentication',
    body: 'sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,255}',
    literals: ['sk-'],
  },
  {
    id: 'sendgrid-key',
    name: 'SendGrid API key',
    source: 'https://www.twilio.com/docs/sendgrid/ui/account-and-settings/api-keys',
    body: 'SG\\.[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}',
    literals: ['SG.'],
  },
  {
    id: 'shopify-token',
    name: 'Shopify access token or shared secret',
    source: 'https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens',
    body: 'shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}',
    literals: ['shpat_', 'shpca_', 'shppa_', 'shpss_'],
  },
  {
    id: 'digitalocean-token',
    name: 'DigitalOcean personal, OAuth or refresh token',
    source: 'https://docs.digitalocean.com/reference/api/create-personal-access-token/',
    body: 'do[opr]_v1_[a-f0-9]{64}',
    literals: ['_v1_'],
  },
  {
    id: 'docker-hub-token',
    name: 'Docker Hub personal access token',
    source: 'https://docs.docker.com/security/for-developers/access-tokens/',
    body: 'dckr_pat_[A-Za-z0-9_-]{27,64}',
    literals: ['dckr_pat_'],
  },
  {
    id: 'linear-api-key',
    name: 'Linear API key',
    source: 'https://linear.app/developers/graphql#personal-api-keys',
    body: 'lin_api_[A-Za-z0-9]{40}',
    literals: ['lin_api_'],
  },
  {
    id: 'telegram-bot-token',
    name: 'Telegram bot token',
    source: 'https://core.telegram.org/bots/api#authorizing-your-bot',
    body: '[0-9]{8,10}:AA[A-Za-z0-9_-]{33}',
    literals: [':AA'],
  },
  {
    id: 'age-secret-key',
    name: 'age secret key',
    source: 'https://age-encryption.org/v1 (Bech32 AGE-SECRET-KEY-1...)',
    body: 'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}',
    literals: ['AGE-SECRET-KEY-1'],
  },
  {
    id: 'jwt',
    name: 'JSON Web Token',
    source: 'https://www.rfc-editor.org/rfc/rfc7519 (base64url JSON header and payload: both start eyJ)',
    body: 'eyJ[A-Za-z0-9_-]{4,4096}\\.eyJ[A-Za-z0-9_-]{4,8192}\\.[A-Za-z0-9_-]{0,4096}',
    literals: ['.eyJ'],
  },
];

/** Characters a token is made of: a format matches only where the character before is not one, nor the one after. */
export const TOKEN_CHARS = 'A-Za-z0-9_\\-';

/** A format's expression: its body between token boundaries, so it starts once per token and never mid-token. */
export function secretFormatPattern(format: SecretFormat, flags = 'g'): RegExp {
  return new RegExp(`(?<![${TOKEN_CHARS}])(?:${format.body})(?![${TOKEN_CHARS}])`, flags);
}

/** The private key blocks of RFC 7468 (PEM): `-----BEGIN ... PRIVATE KEY-----`. Cut with indexOf, not a pattern. */
export const PRIVATE_KEY_BEGIN = /-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY-----/g;
