import type { Methodology } from '../model/dimensions.js';
import type { ScoreResult } from '../model/result.js';
import type { Ui } from './ui.js';
interface Side {
    path: string;
    methodology: Methodology;
    composite: number;
    badge: string;
    /** The badge with why it is provisional, capped or withheld. */
    badgeLabel: string;
    coverage: ScoreResult['composite']['coverage'];
}
export interface Comparison {
    a: Side;
    b: Side;
    delta: number;
    /** Change in the share of the composite's weight measured (0-1). */
    coverageDelta: number;
    dimensions: {
        name: string;
        weight: number;
        a: number | null;
        b: number | null;
        delta: number | null;
    }[];
    /** The anti-pattern penalty multiplier on each side. */
    penalty: {
        a: number;
        b: number;
        delta: number;
    };
    /** Instances per anti-pattern flag found on either side. */
    antiPatterns: {
        flag: string;
        a: number;
        b: number;
        delta: number;
    }[];
}
export declare function compareResults(a: ScoreResult, b: ScoreResult): Comparison;
export declare function renderComparison(c: Comparison, color: boolean): string;
export declare function runCompare(a: string, b: string, flags: {
    methodology: Methodology;
    output: 'text' | 'json';
}, ui: Ui): Promise<number>;
export {};
