import { describe, expect, it } from 'vitest';
import { agentQuality } from '../../src/rules/checks/components/agent-quality.js';
import { commandQuality } from '../../src/rules/checks/components/command-quality.js';
import { compatAgent } from '../../src/rules/checks/components/compat-agent.js';
import { COMPONENT_CHECKS } from '../../src/rules/checks/components/index.js';
import { makeComponent, skillMd, textLines, useSkillCleanup } from '../support/skill-builder.js';

useSkillCleanup();

interface Case {
  name: string;
  text: string;
  expectedScore: number;
  expectedFindings?: string[];
}

const TRIGGER_DESCRIPTION = 'Reviews diffs for bugs. Use proactively after edits; use when the user asks for a review.';
const LONG_PROMPT = textLines(20, (i) => `Rule ${i + 1}: be precise about finding ${i + 1}.`);

describe('agent-quality (default)', () => {
  // Rule: 0.30 base; +0.10 kebab name == file stem (else error); description >= 40 .10 / >= 20 .05 (empty: error);
  // +0.15 non-negated trigger or "use proactively"; +0.10 <example> or an example/when-to-use heading; +0.10 tools
  // set; +0.05 model string; +0.10 >= 20 prose lines; +0.10 output format / return / report in the body; cap 1.0.
  const cases: Case[] = [
    {
      name: 'name mismatch, no description',
      text: '---\nname: x\n---\nHi\n',
      expectedScore: 0.3,
      expectedFindings: ['agent/name-matches-file', 'agent/description-required'],
    },
    // Without frontmatter the parser's frontmatter/missing error is the one problem: no finding piles on it.
    { name: 'no frontmatter at all', text: 'You review code.\n', expectedScore: 0.3, expectedFindings: [] },
    {
      name: 'name not kebab-case',
      text: skillMd({ name: 'Code Reviewer' }, 'Hi\n'),
      expectedScore: 0.3,
      expectedFindings: ['agent/name-format', 'agent/name-matches-file', 'agent/description-required'],
    },
    {
      name: 'everything: 1.10 capped at 1.0',
      text: skillMd(
        { name: 'code-reviewer', description: TRIGGER_DESCRIPTION, tools: ['Read', 'Grep'], model: 'sonnet' },
        `You are a code reviewer.\n\n## When to use\n\nAfter edits.\n\n${LONG_PROMPT}\n\nReturn a report in ` +
          `this output format: one line per issue.\n`,
      ),
      expectedScore: 1,
    },
    {
      name: 'short description and tools',
      text: skillMd({ name: 'code-reviewer', description: 'Reviews pull request code', tools: ['Read'] }, 'Hi\n'),
      expectedScore: 0.55,
    },
    {
      name: 'negated trigger earns no trigger credit',
      text: skillMd({ name: 'code-reviewer', description: 'Do not use when the diff is trivial or empty.' }, 'Hi\n'),
      expectedScore: 0.5,
    },
    {
      name: '"Use proactively" is a trigger',
      text: skillMd({ name: 'code-reviewer', description: 'Reviews code. Use proactively.' }, 'Hi\n'),
      expectedScore: 0.6,
    },
    // Claude Code's own agent form; it once earned nothing, so a tip told such agents to add a "Use when".
    {
      name: '"Use this agent when" is a trigger',
      text: skillMd(
        { name: 'code-reviewer', description: 'Use this agent when the user asks for a code review.' },
        'Hi\n',
      ),
      expectedScore: 0.65,
    },
    {
      name: '"Do not use this agent when" is not',
      text: skillMd({ name: 'code-reviewer', description: 'Do not use this agent when the diff is trivial.' }, 'Hi\n'),
      expectedScore: 0.5,
    },
    {
      name: '<example> in the body',
      text: skillMd({ name: 'code-reviewer' }, '<example>\nuser: review this\n</example>\n'),
      expectedScore: 0.5,
      expectedFindings: ['agent/description-required'],
    },
    {
      name: '"return" in the body is an output format',
      text: skillMd({ name: 'code-reviewer' }, 'Return a list of issues.\n'),
      expectedScore: 0.5,
      expectedFindings: ['agent/description-required'],
    },
    {
      name: 'empty model string earns nothing',
      text: skillMd({ name: 'code-reviewer', model: '' }, 'Hi\n'),
      expectedScore: 0.4,
      expectedFindings: ['agent/description-required'],
    },
    {
      name: '20 prose lines of system prompt',
      text: skillMd({ name: 'code-reviewer' }, `${LONG_PROMPT}\n`),
      expectedScore: 0.5,
      expectedFindings: ['agent/description-required'],
    },
  ];
  it.each(cases)('$name', async ({ text, expectedScore, expectedFindings }) => {
    const outcome = agentQuality.run(await makeComponent(text, 'agent', 'code-reviewer'));
    expect(outcome.score).toBeCloseTo(expectedScore, 10);
    expect(outcome.findings.map((f) => f.ruleId)).toEqual(expectedFindings ?? []);
  });
});

