/** Made-up tokens of each secret format, for the catalogue's tests and the rules that read it. */
const hex = (n: number) => '0123456789abcdef'.repeat(Math.ceil(n / 16)).slice(0, n);
const alnum = (n: number) => 'aB3dE5gH7jK9mN1pQ2sT4vW6yZ8'.repeat(Math.ceil(n / 27)).slice(0, n);

/** One made-up token per format, shaped as the format's own document describes it. */
export const SAMPLES: Record<string, string[]> = {
  'aws-access-key-id': ['AKIAIOSFODNN7EXAMPLE', `ASIA${alnum(16).toUpperCase()}`],
  'github-token': [`ghp_${alnum(36)}`, `gho_${alnum(36)}`, `ghs_${alnum(36)}`],
  'github-fine-grained-token': [`github_pat_11ABCDEFG0_${alnum(59)}`],
  'gitlab-token': [`glpat-${alnum(20)}`, `glrt-${alnum(20)}`],
  'slack-token': ['xoxb-123456789012-abcdefABCDEF', 'xoxp-1234567890-0987654321'],
  'slack-webhook': [`https://hooks.slack.com/services/T00000000/B00000000/${alnum(24)}`],
  'stripe-secret-key': ['sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'rk_test_4eC39HqLyjWDarjtT1zdp7dc', `whsec_${alnum(32)}`],
  'google-api-key': [`AIza${alnum(35)}`],
  'google-oauth-client-secret': [`GOCSPX-${alnum(28)}`],
  'huggingface-token': [`hf_${alnum(34)}`],
  'npm-token': [`npm_${alnum(36)}`],
  'pypi-token': [`pypi-AgEIcHlwaS5vcmc${alnum(60)}`],
  'anthropic-key': ['sk-ant-api03-AbC_dEf-123456', `sk-ant-admin01-${alnum(40)}`],
  'openai-key': ['sk-proj-abcdefghijklmnopqrstuvwx', `sk-${alnum(48)}`],
  'sendgrid-key': [`SG.${alnum(22)}.${alnum(43)}`],
  'shopify-token': [`shpat_${hex(32)}`],
  'digitalocean-token': [`dop_v1_${hex(64)}`],
  'docker-hub-token': [`dckr_pat_${alnum(27)}`],
  'linear-api-key': [`lin_api_${alnum(40)}`],
  'telegram-bot-token': [`123456789:AA${alnum(33)}`],
  'age-secret-key': [`AGE-SECRET-KEY-1${'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L'.repeat(2).slice(0, 58)}`],
  jwt: ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U'],
};
