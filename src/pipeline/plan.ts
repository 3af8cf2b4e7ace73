/**
 * ScorePlan: everything that decides what a run measures, as plain data (schema in src/model/plan.ts, with the
 * other published contracts). Runtime code imports the type only, so a static run never loads zod.
 */
export { JudgePlan, PLAN_SCHEMA_VERSION, ScorePlan } from '../model/plan.js';
