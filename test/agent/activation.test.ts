import { describe, expect, it } from 'vitest';
import { detectActivation, skillNamedBy, skillReadBy } from '../../src/agent/activation.js';
import type { AgentToolCall } from '../../src/agent/types.js';

const skill = (input: unknown, isError?: boolean): AgentToolCall => ({
  name: 'Skill',
  input,
  ...(isError ? { isError } : {}),
});
const read = (file_path: string): AgentToolCall => ({ name: 'Read', input: { file_path } });
const glob: AgentToolCall = { name: 'Glob', input: { pattern: '**/*.md' } };

describe('detectActivation', () => {
  const cases: {
    name: string;
    calls: AgentToolCall[];
    candidates: string[];
    activated: boolean;
    evidence?: string;
    skills: string[];
  }[] = [
    { name: 'no calls', calls: [], candidates: ['notes'], activated: false, skills: [] },
    {
      name: 'Skill naming it',
      calls: [skill({ skill: 'notes' })],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 1: Skill {"skill":"notes"}',
      skills: ['notes'],
    },
    {
      name: 'on a later call',
      calls: [glob, glob, skill({ skill: 'notes' })],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 3: Skill {"skill":"notes"}',
      skills: ['notes'],
    },
    {
      name: 'plugin-qualified',
      calls: [skill({ skill: 'kit:notes' })],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 1: Skill {"skill":"kit:notes"}',
      skills: ['notes'],
    },
    {
      name: 'slash form with arguments',
      calls: [skill({ skill: '/notes v1.2' })],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 1: Skill {"skill":"/notes v1.2"}',
      skills: ['notes'],
    },
    {
      name: 'older `command` field',
      calls: [skill({ command: 'notes' })],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 1: Skill {"command":"notes"}',
      skills: ['notes'],
    },
    {
      name: 'another skill only',
      calls: [skill({ skill: 'pdf' })],
      candidates: ['notes'],
      activated: false,
      skills: ['pdf'],
    },
    {
      name: 'another, then it',
      calls: [skill({ skill: 'pdf' }), skill({ skill: 'notes' })],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 2: Skill {"skill":"notes"}',
      skills: ['pdf', 'notes'],
    },
    {
      name: 'a prefix of the name is not the name',
      calls: [skill({ skill: 'notes-extra' })],
      candidates: ['notes'],
      activated: false,
      skills: ['notes-extra'],
    },
    {
      name: 'a failed Skill call still shows the choice',
      calls: [skill({ skill: 'notes' }, true)],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 1: Skill {"skill":"notes"} (the tool reported an error)',
      skills: ['notes'],
    },
    { name: 'Skill without a name', calls: [skill({})], candidates: ['notes'], activated: false, skills: [] },
    {
      name: 'Read of SKILL.md (relative)',
      calls: [read('.claude/skills/notes/SKILL.md')],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 1: Read .claude/skills/notes/SKILL.md',
      skills: ['notes'],
    },
    {
      name: 'Read of SKILL.md (absolute)',
      calls: [glob, read('/tmp/x/project/.claude/skills/notes/SKILL.md')],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 2: Read /tmp/x/project/.claude/skills/notes/SKILL.md',
      skills: ['notes'],
    },
    {
      name: 'Read with Windows separators',
      calls: [read('C:\\p\\.claude\\skills\\notes\\SKILL.md')],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 1: Read C:\\p\\.claude\\skills\\notes\\SKILL.md',
      skills: ['notes'],
    },
    {
      name: 'Read of another file of the skill',
      calls: [read('.claude/skills/notes/reference.md')],
      candidates: ['notes'],
      activated: false,
      skills: [],
    },
    {
      name: 'Read of a SKILL.md outside .claude/skills',
      calls: [read('docs/notes/SKILL.md')],
      candidates: ['notes'],
      activated: false,
      skills: [],
    },
    {
      name: 'a Glob that lists SKILL.md is not activation',
      calls: [{ name: 'Glob', input: { pattern: '.claude/skills/notes/SKILL.md' } }],
      candidates: ['notes'],
      activated: false,
      skills: [],
    },
    {
      name: "any of a plugin's skills",
      calls: [skill({ skill: 'kit:b' })],
      candidates: ['a', 'b'],
      activated: true,
      evidence: 'tool call 1: Skill {"skill":"kit:b"}',
      skills: ['b'],
    },
    {
      name: 'Skill then Read of the same: listed once',
      calls: [skill({ skill: 'notes' }), read('.claude/skills/notes/SKILL.md')],
      candidates: ['notes'],
      activated: true,
      evidence: 'tool call 1: Skill {"skill":"notes"}',
      skills: ['notes'],
    },
  ];
  it.each(cases)('$name', ({ calls, candidates, activated, evidence, skills }) => {
    const result = detectActivation(calls, candidates);
    expect(result.activated).toBe(activated);
    expect(result.evidence).toBe(evidence);
    expect(result.activatedSkills).toEqual(skills);
  });
});

describe('skillNamedBy / skillReadBy', () => {
  it('read only string fields', () => {
    expect(skillNamedBy({ skill: 42 })).toBeUndefined();
    expect(skillNamedBy(null)).toBeUndefined();
    expect(skillNamedBy({ skill: 'a:b:c' })).toBe('c');
    expect(skillReadBy({ file_path: 7 })).toBeUndefined();
    expect(skillReadBy({ path: '.claude/skills/x/skill.md' })).toBe('x');
  });
});
