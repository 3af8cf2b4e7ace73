import { homedir } from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/run.js';
import { addSettings, settingOf, typedSettings } from '../src/cli/setting-flags.js';
import { resolveSettings } from '../src/config/resolve.js';
import { SETTINGS, type SettingKey, type SettingsCommand } from '../src/config/settings.js';
import { Command as Program } from 'commander';

/**
 * `--help` is generated from the settings table: every default it prints for a setting is the value the resolver
 * uses when nothing is typed, set or configured (the words of a default that depends on the depth or the
 * environment name what the resolver does with that environment).
 */
const SETTINGS_COMMANDS: Readonly<Record<string, SettingsCommand>> = {
  score: 'score',
  certify: 'certify',
  worker: 'worker',
  judge: 'judge',
  evals: 'evals',
};
const BY_FLAG = new Map(SETTINGS.filter((s) => s.flag !== undefined).map((s) => [s.flag!, s]));

const ui = { stdout() {}, stderr() {}, color: false, stderrIsTTY: false, quiet: true, width: 80, signal: undefined };
const program = (): Promise<Command> => buildProgram(ui, () => {});

/** The whole command tree: judge and evals register their subcommands only when they are the command asked for. */
async function everyCommand(): Promise<Command[]> {
  const [main, judge, evals] = await Promise.all([
    program(),
    buildProgram(ui, () => {}, ['judge']),
    buildProgram(ui, () => {}, ['evals']),
  ]);
  const pick = (root: Command, name: string) => root.commands.find((c) => c.name() === name)!;
  return [
    ...main.commands.filter((c) => !['judge', 'evals'].includes(c.name())),
    pick(judge, 'judge'),
    pick(evals, 'evals'),
  ];
}

/** Every command with the settings command it resolves as (a subcommand of judge or evals resolves as its parent). */
function* commandsOf(tops: readonly Command[]): Generator<{ name: string; cmd: Command; as: SettingsCommand }> {
  for (const top of tops) {
    const as = SETTINGS_COMMANDS[top.name()];
    if (as === undefined) continue;
    const walk = function* (
      cmd: Command,
      name: string,
    ): Generator<{ name: string; cmd: Command; as: SettingsCommand }> {
      yield { name, cmd, as };
      for (const sub of cmd.commands) yield* walk(sub, `${name} ${sub.name()}`);
    };
    yield* walk(top, top.name());
  }
}

const defaultIn = (description: string): string | undefined => /\(default: ([^)]*)\)$/.exec(description)?.[1];

/**
 * "$A/x, else $B/y, else ~/z" as the paths it names, in this environment (an unset variable's alternative drops out).
 */
function pathAlternatives(words: string): string[] {
  return words.split(/, else /).flatMap((alt) => {
    const unset = [...alt.matchAll(/\$(\w+)/g)].some((m) => !process.env[m[1]!]);
    return unset
      ? []
      : [path.normalize(alt.replace(/\$(\w+)/g, (_, name: string) => process.env[name]!).replace(/^~/, homedir()))];
  });
}

describe("--help defaults are the resolver's", () => {
  it('every setting flag of every command shows the default the resolver uses', async () => {
    const checked: string[] = [];
    const ownFlags: string[] = [];
    for (const { name, cmd, as } of commandsOf(await everyCommand())) {
      const resolved = (
        await resolveSettings({ command: as, env: { ...process.env, PLUGIN_EVAL_STORE: undefined }, config: false })
      ).settings;
      for (const option of cmd.options) {
        const spec = option.long === undefined ? undefined : BY_FLAG.get(option.long);
        if (spec === undefined || !spec.commands.includes(as)) continue;
        if (settingOf(option) !== spec.key) {
          ownFlags.push(`${name} ${option.long}`);
          continue;
        }
        const value: unknown = resolved[spec.key];
        const shown = defaultIn(option.description);
        const where = `${name} ${option.long}`;
        if (typeof value === 'boolean') expect(shown, `${where}: a switch shows no default`).toBeUndefined();
        else if (typeof value === 'string' && path.isAbsolute(value))
          expect(pathAlternatives(shown ?? ''), where).toContain(path.normalize(value));
        else if (typeof value === 'number' || typeof value === 'string') expect(shown, where).toBe(String(value));
        else if (Array.isArray(value) && value.length > 0) expect(shown, where).toBe(value.join(','));
        else if (shown !== undefined) {
          // No single value: the words must not read as one the setting takes (they would then be a wrong default);
          // a setting that takes any text (a file, a folder) cannot tell words from a value.
          expect(
            spec.check('any words at all').ok || !spec.check(shown).ok,
            `${where}: "${shown}" reads as a value, but the resolver's default is ${JSON.stringify(value)}`,
          ).toBe(true);
        }
        checked.push(where);
      }
    }
    // A command's own flag spelled as a setting's: the worker's jobs at once, the judge toolkit's panel (its own
    // parser).
    expect(ownFlags.sort()).toEqual(
      [
        'judge bias --judge-model',
        'judge calibrate --judge-model',
        'judge compare --judge-model',
        'judge score --judge-model',
        'worker --concurrency',
      ].sort(),
    );
    // The score flags, certify's, the provider flags of judge and evals, and the worker's.
    expect(checked).toEqual(
      expect.arrayContaining([
        'score --depth',
        'certify --depth',
        'score --jobs',
        'score --concurrency',
        'score --request-timeout',
        'score --ci-width',
        'score --runner',
        'score --agent-model',
        'score --store',
        'score --queue-name',
        'certify --references',
        'certify --corpus-dir',
        'judge score --request-timeout',
        'evals grade --concurrency',
        'evals triggers --runner',
        'worker --queue-name',
      ]),
    );
  });

  it("certify's --depth default is deep and score's quick, as they resolve", async () => {
    const root = await program();
    const depthHelp = (name: string) =>
      defaultIn(root.commands.find((c) => c.name() === name)!.options.find((o) => o.long === '--depth')!.description);
    expect(depthHelp('score')).toBe('quick');
    expect(depthHelp('certify')).toBe('deep');
  });

  it('every --request-timeout comes from the table: one help text and default in each command', async () => {
    const texts = new Set<string>();
    let count = 0;
    for (const { cmd } of commandsOf(await everyCommand())) {
      const option = cmd.options.find((o) => o.long === '--request-timeout');
      if (option === undefined) continue;
      count += 1;
      texts.add(defaultIn(option.description) ?? '');
    }
    expect(count).toBeGreaterThanOrEqual(5);
    expect([...texts]).toEqual(['120']);
  });
});

describe('typed settings', () => {
  it('a typed flag is given under its setting key; an untyped one and an untyped --no-x are not', () => {
    const cmd = addSettings(new Program('t').exitOverride(), 'score', [
      'maxRuns',
      'cache',
      'judgeModels',
      'adaptive',
    ] satisfies SettingKey[]);
    cmd.parse(['--mc-n', '7', '--judge-model', 'a,b', '--no-adaptive'], { from: 'user' });
    const typed = (attribute: string) => cmd.getOptionValueSource(attribute) === 'cli';
    expect(typedSettings(cmd.opts(), ['maxRuns', 'cache', 'judgeModels', 'adaptive'], typed)).toEqual({
      maxRuns: '7',
      judgeModels: 'a,b',
      adaptive: false,
    });
    // Without commander's value source: present values count, and --no-cache only when it turned the cache off.
    expect(typedSettings({ cache: true, mcN: '3' }, ['maxRuns', 'cache'])).toEqual({ maxRuns: '3' });
    expect(typedSettings({ cache: false }, ['cache'])).toEqual({ cache: false });
  });
});
