/**
 * chooseJudgeEndpoint: a job's judge endpoint is the worker's own, or on its allowlist, or refused, whatever the
 * job says about kind, trailing slashes, credentials in the URL or other schemes.
 */
import { describe, expect, it } from 'vitest';
import { chooseJudgeEndpoint, endpointKey } from '../../src/queue/endpoint-trust.js';

const own = { kind: 'anthropic', baseURL: 'https://api.anthropic.com' };

describe('chooseJudgeEndpoint', () => {
  it.each([
    ["the worker's own endpoint", { kind: 'anthropic', baseURL: 'https://api.anthropic.com/' }, [], { use: 'own' }],
    ["no URL: the backend's default, the worker's own", { kind: 'anthropic', baseURL: null }, [], { use: 'own' }],
    [
      'an allowlisted endpoint',
      { kind: 'openai-compatible', baseURL: 'http://10.0.0.5:8000/v1' },
      ['http://10.0.0.5:8000/v1/'],
      { use: 'allowed', kind: 'openai-compatible', baseURL: 'http://10.0.0.5:8000/v1' },
    ],
  ] as const)('%s is used', (_name, planned, allowed, expected) => {
    expect(chooseJudgeEndpoint(planned, own, allowed)).toEqual(expected);
  });

  it.each([
    ['another URL', { kind: 'anthropic', baseURL: 'http://127.0.0.1:9/' }, []],
    [
      'another URL with the allowlist naming a neighbour',
      { kind: 'anthropic', baseURL: 'http://10.0.0.5:8000/v2' },
      ['http://10.0.0.5:8000/v1'],
    ],
    [
      'the allowed host with credentials added',
      { kind: 'anthropic', baseURL: 'http://u:p@10.0.0.5:8000/v1' },
      ['http://10.0.0.5:8000/v1'],
    ],
    ['another provider kind at its default endpoint', { kind: 'claude-code', baseURL: null }, []],
    ["another kind at the worker's own URL", { kind: 'openai-compatible', baseURL: 'https://api.anthropic.com' }, []],
    [
      'a scheme other than http(s), even if listed',
      { kind: 'anthropic', baseURL: 'file:///etc/passwd' },
      ['file:///etc/passwd'],
    ],
  ] as const)('%s is refused', (_name, planned, allowed) => {
    const choice = chooseJudgeEndpoint(planned, own, allowed);
    expect(choice.use).toBe('refused');
    // The refusal names the worker's own endpoint only where the job itself did, and hides a password the job put in
    // its URL.
    if (!planned.baseURL?.includes('api.anthropic.com'))
      expect(JSON.stringify(choice)).not.toContain('api.anthropic.com');
    expect(JSON.stringify(choice)).not.toContain(':p@');
  });

  it('endpointKey normalises the URL and drops a trailing slash', () => {
    expect(endpointKey('HTTP://Example.COM:80/v1/')).toBe('http://example.com/v1');
    expect(endpointKey('not a url')).toBeUndefined();
  });
});
