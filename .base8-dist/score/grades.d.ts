/** Letter grades and badges, exactly as the seed and PluginEval define them. */
/** The seed's dimension grade on the 0-1 scale: A >= 0.90, B >= 0.80, C >= 0.70, D >= 0.60, else F. */
export declare function seedGrade(score: number): 'A' | 'B' | 'C' | 'D' | 'F';
/** PluginEval 0.1.x's finer grade on the 0-100 scale (used by `--format plugineval`). */
export declare function pluginEvalGrade(score100: number): string;
export declare const BADGES: readonly ["platinum", "gold", "silver", "bronze"];
export type Badge = (typeof BADGES)[number] | 'none';
/** Highest badge whose composite threshold is met, and whose Elo threshold too when an Elo rating exists. */
export declare function badgeFor(composite: number, elo?: number | null): Badge;
export declare const BADGE_LABELS: Readonly<Record<Badge, string>>;
/** The penalty multiplier: 5% per anti-pattern instance, floored at 50%. */
export declare function antiPatternPenalty(count: number): number;
