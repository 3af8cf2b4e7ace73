/** The description a tip proposes reads as English: whole situations, no leftover "This skill should be". */
import { describe, expect, it } from 'vitest';
import { rewrittenDescription } from '../../src/rules/checks/improvements/description.js';
import { makeSkill, skillMd, useSkillCleanup } from '../support/skill-builder.js';

useSkillCleanup();
const rewrite = async (description: string) =>
  rewrittenDescription(
    await makeSkill({
      'SKILL.md': skillMd(
        { name: 'test-skill', description },
        '# Notes\n\nFormats meeting notes into a short summary for the team.\n',
      ),
    }),
  );

describe('rewrittenDescription', () => {
  it('drops "This skill should be" before its trigger instead of keeping it as what the skill does', async () => {
    const out = await rewrite(
      'This skill should be used when the user asks to "create a hookify rule", "write a hook rule", or ' +
        '"configure hookify".',
    );
    expect(out).not.toMatch(/should be/i);
    expect(out).toContain('when the user asks to "write a hook rule"');
  });

  it('gives every situation of a list its subject and verb back', async () => {
    const out = await rewrite(
      'Manage channel access. Use when the user asks to pair, approve someone, check who is allowed, or change policy.',
    );
    expect(out).toContain(
      'Use when the user asks to pair, when the user asks to approve someone, when the user asks to check who ' +
        'is allowed, or when the user asks to change policy.',
    );
  });

  it('never splits inside a quotation, and drops a part with an unbalanced quote', async () => {
    const out = (await rewrite(
      'Set up the channel. Use when the user pastes a token, asks to configure it, or asks "who can reach me, ' +
        'and how".',
    ))!;
    expect(out).toContain('when the user asks "who can reach me, and how"');
    expect((out.match(/"/g) ?? []).length % 2).toBe(0);
  });

  it('reads no purpose from a description that opens with a noun ("Agents are ...")', async () => {
    const out = await rewrite(
      'Agents are autonomous subprocesses that handle tasks. Use when the user asks to "create an agent", "add ' +
        'an agent", or "write a subagent".',
    );
    expect(typeof out).toBe('string');
    expect(out).not.toMatch(/agenting/);
    expect(out).toMatch(
      /^Agents are autonomous subprocesses that handle tasks\. Use when the user asks to "create an agent", /,
    );
  });
});
