import type { CheckOutcome, Finding } from '../types.js';
/** Accumulates points with a readable reason for each, so every score explains itself. */
export declare class ScoreBuilder {
    private total;
    readonly evidence: string[];
    readonly findings: Finding[];
    constructor(base?: number, why?: string);
    add(points: number, why: string, when?: boolean): this;
    find(finding: Finding): this;
    /** Scale the bonuses earned above `floor` (used to discount padded content). */
    scale(factor: number, why: string, floor?: number): this;
    done(cap?: number): CheckOutcome;
}
