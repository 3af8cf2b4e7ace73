import { describe, expect, it } from 'vitest';
import { ConfigError, NotMeasuredError, UsageError } from '../../src/errors.js';
import { createProvider } from '../../src/providers/provider-stack.js';
import { selectProvider } from '../../src/providers/select.js';

describe('selectProvider', () => {
  const allKeys = { ANTHROPIC_API_KEY: 'a', OPENAI_API_KEY: 'o', OPENAI_BASE_URL: 'http://127.0.0.1:1/v1' };

  it('puts the flag first', () => {
    expect(selectProvider({ flag: 'claude-code', config: { provider: 'anthropic' }, env: allKeys })).toMatchObject({
      kind: 'claude-code',
      reason: '--provider claude-code',
      model: 'sonnet',
    });
  });

  it('then the configuration', () => {
    expect(selectProvider({ config: { provider: 'openai', model: 'qwen2.5' }, env: allKeys })).toMatchObject({
      kind: 'openai-compatible',
      reason: 'configuration sets provider "openai"',
      model: 'qwen2.5',
      baseURL: 'http://127.0.0.1:1/v1',
    });
  });

  it('then ANTHROPIC_API_KEY', () => {
    expect(selectProvider({ env: allKeys })).toMatchObject({
      kind: 'anthropic',
      reason: 'ANTHROPIC_API_KEY is set',
      model: 'sonnet',
    });
  });

  it('then OPENAI_API_KEY or OPENAI_BASE_URL', () => {
    expect(selectProvider({ env: { OPENAI_API_KEY: 'o' } })).toMatchObject({
      kind: 'openai-compatible',
      reason: 'OPENAI_API_KEY is set',
      model: 'gpt-5-mini',
    });
    const local = selectProvider({ env: { OPENAI_BASE_URL: 'http://localhost:8000/v1' } });
    expect(local).toMatchObject({ kind: 'openai-compatible', model: undefined, baseURL: 'http://localhost:8000/v1' });
    expect(local.reason).toContain('OPENAI_BASE_URL is set');
    expect(selectProvider({ env: { OPENAI_BASE_URL: 'http://localhost:8000/v1', OPENAI_MODEL: 'qwen' } }).model).toBe(
      'qwen',
    );
  });

  it('points the provider the environment picks at --base-url (it was ignored, and calls went to the default host)', () => {
    const local = 'http://127.0.0.1:9/v1';
    expect(
      selectProvider({
        env: { ANTHROPIC_API_KEY: 'a', ANTHROPIC_BASE_URL: 'http://elsewhere' },
        config: { baseURL: local },
      }),
    ).toMatchObject({ kind: 'anthropic', baseURL: local });
    expect(selectProvider({ env: { OPENAI_API_KEY: 'o' }, config: { baseURL: local } })).toMatchObject({
      kind: 'openai-compatible',
      baseURL: local,
    });
    expect(selectProvider({ env: {}, config: { baseURL: local } })).toMatchObject({
      kind: 'claude-code',
      baseURL: local,
    });
    expect(selectProvider({ env: { ANTHROPIC_API_KEY: 'a', ANTHROPIC_BASE_URL: 'http://elsewhere' } }).baseURL).toBe(
      'http://elsewhere',
    );
  });

  it('falls back to the Claude Code login', () => {
    const selection = selectProvider({ env: {} });
    expect(selection.kind).toBe('claude-code');
    expect(selection.reason).toMatch(/Claude Code login/);
  });

  it('knows ollama and rejects unknown names with the right error kind', () => {
    expect(selectProvider({ flag: 'ollama', env: {} })).toMatchObject({
      kind: 'openai-compatible',
      baseURL: 'http://localhost:11434/v1',
    });
    expect(() => selectProvider({ flag: 'gemini', env: {} })).toThrow(UsageError);
    expect(() => selectProvider({ config: { provider: 'gemini' }, env: {} })).toThrow(ConfigError);
  });

  it('lets an explicit model and PLUGIN_EVAL_MODEL override defaults', () => {
    expect(selectProvider({ env: { ANTHROPIC_API_KEY: 'a' }, model: 'opus' }).model).toBe('opus');
    expect(selectProvider({ env: { ANTHROPIC_API_KEY: 'a', PLUGIN_EVAL_MODEL: 'haiku' } }).model).toBe('haiku');
  });

  it('feeds createProvider, which checks credentials', () => {
    expect(() => createProvider(selectProvider({ flag: 'anthropic', env: {} }), { env: {} })).toThrow(NotMeasuredError);
    expect(() => createProvider(selectProvider({ flag: 'anthropic', env: {} }), { env: {} })).toThrow(
      /could not measure: the anthropic provider at https:\/\/api\.anthropic\.com: no credentials: set ANTHROPIC_API_KEY/,
    );
    expect(
      createProvider(selectProvider({ env: { ANTHROPIC_API_KEY: 'a' } }), { env: { ANTHROPIC_API_KEY: 'a' } }).name,
    ).toBe('anthropic');
    expect(createProvider(selectProvider({ env: {} }), { env: {} }).name).toBe('claude-code');
  });
});
