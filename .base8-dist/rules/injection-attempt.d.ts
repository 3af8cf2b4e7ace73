import type { SkillDocument } from '../parse/skill.js';
import { type InjectionKind } from './injection/detect.js';
export { detectInjection, INJECTION_PHRASES } from './injection/detect.js';
export type { InjectionFinding, InjectionKind } from './injection/detect.js';
export interface InjectionHit {
    /** Display path of the file (SKILL.md or a reference file). */
    file: string;
    /** Path inside the skill folder (`SKILL.md`, `references/x.md`). */
    rel: string;
    line: number;
    column: number;
    kind: InjectionKind;
    language: string;
    excerpt: string;
}
export declare const injectionAttemptRule: {
    id: string;
    flag: "INJECTION_ATTEMPT";
    description: string;
    severity: number;
    fix: string;
    /** Every attempt in the skill, SKILL.md first, then reference files in path order. Pure (memoised per document). */
    find(skill: SkillDocument): InjectionHit[];
    /** One sentence for reports: where, what and the text. */
    describe(hit: InjectionHit): string;
};
