/**
 * agents/*.md frontmatter rules. `AgentFrontmatter` (src/model/manifests.ts) is the single source of the shape;
 * these rules map its `safeParse` issues to ids, and add what a schema cannot say (the name against the file name).
 */
import { AGENT_MODEL_ALIASES, AGENT_MODEL_ID_PREFIX, notInListNote } from '../../data/claude-code.js';
import type { MarkdownComponent } from '../../parse/plugin.js';
import { defineRule, issuesAt, keyLine, readableFrontmatter, report } from '../define.js';
import type { ComponentFacts, AgentRule } from '../types.js';

/** The agent's readable frontmatter (undefined when the parser could not read it and said why). */
const dataOf = (agent: MarkdownComponent) => readableFrontmatter(agent.frontmatter);

export const agentNameRequired: AgentRule = defineRule<AgentRule>(
  {
    id: 'agent/name-required',
    appliesTo: 'agent',
    severity: 'error',
    description: 'Agent frontmatter has a non-empty string `name` (Claude Code finds the agent by it).',
  },
  ({ component, schemaIssues }: ComponentFacts) => {
    const data = dataOf(component);
    if (!data || issuesAt(schemaIssues, 'name', ['invalid_type', 'too_small']).length === 0) return [];
    return [
      report(
        agentNameRequired.meta,
        component.file,
        agentNameRequiredMessage,
        keyLine(component.frontmatter, 'name'),
        1,
      ),
    ];
  },
);
export const agentNameRequiredMessage = 'agent frontmatter must have a `name`';

export const agentNameFormat: AgentRule = defineRule<AgentRule>(
  {
    id: 'agent/name-format',
    appliesTo: 'agent',
    severity: 'error',
    description: "The agent `name` is lowercase letters, digits and hyphens (Claude Code's identifier form).",
  },
  ({ component, schemaIssues }: ComponentFacts) => {
    const data = dataOf(component);
    // An empty name is agent/name-required only, not also a format problem.
    if (!data || data.name === '' || issuesAt(schemaIssues, 'name', ['invalid_format']).length === 0) return [];
    return [
      report(
        agentNameFormat.meta,
        component.file,
        agentNameFormatMessage(String(data.name)),
        keyLine(component.frontmatter, 'name'),
        1,
      ),
    ];
  },
);
export const agentNameFormatMessage = (name: string) =>
  `agent name "${name}" must be lowercase letters, digits and hyphens`;

export const agentNameMatchesFile: AgentRule = defineRule<AgentRule>(
  {
    id: 'agent/name-matches-file',
    appliesTo: 'agent',
    severity: 'warning',
    description: 'The agent `name` equals its file name.',
    rationale:
      'Claude Code identifies an agent by its `name`, not its file, so a different file name works; it is a ' +
      'warning (a likely mistake that makes the agent hard to find), not an error.',
  },
  ({ component }) => {
    const name = dataOf(component)?.name;
    if (typeof name !== 'string' || name === '' || name === component.stem) return [];
    return [
      report(
        agentNameMatchesFile.meta,
        component.file,
        agentNameMatchesFileMessage(name, component.stem),
        keyLine(component.frontmatter, 'name'),
        1,
      ),
    ];
  },
);
export const agentNameMatchesFileMessage = (name: string, stem: string) =>
  `agent name "${name}" differs from the file name "${stem}"`;

export const agentDescriptionRequired: AgentRule = defineRule<AgentRule>(
  {
    id: 'agent/description-required',
    appliesTo: 'agent',
    severity: 'error',
    description: 'Agent frontmatter has a non-empty `description` (the router picks agents by it).',
  },
  ({ component, schemaIssues }: ComponentFacts) => {
    const data = dataOf(component);
    if (!data || issuesAt(schemaIssues, 'description').length === 0) return [];
    return [
      report(
        agentDescriptionRequired.meta,
        component.file,
        agentDescriptionRequiredMessage,
        keyLine(component.frontmatter, 'description'),
        1,
      ),
    ];
  },
);
export const agentDescriptionRequiredMessage = 'agent frontmatter must have a non-empty `description`';

export const agentToolsType: AgentRule = defineRule<AgentRule>(
  {
    id: 'agent/tools-type',
    appliesTo: 'agent',
    severity: 'error',
    description: '`tools`, when given, is a string or a list of tool names.',
  },
  ({ component, schemaIssues }: ComponentFacts) => {
    if (!dataOf(component) || issuesAt(schemaIssues, 'tools').length === 0) return [];
    return [
      report(
        agentToolsType.meta,
        component.file,
        'tools must be a string or a list of tool names',
        keyLine(component.frontmatter, 'tools'),
        1,
      ),
    ];
  },
);

const KNOWN_MODELS = new Set<string>(AGENT_MODEL_ALIASES);

// Claude Code's lists move faster than plugin-eval's: a model we do not know is a note, not a warning.
export const agentModel: AgentRule = defineRule<AgentRule>(
  {
    id: 'agent/model',
    appliesTo: 'agent',
    severity: 'info',
    description: '`model`, when given, is inherit, sonnet, opus, haiku or a claude-* id (src/data/claude-code.ts).',
  },
  ({ component }) => {
    const model = dataOf(component)?.model;
    if (model === undefined || KNOWN_MODELS.has(String(model)) || String(model).startsWith(AGENT_MODEL_ID_PREFIX))
      return [];
    const expected = `agent models (${AGENT_MODEL_ALIASES.join(', ')} or a ${AGENT_MODEL_ID_PREFIX}* id)`;
    return [
      report(
        agentModel.meta,
        component.file,
        notInListNote('model', String(model), expected),
        keyLine(component.frontmatter, 'model'),
        1,
      ),
    ];
  },
);

export const AGENT_RULES: readonly AgentRule[] = [
  agentNameRequired,
  agentNameFormat,
  agentNameMatchesFile,
  agentDescriptionRequired,
  agentToolsType,
  agentModel,
];
