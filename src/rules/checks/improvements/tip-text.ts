/**
 * Every sentence a tip can say, as fixed text with slots. A tip never rewrites the author's words into a sentence
 * of its own: it quotes them (`{q}`) and says what is missing, and its example is fixed text with only the target's
 * own name filled in (`{name}`). test/tip-text.test.ts checks every tip of the fixtures and the shared corpus
 * against these templates.
 *
 * Slots: `{q}` the author's words, quoted (a list is quoted item by item); `{n}` a number or a list of numbers;
 * `{name}` the target's own name (examples only); `{w}` words from a fixed list (tool names, `$ARGUMENTS`).
 */
export const TIP_TEXTS = {
  // Skill frontmatter (frontmatter-quality and the description anti-patterns).
  nameDiffers:
    'The frontmatter name is {q} but the folder is {q}: set the name to the folder name (the Agent Skills spec ' +
    'requires them to match).',
  nameMissing: 'The frontmatter has no name: set it to the folder name {q} (the Agent Skills spec requires it).',
  descriptionMissing: 'The skill has no description, so the agent cannot tell when to load it.',
  descriptionQuoted: 'The description {q}',
  gapNoTrigger: 'has no "Use when ..." clause',
  gapNegatedTrigger: 'has only a negated trigger ({q})',
  gapLength: 'is {n} characters (100 or more score best)',
  gapTooLong: 'is {n} characters, past the limit of 1024',
  gapSituations: 'names {n} situation(s) after a comma (3 or more score best)',
  gapActivity: 'names no activity ("when reviewing ...")',
  gapStuffed: 'reads as keyword-stuffed (activation words, repeated terms or catch-all claims)',
  descriptionFix:
    'Say in your own words what the skill does, then "Use when ..." with the situations it is for, each after a ' +
    'comma.',
  // Skill body (orchestration-wiring, structural-completeness, token-efficiency, progressive-disclosure).
  output:
    'SKILL.md never says what the skill returns or in what format (no Output section): add one, so a caller knows ' +
    'what comes back.',
  input:
    'SKILL.md never says what the skill receives (no Input section, no mention of its inputs or arguments): add one.',
  examples: 'No Examples section: add one worked example (a real request and what the skill returns).',
  troubleshooting:
    'No Troubleshooting section: add one listing the failures the skill can meet and what to do about each.',
  directives:
    '{n} MUST/ALWAYS/NEVER in {n} prose lines: keep capitals for the {n} hard constraint(s) that matter most and ' +
    'write the other {n} as plain advice with the reason.',
  repeatedLines:
    '{n} prose line(s) repeat an earlier line (the first on line {n}): delete them; each line loaded into context ' +
    'should say something new.',
  unlinkedReferences:
    '{n} reference file(s) are not linked from SKILL.md ({q}), so the agent cannot find them: link each one where ' +
    'it is needed, or in a "References" section.',
  // Anti-pattern rules.
  overConstrained:
    '{n} MUST/ALWAYS/NEVER in prose: keep capitals for at most {n} hard constraints and write the other {n} as ' +
    'plain advice with the reason.',
  moveSection:
    'SKILL.md is {n} lines with nothing in references/: move the {n}-line section {q} (lines {n}-{n}) into {q} and ' +
    'link it from SKILL.md, so the agent loads it only when it needs it.',
  orphanReferences:
    '{n} link(s) into references/ point at files that do not exist (line {n}): create each file, or remove the ' +
    'link and keep its text.',
  deadReferences:
    '{n} reference(s) to skills or agents that do not exist ({q}): point each at an existing skill folder or ' +
    'agents/<name>.md, or drop the path.',
  emptyFiles: '{n} empty file(s) ({q}): fill each with the detail SKILL.md points to, or delete it.',
  injection:
    'Delete the flagged line(s) ({q} line {n}): address the agent that uses the skill, never whoever grades it ' +
    '(any attempt withholds the badge).',
  // A plugin's agents.
  agentNameDiffers:
    "The agent's name is {q} but its file is {q}: set the name to the file name; Claude Code finds the agent by " +
    'that name.',
  agentNameMissing: 'The agent has no name: set it to its file name {q}; Claude Code finds the agent by that name.',
  agentDescriptionMissing:
    'The agent has no description: say what it does and when to use it; the router picks ' + 'agents by this text.',
  agentDescriptionQuoted: "The agent's description {q}",
  agentGapLength: 'is {n} characters (40 or more score best)',
  agentGapWhen: 'does not say when to use the agent',
  agentDescriptionFix: 'Say what the agent does, then "Use this agent when ...": the router picks agents by this text.',
  agentExamples:
    'Add a "When to use" section (or <example> blocks) with the requests that should reach this agent; it has ' +
    'neither.',
  agentToolsNamed: "List the agent's tools: without `tools` it gets every tool; its prompt uses {w}.",
  agentToolsNone:
    "List the agent's tools: without `tools` it gets every tool. Its prompt names none, so a read-only set is " +
    'shown; add what it really needs.',
  agentModel:
    "Choose the agent's model (`inherit` uses the conversation's model; `haiku` or `sonnet` when the task is " +
    'simpler or cheaper).',
  agentOutput:
    'Say what the agent returns: its prompt defines no output format, so the caller cannot rely on the shape of ' +
    'its answer.',
  // A plugin's commands.
  commandDescriptionMissing: 'The command has no description, so /help shows it blank: describe it in one line.',
  commandDescriptionShort:
    "The command's description {q} is {n} characters (20 or more score): describe it in one line.",
  commandArgumentHint: 'Add an argument hint: the command uses {w} and /help does not say what to pass.',
  commandToolsNamed: 'Declare the tools the command may use: it has no `allowed-tools`; its steps use {w}.',
  commandToolsNone:
    'Declare the tools the command may use: it has no `allowed-tools` and names none, so a read-only set is shown; ' +
    'add what it really needs.',
  commandSteps:
    "Number the command's steps: it has {n} heading(s) and no numbered list, and its bullet list reads as a " +
    'sequence.',
} as const;

