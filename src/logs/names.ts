/** What the reference tools accept as a plugin or skill folder name. Its own module so the hook can use it without loading zod. */
export const SKILL_PART = /^[a-zA-Z0-9][a-zA-Z0-9_-]*$/;