describe('compat/agent', () => {
  // Rule (PluginEval 0.1.x, body never read): 0.5 + 0.2 "use proactively" + 0.1 tools + 0.1 (>= 40) / 0.05 (>= 20)
  // description + 0.1 model.
  const cases: Case[] = [
    { name: 'empty frontmatter', text: '---\nname: code-reviewer\n---\nHi\n', expectedScore: 0.5 },
    {
      name: '"use proactively" and a 57-char description',
      text: skillMd({ description: 'Use proactively after edits to review the code carefully.' }, 'Hi\n'),
      expectedScore: 0.8,
    },
    {
      name: 'everything',
      text: skillMd(
        {
          description: 'Use proactively after edits to review the code carefully.',
          tools: 'Read, Grep',
          model: 'sonnet',
        },
        'Hi\n',
      ),
      expectedScore: 1,
    },
    {
      name: '25-char description',
      text: skillMd({ description: 'Reviews pull request code' }, 'Hi\n'),
      expectedScore: 0.55,
    },
    {
      name: '"USE PROACTIVELY" matches case-insensitively',
      text: skillMd({ description: 'USE PROACTIVELY.' }, 'Hi\n'),
      expectedScore: 0.7,
    },
    { name: 'empty tools string is not set', text: skillMd({ tools: '' }, 'Hi\n'), expectedScore: 0.5 },
    {
      name: 'the body is never read',
      text: `You are a reviewer.\n\n## When to use\n\n${LONG_PROMPT}\nReturn a report.\n`,
      expectedScore: 0.5,
    },
  ];
  it.each(cases)('$name', async ({ text, expectedScore }) => {
    const outcome = compatAgent.run(await makeComponent(text, 'agent', 'code-reviewer'));
    expect(outcome.score).toBeCloseTo(expectedScore, 10);
    expect(outcome.findings).toEqual([]);
  });
});

describe('command-quality (default)', () => {
  // Rule: 0.40 base; +0.20 description >= 20 (empty: warning); +0.10 argument-hint when the body uses $ARGUMENTS
  // or $N, or no arguments (else warning); +0.10 allowed-tools; +0.10 >= 5 prose lines; +0.10 >= 2 headings or a
  // numbered list.
  const cases: Case[] = [
    {
      name: 'no frontmatter, no arguments',
      text: 'Do it.\n',
      expectedScore: 0.5,
      expectedFindings: ['command/description'],
    },
    {
      name: '$ARGUMENTS without argument-hint',
      text: skillMd({ description: 'Deploys the current branch.' }, 'Deploy $ARGUMENTS.\n'),
      expectedScore: 0.6,
      expectedFindings: ['command/argument-hint'],
    },
    {
      name: '$1 with an argument-hint',
      text: skillMd({ description: 'Deploys the current branch.', 'argument-hint': '<env>' }, 'Deploy to $1.\n'),
      expectedScore: 0.7,
    },
    {
      name: '19-char description: no credit, no warning',
      text: skillMd({ description: 'Deploys the branch.' }, 'Do it.\n'),
      expectedScore: 0.5,
    },
    {
      name: 'numbered steps count as structure',
      text: '1. Build.\n2. Ship.\n',
      expectedScore: 0.6,
      expectedFindings: ['command/description'],
    },
    {
      name: 'everything',
      text: skillMd(
        { description: 'Deploys the current branch.', 'argument-hint': '<env>', 'allowed-tools': 'Bash(git:*)' },
        '## Steps\n\nBuild the app.\nRun the tests.\nTag the release.\n\n## Target\n\nDeploy to $ARGUMENTS.\n',
      ),
      expectedScore: 1,
    },
  ];
  it.each(cases)('$name', async ({ text, expectedScore, expectedFindings }) => {
    const outcome = commandQuality.run(await makeComponent(text, 'command', 'deploy'));
    expect(outcome.score).toBeCloseTo(expectedScore, 10);
    expect(outcome.findings.map((f) => f.ruleId)).toEqual(expectedFindings ?? []);
  });

  // Suspected bug: argument use is detected over the whole body, code included, so `$1` in an awk example makes
  // the command "take arguments": a missing-argument-hint warning and -0.10.
  it('$1 inside a code block is not a command argument', async () => {
    const text = skillMd({ description: 'Counts words in each file.' }, "Run:\n```bash\nawk '{print $1}' file\n```\n");
    const outcome = commandQuality.run(await makeComponent(text, 'command', 'wc'));
    expect(outcome.findings).toEqual([]);
    expect(outcome.score).toBeCloseTo(0.4 + 0.2 + 0.1, 10);
  });
});

describe('COMPONENT_CHECKS', () => {
  it('wires each methodology to its checks (PluginEval never reads commands)', () => {
    expect(COMPONENT_CHECKS.default).toEqual({ agent: agentQuality, command: commandQuality });
    expect(COMPONENT_CHECKS.compat).toEqual({ agent: compatAgent, command: undefined });
    for (const check of [agentQuality, commandQuality, compatAgent]) expect(check.description.trim()).not.toBe('');
  });
});
