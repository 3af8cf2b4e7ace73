/** Defaults every runner applies to a request that does not say (documented on AgentRunRequest). */
export const DEFAULT_ALLOWED_TOOLS: readonly string[] = ['Skill', 'Read', 'Glob', 'Grep'];
export const DEFAULT_MAX_TURNS = 8;
export const DEFAULT_TIMEOUT_MS = 300_000;
/** The model the agent runs with when nothing says (the agentModel setting's default too). */
export const DEFAULT_AGENT_MODEL = 'sonnet';
