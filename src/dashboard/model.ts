/**
 * What the dashboard page is built from: the run log and the store's history, shaped into the rows, cells and
 * texts the page shows. Every number is formatted here, on the Node side, with the reporters' rules (one decimal
 * for a composite, two for a dimension), so the page script only places text and the unit tests can check what
 * a reader will see. Embedded in the page as JSON; it is internal to the page, not a published file format.
 */
import type { DimensionName } from '../model/dimensions.js';
import type { HeatBin } from './palette.js';

export interface DashboardDimension {
  name: DimensionName;
  /** "Triggering accuracy" */
  label: string;
  /** A column header short enough for a narrow table: "Trig." */
  short: string;
  weight: number;
}

/** One heat-map / table cell: a measured score, or null when no layer measured the dimension. */
export interface DimensionCell {
  score: number | null;
  /** "0.82", or "not measured": a missing score is never shown as 0. */
  text: string;
  bin: HeatBin;
}

export interface TrendPoint {
  recordedAt: string;
  /** "2026-11-20" */
  date: string;
  composite: number;
  text: string;
  badge: string;
  /** The skill's content differs from the point before (a new segment of the trend). */
  contentChanged: boolean;
  reused: boolean;
  partial: boolean;
}

export interface DimensionDetail {
  label: string;
  text: string;
  grade: string | null;
  /** "static 0.82, judge 0.70", or "no layer" */
  layers: string;
  evidence: string[];
  /** Why it is not measured, and layers that ran but failed to measure it. */
  notes: string[];
}

export interface SkillDetail {
  confidence: string;
  coverage: string;
  penalty: string;
  dimensions: DimensionDetail[];
  diagnostics: { where: string; severity: string; rule: string; message: string }[];
  antiPatterns: { flag: string; where: string; description: string }[];
  /** Biggest composite gain first. */
  tips: { gain: string; subject: string; action: string; example: string | null }[];
  /** Measurement gaps and layers that did not run, one sentence each. */
  gaps: string[];
  elo: { summary: string; notes: string[] } | null;
  /** The trend's text alternative: every point in words. */
  trendText: string;
}

export interface SkillRow {
  id: string;
  name: string;
  path: string;
  kind: 'skill' | 'plugin';
  composite: number;
  compositeText: string;
  badge: string;
  /** 0 (platinum) to 4 (none): sorts badges best first. */
  badgeRank: number;
  /** The badge with why it is provisional, capped or withheld. */
  badgeLabel: string;
  elo: number | null;
  eloText: string;
  coverage: number;
  coverageText: string;
  partial: boolean;
  reused: boolean;
  /** One per dashboard dimension, in the dashboard's order. */
  cells: DimensionCell[];
  history: TrendPoint[];
  detail: SkillDetail;
}

export interface DashboardSummary {
  skills: number;
  plugins: number;
  failures: number;
  meanComposite: string;
  meanCoverage: string;
  status: string;
  statusNote: string | null;
  partial: number;
  reused: number;
  /** Cells (skill x dimension) no layer measured. */
  unmeasuredCells: number;
  /** Skills with at least one unmeasured dimension. */
  unmeasuredSkills: number;
  scoredAt: string;
  how: string;
  runId: string;
  toolVersion: string;
}

export interface DashboardData {
  title: string;
  generatedAt: string;
  summary: DashboardSummary;
  badges: { badge: string; label: string; count: number }[];
  dimensions: DashboardDimension[];
  skills: SkillRow[];
  failures: { path: string; reason: string }[];
}
