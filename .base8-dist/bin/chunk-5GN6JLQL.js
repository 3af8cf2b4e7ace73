import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);

// src/score/grades.ts
function seedGrade(score) {
  if (score >= 0.9) return "A";
  if (score >= 0.8) return "B";
  if (score >= 0.7) return "C";
  if (score >= 0.6) return "D";
  return "F";
}
var PLUGINEVAL_GRADES = [
  [97, "A+"],
  [93, "A"],
  [90, "A-"],
  [87, "B+"],
  [83, "B"],
  [80, "B-"],
  [77, "C+"],
  [73, "C"],
  [70, "C-"],
  [67, "D+"],
  [63, "D"],
  [60, "D-"]
];
function pluginEvalGrade(score100) {
  for (const [threshold, grade] of PLUGINEVAL_GRADES) if (score100 >= threshold) return grade;
  return "F";
}
var BADGES = ["platinum", "gold", "silver", "bronze"];
var BADGE_THRESHOLDS = [
  { badge: "platinum", composite: 90, elo: 1600 },
  { badge: "gold", composite: 80, elo: 1500 },
  { badge: "silver", composite: 70, elo: 1400 },
  { badge: "bronze", composite: 60, elo: 1300 }
];
function badgeFor(composite, elo) {
  for (const t of BADGE_THRESHOLDS) {
    if (composite >= t.composite && (elo === void 0 || elo === null || elo >= t.elo)) return t.badge;
  }
  return "none";
}
var BADGE_LABELS = {
  platinum: "Platinum \u2605\u2605\u2605\u2605\u2605",
  gold: "Gold \u2605\u2605\u2605\u2605",
  silver: "Silver \u2605\u2605\u2605",
  bronze: "Bronze \u2605\u2605",
  none: "no badge"
};
function antiPatternPenalty(count) {
  return Math.max(0.5, 1 - 0.05 * count);
}

export {
  seedGrade,
  pluginEvalGrade,
  BADGES,
  badgeFor,
  BADGE_LABELS,
  antiPatternPenalty
};
//# sourceMappingURL=chunk-5GN6JLQL.js.map
