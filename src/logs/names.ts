/**
 * What the reference tools accept as a plugin or skill folder name, and what a name must be before it becomes a log
 * path or a field: no separator, no dot, at most 128 characters (a hostile name cannot climb out of the logs folder
 * nor make a path too long to open). Its own module so the hook can use it without loading zod.
 */
export const SKILL_PART = /^[a-zA-Z0-9][a-zA-Z0-9_-]{0,127}$/;
