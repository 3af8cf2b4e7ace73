/** Defaults every runner applies to a request that does not say (documented on AgentRunRequest). */
export const DEFAULT_ALLOWED_TOOLS: readonly string[] = ['Skill', 'Read', 'Glob', 'Grep'];
export const DEFAULT_MAX_TURNS = 8;
export const DEFAULT_TIMEOUT_MS = 300_000;
/** The model the agent runs with when nothing says (the agentModel setting's default too). */
export const DEFAULT_AGENT_MODEL = 'sonnet';
/**
 * Distinct prompts each side (should trigger, near miss) of a Monte Carlo set needs before adaptive sampling may stop
 * early, and for judge-written prompts to be measured at all (the mcMinPrompts setting's default).
 */
export const DEFAULT_MIN_PROMPTS = 5;
