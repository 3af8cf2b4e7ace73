import { describe, expect, it } from 'vitest';
import { distinctPrompts, rejectedText, screenGeneratedPrompts } from '../../src/monte-carlo/prompt-screen.js';

describe('screenGeneratedPrompts', () => {
  it('rejects schema filler and placeholders, keeps real requests', () => {
    const out = screenGeneratedPrompts(
      {
        positives: [
          'example prompt 1',
          'Positive prompt 2',
          'Write release notes for the v2.0 tag from this git log',
          '<user request>',
          '{{query}}',
          '[insert a realistic request here]',
          'TODO',
          'test query',
          'Summarise the commits since last Friday as release notes',
        ],
        negatives: ['sample negative prompt', 'Explain what a git tag is'],
      },
      { positives: 10, negatives: 10 },
    );
    expect(out.positives).toEqual([
      'Write release notes for the v2.0 tag from this git log',
      'Summarise the commits since last Friday as release notes',
    ]);
    expect(out.negatives).toEqual(['Explain what a git tag is']);
    expect(out.rejected.map((r) => r.why)).toEqual(Array.from({ length: 8 }, () => 'filler'));
  });

  it('rejects duplicates (case, punctuation, numbers) and near duplicates, on either side', () => {
    const out = screenGeneratedPrompts(
      {
        positives: [
          'Write release notes for v1.2',
          'write release notes for v1.3!',
          'Please write the release notes for the v1.2 tag',
          'Draft changelog entries from the merged pull requests',
        ],
        negatives: ['Write release notes for v2', 'Rebase my branch onto main'],
      },
      { positives: 10, negatives: 10 },
    );
    expect(out.positives).toEqual([
      'Write release notes for v1.2',
      'Please write the release notes for the v1.2 tag',
      'Draft changelog entries from the merged pull requests',
    ]);
    expect(out.negatives).toEqual(['Rebase my branch onto main']);
    expect(out.rejected).toEqual([
      { query: 'write release notes for v1.3!', shouldTrigger: true, why: 'duplicate' },
      { query: 'Write release notes for v2', shouldTrigger: false, why: 'duplicate' },
    ]);
    const near = screenGeneratedPrompts(
      { positives: ['tidy my meeting notes into sections now', 'tidy my meeting notes into sections'], negatives: [] },
      { positives: 5, negatives: 0 },
    );
    expect(near.rejected).toEqual([
      { query: 'tidy my meeting notes into sections', shouldTrigger: true, why: 'near duplicate' },
    ]);
    expect(rejectedText([...out.rejected, ...near.rejected])).toBe(
      '2 duplicate ("write release notes for v1.3!", "Write release notes for v2"), 1 near duplicate ("tidy my ' +
        'meeting notes into sections")',
    );
  });

  it('takes at most the number asked, and looks at a bounded part of a long reply', () => {
    const many = Array.from({ length: 5000 }, () => 'example prompt');
    const out = screenGeneratedPrompts(
      { positives: [...many, 'a real request about notes'], negatives: [] },
      {
        positives: 3,
        negatives: 0,
      },
    );
    expect(out.positives).toEqual([]);
    expect(out.rejected.length).toBe(12);
  });
});

describe('distinctPrompts', () => {
  it("counts a prompt file's repeated lines once per side", () => {
    const out = distinctPrompts([
      { query: 'Tidy my notes', shouldTrigger: true },
      { query: '  tidy my   NOTES ', shouldTrigger: true },
      { query: 'tidy my notes', shouldTrigger: false },
    ]);
    expect(out.repeated).toBe(1);
    expect(out.prompts.map((p) => p.shouldTrigger)).toEqual([true, false]);
  });
});
