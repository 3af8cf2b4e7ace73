/** Orchestration fitness: is the skill a pure worker with a stated contract (seed: "worker purity", 0-1 rubric)? */
import { anchoredRubric, type Rubric } from '../rubrics.js';
import { rubricDimension } from '../rubric-judge.js';

export const ORCHESTRATION_FITNESS_RUBRIC: Rubric = anchoredRubric({
  criterion: 'Orchestration fitness (worker purity)',
  description:
    'Is this skill a pure worker that an agent or orchestrator can invoke for one well-defined job, with clear ' +
    'inputs and outputs, rather than a supervisor that plans, dispatches and coordinates other agents?',
  scoringGuidelines: [
    'The job the skill does is single and well bounded.',
    'Inputs the skill expects (files, arguments, context) are stated.',
    'The output (format, location, shape) is stated so a caller can consume it.',
    'Supervisor logic (planning multi-agent work, dispatching sub-agents, long-lived coordination) is absent or ' +
      'delegated to agents.',
    'Side effects and preconditions are explicit, so the skill composes safely with others.',
  ],
  anchors: [
    {
      score: 1.0,
      description:
        'A pure worker: one job, inputs and output format stated precisely, no orchestration logic, composes cleanly.',
    },
    {
      score: 0.75,
      description:
        'Mostly a worker: one job and a described output, but inputs or output shape are partly implicit, or a ' +
        'little coordination logic leaks in.',
    },
    {
      score: 0.5,
      description:
        'Mixed: does its job but also plans or sequences other work; inputs/outputs must be inferred from examples.',
    },
    {
      score: 0.25,
      description:
        'Largely a supervisor or a grab bag: several loosely related jobs, dispatching or coordination ' +
        'dominates, no stated contract.',
    },
    {
      score: 0.0,
      description: 'No identifiable job or contract: a caller could not tell what to pass in or what comes back.',
    },
  ],
});

export const orchestrationFitness = rubricDimension({
  dimension: 'orchestration_fitness',
  rubric: ORCHESTRATION_FITNESS_RUBRIC,
});
