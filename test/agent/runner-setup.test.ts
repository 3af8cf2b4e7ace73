/**
 * What the Claude agent runner hands to the Claude Code process, seen through a fake `claude` that records its
 * arguments and environment into its working directory (the run's project, kept) and exits: the isolation flags,
 * the minimal environment (inside the sandbox and without it), the executable choice.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { ClaudeAgentRunner, findClaudeOnPath, resolveExecutable } from '../../src/agent/claude-agent-runner.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-runner-setup-');
const skillDir = join(tree.write('skill/notes/SKILL.md', '---\nname: notes\ndescription: Notes.\n---\n'), '..');
const bin = tree.dir('bin');
const fakeClaude = join(bin, 'claude');
writeFileSync(fakeClaude, '#!/bin/sh\n{ echo "ARGS $*"; env; } > record.txt\nexit 3\n');
const recorded = (projectDir: string | undefined): string => readFileSync(join(projectDir ?? '', 'record.txt'), 'utf8');
const envOf = (seen: string): Record<string, string> =>
  Object.fromEntries(
    seen
      .split('\n')
      .filter((l) => /^[A-Z_]+=/.test(l))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
chmodSync(fakeClaude, 0o755);

describe('the Claude Code process the runner starts', () => {
  it('gets an isolated HOME and config dir, project-only settings, the tools asked for, and no other variables', async () => {
    const userHome = tree.dir('user-home');
    mkdirSync(join(userHome, '.claude', 'skills', 'notes'), { recursive: true });
    const runner = new ClaudeAgentRunner({
      executable: fakeClaude,
      baseURL: 'http://127.0.0.1:9',
      apiKey: 'sk-ant-given',
      maxRetries: 0,
      env: { PATH: '/usr/bin:/bin', SECRET_TOKEN: 'do-not-pass', ANTHROPIC_AUTH_TOKEN: 'tok', HOME: userHome },
      tempDir: tree.dir('runs'),
      realHome: userHome,
    });
    const result = await runner.run({
      prompt: 'hi',
      install: { kind: 'skill', dir: skillDir, name: 'notes' },
      model: 'claude-haiku-5-5',
      allowedTools: ['Skill', 'Read'],
      maxTurns: 4,
      keepProject: true,
    });
    expect(result.status).toBe('infra');
    expect(result.infraError?.kind).toBe('crash');
    expect(result.infraError?.message).toMatch(/exited with code 3/);
    // The user's own same-named skill is reported, not used.
    expect(result.warnings?.[0]).toMatch(/you have your own skill "notes"/);
    const seen = recorded(result.projectDir);
    const env = envOf(seen);
    expect(env.HOME).toMatch(/plugin-eval-run-[^/]+\/home$/);
    expect(env.CLAUDE_CONFIG_DIR).toBe(`${env.HOME}/.claude`);
    expect(env.ANTHROPIC_API_KEY).toBe('sk-ant-given');
    expect(env.ANTHROPIC_AUTH_TOKEN).toBe('tok');
    // Inside the sandbox: the endpoint through the forwarder on the sandbox's own loopback, a system-only PATH.
    expect(env.ANTHROPIC_BASE_URL).toBe('http://127.0.0.1:18080');
    expect(env.PATH).toBe('/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin');
    expect(env.TMPDIR).toBe('/tmp');
    expect(env.CLAUDE_CODE_MAX_RETRIES).toBe('0');
    expect(env.CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC).toBe('1');
    expect(env.DISABLE_TELEMETRY).toBe('1');
    expect(env.BUN_GC_TIMER_DISABLE).toBe('1');
    expect(env.SECRET_TOKEN).toBeUndefined();
    // Without the option, the user's own CLAUDE_CODE_MAX_RETRIES reaches Claude Code.
    const passing = new ClaudeAgentRunner({
      executable: fakeClaude,
      env: { PATH: '/usr/bin:/bin', CLAUDE_CODE_MAX_RETRIES: '2' },
      tempDir: tree.dir('runs'),
      realHome: userHome,
    });
    const passed = await passing.run({
      prompt: 'hi',
      install: { kind: 'none' },
      model: 'claude-haiku-5-5',
      keepProject: true,
    });
    expect(recorded(passed.projectDir)).toMatch(/^CLAUDE_CODE_MAX_RETRIES=2$/m);
    // Unsandboxed, the process gets the base URL and PATH as given.
    const bare = new ClaudeAgentRunner({
      executable: fakeClaude,
      baseURL: 'http://127.0.0.1:9',
      env: { PATH: '/usr/bin:/bin' },
      tempDir: tree.dir('runs'),
      realHome: userHome,
      sandbox: false,
    });
    const bareEnv = envOf(
      recorded(
        (await bare.run({ prompt: 'hi', install: { kind: 'none' }, model: 'claude-haiku-5-5', keepProject: true }))
          .projectDir,
      ),
    );
    expect(bareEnv.ANTHROPIC_BASE_URL).toBe('http://127.0.0.1:9');
    expect(bareEnv.PATH).toBe('/usr/bin:/bin');
    const args = seen.split('\n')[0] ?? '';
    for (const flag of [
      '--setting-sources=project',
      '--max-turns=4',
      '--model=claude-haiku-5-5',
      '--tools=Skill,Read',
      '--allowedTools=Skill,Read',
      '--permission-mode=dontAsk',
      '--no-session-persistence',
    ]) {
      expect(args.split(' ')).toContain(flag);
    }
  });
});

describe('choosing the executable', () => {
  it("auto finds the user's claude on PATH, else the bundled binary", () => {
    expect(findClaudeOnPath(`/nonexistent:${bin}`)).toBe(fakeClaude);
    expect(resolveExecutable('auto', bin)).toBe(fakeClaude);
    expect(resolveExecutable(undefined, '/nonexistent')).toBeUndefined();
    expect(resolveExecutable('bundled', bin)).toBeUndefined();
    expect(resolveExecutable(fakeClaude, '')).toBe(fakeClaude);
  });

  it('a path that is not an executable is bad input, named in the message', () => {
    expect(() => resolveExecutable(join(bin, 'missing'), '')).toThrow(InputError);
    expect(() => resolveExecutable(join(bin, 'missing'), '')).toThrow(
      `${join(bin, 'missing')} does not exist or is not executable`,
    );
  });
});
