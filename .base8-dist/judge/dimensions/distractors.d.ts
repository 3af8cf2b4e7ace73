/**
 * Fixed distractor skills for the triggering measurement. A router choosing between the skill and
 * "nothing" is an easier test than the one an agent faces; real listings hold many skills, so the
 * candidate competes with a few common, plausible ones. They are fixed (not generated) so scores are
 * comparable across skills and runs, and generic enough not to shadow most skills.
 */
export interface ListedSkill {
    name: string;
    description: string;
}
export declare const DISTRACTOR_SKILLS: readonly ListedSkill[];
