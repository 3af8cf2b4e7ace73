import type { ScoreResult } from '../model/result.js';
export interface PluginEvalAntiPattern {
    flag: string;
    description: string;
    severity: number;
}
export interface PluginEvalLayer {
    layer: string;
    score: number;
    sub_scores: Record<string, number | number[]>;
    anti_patterns: PluginEvalAntiPattern[];
    metadata: Record<string, unknown>;
}
export interface PluginEvalDimension {
    name: string;
    weight: number;
    score: number;
    ci_lower: number | null;
    ci_upper: number | null;
    grade: string;
    evidence: string[];
    weighted_score: number;
}
export interface PluginEvalResult {
    plugin_path: string;
    timestamp: string;
    config: {
        depth: string;
        concurrency: number;
        output_format: string;
        verbose: boolean;
        corpus_path: string | null;
        judges: number;
        monte_carlo_n: number | null;
    };
    layers: PluginEvalLayer[];
    composite: {
        score: number;
        ci_lower: number | null;
        ci_upper: number | null;
        anti_pattern_penalty: number;
        dimensions: PluginEvalDimension[];
        badge: string;
        confidence_label: string;
    };
    elo: number | null;
    model_usage: Record<string, unknown>;
    total_duration_ms: number | null;
}
/** One native result in PluginEval 0.1.x's JSON shape. */
export declare function toPluginEval(result: ScoreResult): PluginEvalResult;
