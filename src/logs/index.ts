/** Skill execution logs: the line schema, where files live, reading them (writing: store.ts; hooks: hook.ts). */
export * from './schema.js';
export * from './paths.js';
export * from './read.js';
export * from './store.js';
export * from './redact.js';
export * from './hook-settings.js';
export * from './review.js';
export * from './review-report.js';
export * from './friction.js';
export * from './aggregate.js';
export * from './improve.js';
export * from './stats.js';
export * from './learnings-md.js';
export * from './learnings.js';
