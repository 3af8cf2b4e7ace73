/**
 * When to stop starting agent runs because the infrastructure, not the skill, is failing (a dead endpoint, a
 * revoked key, an agent binary that crashes): one rule for every loop that runs the agent (Monte Carlo, eval runs,
 * trigger evals). Five failures at least, so one unlucky wave does not stop a run, and more failed than measured,
 * so a flaky endpoint that still answers most calls does not either.
 */
export const INFRA_GIVE_UP_MIN = 5;

/** `infra` of the `made` runs so far were infrastructure errors: stop starting new ones? */
export function shouldGiveUp(infra: number, made: number): boolean {
  return infra >= INFRA_GIVE_UP_MIN && infra > made - infra;
}

export function giveUpReason(infra: number, made: number): string {
  return `${infra} of ${made} runs failed for infrastructure reasons`;
}
