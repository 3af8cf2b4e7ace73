/**
 * Fixed distractor skills for the triggering measurement. A router choosing between the skill and
 * "nothing" is an easier test than the one an agent faces; real listings hold many skills, so the
 * candidate competes with a few common, plausible ones. They are fixed (not generated) so scores are
 * comparable across skills and runs, and generic enough not to shadow most skills.
 */
export interface ListedSkill {
  name: string;
  description: string;
}

export const DISTRACTOR_SKILLS: readonly ListedSkill[] = [
  {
    name: 'pdf-toolkit',
    description:
      'Extract text and tables from PDF files, fill PDF forms, merge and split PDFs. Use when the user works ' +
      'with .pdf files.',
  },
  {
    name: 'git-assistant',
    description:
      'Write commit messages, resolve merge conflicts and plan branches. Use when committing, rebasing or ' +
      'reviewing git history.',
  },
  {
    name: 'chart-maker',
    description:
      'Create charts and plots from CSV or JSON data with matplotlib or Vega-Lite. Use when the user asks to ' +
      'visualise data.',
  },
  {
    name: 'api-reference-writer',
    description:
      'Write and update REST API reference documentation from OpenAPI specs. Use when documenting HTTP endpoints.',
  },
  {
    name: 'unit-test-writer',
    description:
      'Write unit tests for existing functions in Python, TypeScript or Go. Use when the user asks for tests or ' +
      'better coverage.',
  },
];