/** Examples: fixed text, with only the target's own name (`{name}`), numbers and fixed words filled in. */
export const TIP_EXAMPLES = {
  name: 'name: {name}',
  description:
    'description: "(What {name} does, in one sentence.) Use when (the first situation it is for), when (a ' +
    'second), when (a third), or when (a fourth)."',
  output:
    '## Output\n\nReturns (what the skill produces) as (its format: a Markdown report, a JSON object, a file ' +
    'written to a path).',
  input: '## Input\n\nReceives (what the skill is given: the files, arguments or request it works on).',
  examples: '## Examples\n\nA request the skill handles, then what it does and returns for it, step by step.',
  troubleshooting: '## Troubleshooting\n\n- If (a failure the skill can meet), then (what to do about it).',
  softened: 'from line {n}: MUST -> must, ALWAYS -> always, NEVER -> never ({n} in all)',
  agentDescription:
    'description: "(What the {name} agent does, in one sentence.) Use this agent when (the requests that should ' +
    'reach it)."',
  agentWhen: '## When to use\n\n- (A request that should reach the {name} agent.)',
  agentTools: 'tools: {w}',
  agentModel: 'model: inherit',
  agentOutput:
    '## Output format\n\nReturn a short summary of the result first, then the details the caller needs to act on.',
  commandDescription: 'description: "(What /{name} does, in one line.)"',
  commandArgumentHint: 'argument-hint: {w}',
  commandTools: 'allowed-tools: {w}',
} as const;

export type TipTextKey = keyof typeof TIP_TEXTS;
export type TipExampleKey = keyof typeof TIP_EXAMPLES;
type Value = string | number | readonly (string | number)[];

/** Longest quoted span: a quote shows which words are meant, it does not copy a paragraph. */
const MAX_QUOTE = 80;

/**
 * The author's words as a quoted span: one line, double quotes inside made single (so the span ends where it
 * seems to), cut at MAX_QUOTE characters.
 */
export function quoted(words: string): string {
  const one = words.replace(/\s+/g, ' ').trim().replace(/"/g, "'");
  return `"${one.length > MAX_QUOTE ? `${one.slice(0, MAX_QUOTE - 3).trimEnd()}...` : one}"`;
}

const list = (v: Value, each: (x: string | number) => string): string =>
  typeof v === 'string' || typeof v === 'number' ? each(v) : v.map(each).join(', ');

function fill(template: string, values: readonly Value[], name?: string): string {
  let i = 0;
  return template.replace(/\{(q|n|w|name)\}/g, (_m, slot: string) => {
    if (slot === 'name') return name ?? '';
    const v = values[i++] ?? '';
    if (slot === 'q') return list(v, (x) => quoted(String(x)));
    return list(v, String);
  });
}

/** A tip sentence: the template with its slots filled in order (`{q}` values quoted). */
export function tipText(key: TipTextKey, ...values: Value[]): string {
  return fill(TIP_TEXTS[key], values);
}

/** A tip example: the template with the target's own name and the other slots filled in order. */
export function tipExample(key: TipExampleKey, name: string, ...values: Value[]): string {
  return fill(TIP_EXAMPLES[key], values, name);
}
