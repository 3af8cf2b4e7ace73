#!/usr/bin/env node
import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  REGISTRY,
  VERSION,
  fit,
  fitLeft,
  padEnd,
  padStart,
  score,
  wrap
} from "./chunk-KON36LWG.js";
import {
  formatDiagnostic,
  reportWidth
} from "./chunk-DDMDZQLC.js";
import {
  require_picocolors
} from "./chunk-B4F6H7IR.js";
import {
  Command,
  CommanderError,
  Option,
  writeFileAtomic
} from "./chunk-FSVBMPYN.js";
import {
  formatCompositeScore,
  formatCoverage,
  formatDimensionScore,
  isBelowThreshold
} from "./chunk-LFWR422J.js";
import {
  EXIT
} from "./chunk-XRROTI23.js";
import "./chunk-ZJ3JHV56.js";
import "./chunk-CFBCDDRL.js";
import {
  DEPTHS,
  DEPTH_PLAN,
  DIMENSIONS,
  RESULT_SCHEMA_VERSION,
  SUB_SCORES
} from "./chunk-S3VFI5PN.js";
import {
  BADGE_LABELS,
  pluginEvalGrade
} from "./chunk-5GN6JLQL.js";
import "./chunk-CIIKNCXD.js";
import "./chunk-W5GF6CLU.js";
import {
  PluginEvalError,
  UsageError
} from "./chunk-KS2JGSJK.js";
import {
  __toESM
} from "./chunk-KJFERDYH.js";

// src/reporters/shared.ts
var DASH = "\u2014";
var BADGE_ORDER = ["platinum", "gold", "silver", "bronze", "none"];
function sortByComposite(results) {
  return [...results].sort(
    (a, b) => b.composite.score - a.composite.score || a.target.path.localeCompare(b.target.path)
  );
}
function badgeLabel(badge) {
  return BADGE_LABELS[badge];
}
function badgeCounts(results) {
  const counts = { platinum: 0, gold: 0, silver: 0, bronze: 0, none: 0 };
  for (const r of results) counts[r.composite.badge]++;
  return counts;
}
function orderedDimensions(result) {
  return [...result.dimensions].sort((a, b) => DIMENSIONS.indexOf(a.name) - DIMENSIONS.indexOf(b.name));
}
function formatScore100(score2) {
  return score2.toFixed(1);
}
function formatScore01(score2) {
  return score2 === null ? DASH : formatDimensionScore(score2);
}
function formatComposite(result, threshold) {
  return formatCompositeScore(result.composite.score, result.methodology, threshold);
}
function badgeWithReasons(result) {
  const { badge, badgeDecision } = result.composite;
  const open = badgeDecision.label.indexOf(" (");
  return open < 0 ? badgeLabel(badge) : `${badgeLabel(badge)}${badgeDecision.label.slice(open)}`;
}
function coverageText(result) {
  const { coverage } = result.composite;
  const layers = Object.entries(coverage.byLayer).map(([layer, share]) => `${layer} ${formatCoverage(share)}`);
  return `${formatCoverage(coverage.share)} of the composite's weight measured${layers.length > 0 ? ` (${layers.join(", ")})` : ""}`;
}
function badgeRuleText(result) {
  return result.methodology === "compat" ? "compat methodology: badge by the composite alone, as PluginEval" : "static analysis alone gives at most Silver (provisional); Gold needs the judge; Platinum needs certify; no badge below 50% coverage";
}
function formatInterval(low, high, digits = 2) {
  return low === null || high === null ? "" : `${low.toFixed(digits)}\u2013${high.toFixed(digits)}`;
}
function groupAntiPatterns(antiPatterns) {
  const groups = /* @__PURE__ */ new Map();
  for (const ap of antiPatterns) {
    const g = groups.get(ap.flag);
    if (g) {
      g.count++;
      g.items.push(ap);
    } else groups.set(ap.flag, { flag: ap.flag, count: 1, items: [ap] });
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}
function severityCounts(diagnostics) {
  const counts = { error: 0, warning: 0, info: 0 };
  for (const d of diagnostics) counts[d.severity]++;
  return counts;
}
function belowThreshold(result, threshold) {
  return isBelowThreshold(result.composite.score, result.methodology, threshold);
}
function location(file, line, column) {
  if (!line) return file;
  return column ? `${file}:${line}:${column}` : `${file}:${line}`;
}
function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}
function problemSummary(diagnostics) {
  const c = severityCounts(diagnostics);
  const parts = [];
  if (c.error) parts.push(plural(c.error, "error"));
  if (c.warning) parts.push(plural(c.warning, "warning"));
  if (c.info) parts.push(plural(c.info, "note"));
  return parts.length > 0 ? parts.join(", ") : "no problems";
}
function sortDiagnostics(diagnostics) {
  const rank = { error: 0, warning: 1, info: 2 };
  return [...diagnostics].sort(
    (a, b) => rank[a.severity] - rank[b.severity] || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column
  );
}
function escapeHtml(text) {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
function escapeXml(text) {
  return text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "").replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
function escapeMarkdownCell(text) {
  return escapeMarkdownInline(text).replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}
function escapeMarkdownInline(text) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/([\\`*_[\]])/g, "\\$1");
}
function markdownCode(text) {
  const clean = text.replace(/\r?\n/g, " ");
  const longest = Math.max(0, ...(clean.match(/`+/g) ?? []).map((m) => m.length));
  const fence = "`".repeat(longest + 1);
  const pad = clean.startsWith("`") || clean.endsWith("`") ? " " : "";
  return `${fence}${pad}${clean}${pad}${fence}`;
}
function layerSummaries(result) {
  return result.layers.map((l) => {
    const parts = [`${l.name} layer: ${Math.round(l.durationMs)} ms`];
    if (l.usage) {
      const u = l.usage;
      if (u.provider) parts.push(u.provider);
      if (u.models.length > 0) parts.push(`models ${u.models.join(", ")}`);
      parts.push(`${u.calls} call(s), ${u.cachedCalls} from cache`);
      parts.push(`${u.inputTokens.toLocaleString("en-US")} input / ${u.outputTokens.toLocaleString("en-US")} output tokens${u.cacheReadTokens ? ` (${u.cacheReadTokens.toLocaleString("en-US")} cache read)` : ""}`);
      parts.push(`$${u.costUsd.toFixed(4)}`);
    }
    if (l.judges !== void 0) parts.push(`${l.judges} judge(s)${l.kappa !== void 0 && l.kappa !== null ? `, kappa ${l.kappa.toFixed(2)}` : ""}`);
    parts.push(`measured: ${l.dimensionsMeasured.length > 0 ? l.dimensionsMeasured.join(", ") : "nothing"}`);
    return parts.join(" \xB7 ");
  });
}
function layerNotes(result) {
  return result.layers.flatMap((l) => (l.notes ?? []).map((n) => `${l.name}: ${n}`));
}
function gapText(result, gap) {
  const reason = gap.reason.replace(/\s+/g, " ").trim();
  if (gap.measured) return `${gap.dimension}: measured only in part by ${gap.layer}: ${reason}`;
  const dim = result.dimensions.find((d) => d.name === gap.dimension);
  const others = dim?.measured ? Object.keys(dim.layers).filter((l) => l !== gap.layer) : [];
  const effect = others.length > 0 ? `scored from the ${others.join(" and ")} layer${others.length > 1 ? "s" : ""} alone` : "unmeasured";
  return `${gap.dimension}: not measured by ${gap.layer}: ${reason} (${effect})`;
}
function partialHeadline(result) {
  const { gaps } = result.measurement;
  if (result.measurement.status !== "partial") return void 0;
  return `Partial measurement (exit code 3): ${plural(gaps.length, "dimension")} not fully measured; the composite rests only on what was measured, no badge is given and no threshold is passed`;
}
function compactEvidence(d) {
  const several = Object.keys(d.layers).length > 1;
  const byLayer = /* @__PURE__ */ new Map();
  for (const e of d.evidence) {
    const m = /^([a-z_]+): ([\s\S]*)$/.exec(e);
    const layer = m && m[1] in d.layers ? m[1] : "";
    const text = layer ? m[2] : e;
    byLayer.set(layer, [...byLayer.get(layer) ?? [], text]);
  }
  const out = [];
  for (const [layer, texts] of byLayer) {
    const named = (t) => several && layer ? `${layer}: ${t}` : t;
    if (layer === "judge" || layer === "monte_carlo") {
      const reasoning = texts.map((t) => /(?:^|\] )reasoning: ([\s\S]*)$/.exec(t)?.[1]).find((r) => r !== void 0);
      out.push(named(reasoning ?? texts[0]));
    } else out.push(...texts.map(named));
  }
  return out;
}
function tipGain(t) {
  return `${t.gainBasis === "ceiling" ? "up to " : ""}+${t.gain.toFixed(1)} points`;
}
function tipSubject(t) {
  return t.antiPattern ?? t.dimension ?? t.id;
}
function tipRemoves(t) {
  const removed = t.effects?.antiPatternsRemoved ?? [];
  if (removed.length === 0) return "";
  const counts = /* @__PURE__ */ new Map();
  for (const f of removed) counts.set(f, (counts.get(f) ?? 0) + 1);
  return `removes ${[...counts].map(([f, n]) => n > 1 ? `${f} \xD7${n}` : f).join(", ")}`;
}

// src/reporters/html.ts
var CSS = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #656d76; --line: #d0d7de; --bg: #fff; --bar: #eaeef2;
  --good: #1a7f37; --ok: #9a6700; --bad: #cf222e; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #8d96a0; --line: #30363d; --bg: #0d1117; --bar: #21262d;
  --good: #3fb950; --ok: #d29922; --bad: #f85149; } }
body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg);
  max-width: 980px; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2.5rem; border-bottom: 1px solid var(--line); }
code { font: 12px ui-monospace, SFMono-Regular, Menlo, monospace; overflow-wrap: anywhere; }
table { border-collapse: collapse; width: 100%; margin: .75rem 0; }
th, td { border-bottom: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
.muted { color: var(--muted); } .good { color: var(--good); } .ok { color: var(--ok); } .bad { color: var(--bad); }
.bar { display: inline-block; width: 120px; height: .6rem; background: var(--bar); border-radius: 3px; overflow: hidden; }
.bar > span { display: block; height: 100%; }
.badge { font-weight: 600; padding: .1rem .5rem; border: 1px solid var(--line); border-radius: 1rem; }
pre { margin: .25rem 0; padding: .4rem .6rem; border: 1px solid var(--line); border-radius: 4px; overflow-x: auto; }
summary { cursor: pointer; }
.notrun { border-left: 4px solid var(--ok); padding: .25rem .75rem; }
`;
function gradeClass(grade) {
  if (grade === null) return "muted";
  if (grade.startsWith("A") || grade.startsWith("B")) return "good";
  return grade.startsWith("C") ? "ok" : "bad";
}
function scoreClass(score100) {
  return score100 >= 80 ? "good" : score100 >= 60 ? "ok" : "bad";
}
function anchor(index) {
  return `result-${index + 1}`;
}
function summary(sorted, options) {
  const counts = badgeCounts(sorted);
  const rows = sorted.map(
    (r, i) => `<tr><td><a href="#${anchor(i)}"><code>${escapeHtml(r.target.path)}</code></a></td><td>${escapeHtml(r.target.kind)}</td><td class="num ${belowThreshold(r, options.threshold) ? "bad" : scoreClass(r.composite.score)}">${formatComposite(r, options.threshold)}</td><td>${escapeHtml(badgeWithReasons(r))}</td><td class="num">${formatCoverage(r.composite.coverage.share)}</td><td class="num">${r.antiPatterns.length}</td><td>${escapeHtml(problemSummary(r.diagnostics))}</td></tr>`
  ).join("\n");
  const threshold = options.threshold === void 0 ? "" : `<p>${sorted.filter((r) => belowThreshold(r, options.threshold)).length} of ${sorted.length} below the threshold of ${escapeHtml(String(options.threshold))}.</p>`;
  return `<h2>Summary</h2>
<table><thead><tr><th>Path</th><th>Kind</th><th class="num">Composite</th><th>Badge</th><th class="num">Coverage</th><th class="num">Anti-patterns</th><th>Problems</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p>Badges: platinum ${counts.platinum}, gold ${counts.gold}, silver ${counts.silver}, bronze ${counts.bronze}, no badge ${counts.none}.</p>
${threshold}`;
}
function section(r, index, options) {
  const { composite } = r;
  const parts = [];
  parts.push(`<section id="${anchor(index)}">`);
  parts.push(`<h2><code>${escapeHtml(r.target.path)}</code></h2>`);
  parts.push(
    `<p class="muted">${escapeHtml(r.target.kind)} \xB7 ${escapeHtml(r.methodology)} methodology \xB7 ${escapeHtml(r.depth)} depth \xB7 ${escapeHtml(composite.confidenceLabel)} confidence</p>`
  );
  const facts = [];
  if (composite.penalty < 1) facts.push(`${formatScore100(composite.rawScore)} before the anti-pattern penalty \xD7${composite.penalty.toFixed(2)}`);
  const ci = formatInterval(composite.ciLow, composite.ciHigh, 1);
  if (ci) facts.push(`95% CI ${ci}`);
  if (composite.elo !== null) facts.push(`Elo ${Math.round(composite.elo)}`);
  parts.push(
    `<p><strong class="${scoreClass(composite.score)}" style="font-size:1.5rem">${formatComposite(r, options.threshold)}</strong>/100 <span class="badge">${escapeHtml(badgeLabel(composite.badge))}</span>${facts.length ? ` <span class="muted">${escapeHtml(facts.join(" \xB7 "))}</span>` : ""}</p>`
  );
  const reasons = badgeWithReasons(r).slice(badgeLabel(composite.badge).length).trim();
  if (reasons) parts.push(`<p class="badge-reason">Badge: ${escapeHtml(badgeLabel(composite.badge))} ${escapeHtml(reasons)}</p>`);
  parts.push(`<p class="muted">Coverage: ${escapeHtml(coverageText(r))}. Badge rule: ${escapeHtml(badgeRuleText(r))}.</p>`);
  if (belowThreshold(r, options.threshold)) parts.push(`<p class="bad">Below the threshold of ${escapeHtml(String(options.threshold))}.</p>`);
  for (const l of r.layersNotRun) parts.push(`<p class="notrun">The <strong>${escapeHtml(l.name)}</strong> layer did not run: ${escapeHtml(l.reason)}</p>`);
  const partial = partialHeadline(r);
  if (partial !== void 0) {
    parts.push(`<div class="notrun partial"><p><strong>${escapeHtml(partial)}</strong></p><ul>${r.measurement.gaps.map((g) => `<li>${escapeHtml(gapText(r, g))}</li>`).join("")}</ul></div>`);
  }
  parts.push(`<ul class="muted">${layerSummaries(r).map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ul>`);
  const notes = layerNotes(r);
  if (notes.length > 0) parts.push(`<details><summary>Notes</summary><ul>${notes.map((n) => `<li>${escapeHtml(n)}</li>`).join("")}</ul></details>`);
  const dimRows = orderedDimensions(r).map((d) => {
    const measured = d.measured && d.score !== null;
    const pct = measured ? Math.round((d.score ?? 0) * 100) : 0;
    const bar = measured ? `<span class="bar"><span style="width:${pct}%;background:var(--${gradeClass(d.grade)})"></span></span>` : `<span class="muted">not measured: ${escapeHtml(d.unmeasuredReason ?? "no layer measured it")}</span>`;
    const gaps = Object.keys(d.notMeasuredBy ?? {}).map((l) => ` <span class="notrun">not measured by ${escapeHtml(l)}</span>`).join("");
    return `<tr><td>${escapeHtml(d.name)}</td><td class="num">${d.weight.toFixed(2)}</td><td class="num">${formatScore01(measured ? d.score : null)}</td><td class="${gradeClass(d.grade)}">${escapeHtml(d.grade ?? DASH)}</td><td>${escapeHtml(formatInterval(d.ciLow, d.ciHigh) || DASH)}</td><td>${bar}${gaps}</td></tr>`;
  }).join("\n");
  parts.push(`<table><thead><tr><th>Dimension</th><th class="num">Weight</th><th class="num">Score</th><th>Grade</th><th>95% CI</th><th></th></tr></thead>
<tbody>
${dimRows}
</tbody></table>`);
  const evidence = orderedDimensions(r).filter((d) => d.measured && d.evidence.length > 0);
  if (evidence.length > 0) {
    const items = evidence.map((d) => `<details><summary><code>${escapeHtml(d.name)}</code> ${formatScore01(d.score)} <span class="${gradeClass(d.grade)}">${escapeHtml(d.grade ?? DASH)}</span> <span class="muted">${escapeHtml(compactEvidence(d)[0] ?? "")}</span></summary><ul>${d.evidence.map((e) => `<li>${escapeHtml(e)}</li>`).join("")}</ul></details>`).join("\n");
    parts.push(`<h3>Evidence</h3>
${items}`);
  }
  if (r.antiPatterns.length > 0) {
    const items = groupAntiPatterns(r.antiPatterns).map((g) => {
      const where = g.items.filter((a) => a.file).map((a) => location(a.file ?? "", a.line));
      return `<li><code>${escapeHtml(g.flag)}</code> \xD7${g.count}: ${escapeHtml(g.items[0]?.description ?? "")}${where.length ? ` <span class="muted">(${escapeHtml(where.join(", "))})</span>` : ""}</li>`;
    }).join("\n");
    parts.push(`<h3>Anti-patterns (${r.antiPatterns.length}, penalty \xD7${composite.penalty.toFixed(2)})</h3>
<ul>
${items}
</ul>`);
  }
  if (r.components && r.components.length > 0) {
    const rows = r.components.map((c) => {
      const score2 = c.score === null ? DASH : c.kind === "skill" ? formatScore100(c.score) : formatScore01(c.score);
      return `<tr><td>${escapeHtml(c.kind)}</td><td><code>${escapeHtml(c.name)}</code></td><td class="num">${score2}</td></tr>`;
    }).join("\n");
    parts.push(`<h3>Components</h3>
<table><thead><tr><th>Kind</th><th>Name</th><th class="num">Score</th></tr></thead>
<tbody>
${rows}
</tbody></table>`);
  }
  if (r.tips.length > 0) {
    const items = r.tips.map((t) => {
      const where = r.target.kind === "plugin" ? ` <span class="muted">in <code>${escapeHtml(t.target.path)}</code></span>` : "";
      const example = t.example ? `<pre><code>${escapeHtml(t.example)}</code></pre>` : "";
      const removes = tipRemoves(t);
      return `<li><strong>${escapeHtml(tipGain(t))}</strong> <code>${escapeHtml(tipSubject(t))}</code>${where}${removes ? ` <span class="muted">${escapeHtml(removes)}</span>` : ""}<br>${escapeHtml(t.action)}${example}</li>`;
    }).join("\n");
    parts.push(`<h3>Fix first</h3>
<p class="muted">Biggest composite gain first.</p>
<ol>
${items}
</ol>`);
  }
  if (r.diagnostics.length > 0) {
    const rows = sortDiagnostics(r.diagnostics).map(
      (d) => `<tr><td><code>${escapeHtml(location(d.file, d.line, d.column))}</code></td><td class="${d.severity === "error" ? "bad" : d.severity === "warning" ? "ok" : "muted"}">${escapeHtml(d.severity)}</td><td><code>${escapeHtml(d.ruleId)}</code></td><td>${escapeHtml(d.message)}</td></tr>`
    ).join("\n");
    parts.push(`<h3>Diagnostics (${escapeHtml(problemSummary(r.diagnostics))})</h3>
<table><thead><tr><th>Location</th><th>Severity</th><th>Rule</th><th>Message</th></tr></thead>
<tbody>
${rows}
</tbody></table>`);
  }
  parts.push("</section>");
  return parts.join("\n");
}
var htmlReporter = (results, options) => {
  const sorted = sortByComposite(results);
  const title = results.length === 1 && results[0] ? `plugin-eval: ${results[0].target.path}` : "plugin-eval report";
  const body = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="muted">plugin-eval ${escapeHtml(options.toolVersion)} \xB7 ${results.length} result${results.length === 1 ? "" : "s"}</p>`,
    results.length > 1 ? summary(sorted, options) : "",
    ...sorted.map((r, i) => section(r, i, options))
  ].filter(Boolean).join("\n");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${CSS}</style>
</head>
<body>
${body}
</body>
</html>
`;
};

// src/reporters/plugineval.ts
function pythonIsoTimestamp(iso) {
  return (iso ?? (/* @__PURE__ */ new Date()).toISOString()).replace(/Z$/, "+00:00");
}
function staticSubScores(result, layer) {
  if (result.target.kind === "plugin") {
    const skill_scores = [];
    const agent_scores = [];
    for (const c of result.components ?? []) {
      const value = c.staticScore ?? (c.kind === "skill" || c.score === null ? null : c.score);
      if (value === null) continue;
      if (c.kind === "skill") skill_scores.push(value);
      else if (c.kind === "agent") agent_scores.push(value);
    }
    return { skill_scores, agent_scores };
  }
  const out = {};
  for (const name of SUB_SCORES) {
    const sub = layer.subScores[name];
    if (sub) out[name] = sub.score;
  }
  return out;
}
function toLayer(result, layer) {
  let sub_scores;
  let metadata;
  if (layer.name === "static") {
    sub_scores = staticSubScores(result, layer);
    const lineCount = result.target.lineCount;
    metadata = result.target.kind === "plugin" ? { plugin_name: result.target.name } : { skill_name: result.target.name, line_count: typeof lineCount === "number" ? lineCount : null };
  } else {
    sub_scores = {};
    for (const name of layer.dimensionsMeasured) {
      const value = result.dimensions.find((d) => d.name === name)?.layers[layer.name];
      if (value !== void 0) sub_scores[name] = value;
    }
    const gaps = result.measurement.gaps.filter((g) => g.layer === layer.name);
    metadata = gaps.length > 0 ? { not_measured: Object.fromEntries(gaps.map((g) => [g.dimension, g.reason])) } : {};
  }
  return {
    layer: layer.name,
    score: layer.score,
    sub_scores,
    anti_patterns: layer.antiPatterns.map((ap) => ({ flag: ap.flag, description: ap.description, severity: ap.severity })),
    metadata
  };
}
function toDimension(result, name) {
  const d = result.dimensions.find((x) => x.name === name);
  const weight = d?.weight ?? 0;
  const measured = d !== void 0 && d.measured && d.score !== null;
  const score2 = measured ? d.score ?? 0 : 0;
  return {
    name,
    weight,
    score: score2,
    ci_lower: d?.ciLow ?? null,
    ci_upper: d?.ciHigh ?? null,
    grade: measured ? pluginEvalGrade(score2 * 100) : DASH,
    evidence: d?.evidence ?? [],
    weighted_score: weight * score2
  };
}
function toPluginEval(result) {
  const layers = [...result.layers].sort((a, b) => a.name === "static" ? -1 : b.name === "static" ? 1 : 0);
  return {
    plugin_path: result.target.path,
    timestamp: pythonIsoTimestamp(result.timestamp),
    config: {
      depth: result.depth,
      // Run settings the native result does not record; these are PluginEval's defaults.
      concurrency: 4,
      output_format: "json",
      verbose: false,
      corpus_path: null,
      judges: 1,
      monte_carlo_n: null
    },
    layers: layers.map((l) => toLayer(result, l)),
    composite: {
      score: result.composite.score,
      ci_lower: result.composite.ciLow,
      ci_upper: result.composite.ciHigh,
      anti_pattern_penalty: result.composite.penalty,
      dimensions: DIMENSIONS.map((name) => toDimension(result, name)),
      badge: result.composite.badge === "none" ? "no_badge" : result.composite.badge,
      confidence_label: result.composite.confidenceLabel
    },
    elo: result.composite.elo,
    // PluginEval prints {} when no model ran; with usage we give the totals under snake_case keys.
    model_usage: result.usage ? {
      provider: result.usage.provider ?? null,
      models: result.usage.models,
      calls: result.usage.calls,
      cached_calls: result.usage.cachedCalls,
      input_tokens: result.usage.inputTokens,
      output_tokens: result.usage.outputTokens,
      cost_usd: result.usage.costUsd
    } : {},
    total_duration_ms: Math.round(result.durationMs)
  };
}

// src/reporters/json.ts
function resultObject(result, options) {
  return options.format === "plugineval" ? toPluginEval(result) : result;
}
var jsonReporter = (results, options) => {
  let value;
  if (results.length === 1 && results[0]) value = resultObject(results[0], options);
  else if (options.format === "plugineval") value = results.map((r) => toPluginEval(r));
  else value = { schemaVersion: RESULT_SCHEMA_VERSION, results };
  return `${JSON.stringify(value, null, 2)}
`;
};
var jsonlReporter = (results, options) => results.map((r) => `${JSON.stringify(resultObject(r, options))}
`).join("");

// src/reporters/junit.ts
var SUITE = "plugin-eval";
function seconds(ms) {
  return (Math.max(0, ms) / 1e3).toFixed(3);
}
function failureOf(r, options) {
  const reasons = [];
  const types = [];
  if (belowThreshold(r, options.threshold)) {
    reasons.push(`composite ${formatComposite(r, options.threshold)} is below the threshold ${options.threshold}`);
    types.push("threshold");
  }
  const gaps = r.measurement.gaps;
  if (gaps.length > 0) {
    reasons.push(`partial measurement: ${gaps.length} dimension${gaps.length === 1 ? "" : "s"} not fully measured (exit code 3)`);
    types.push("not-measured");
  }
  const errors = sortDiagnostics(r.diagnostics.filter((d) => d.severity === "error"));
  if (errors.length > 0) {
    reasons.push(`${errors.length} error diagnostic${errors.length === 1 ? "" : "s"}`);
    types.push("diagnostics");
  }
  if (reasons.length === 0) return null;
  const body = [
    ...gaps.map((g) => gapText(r, g)),
    ...errors.map((d) => `${location(d.file, d.line, d.column)}  ${d.ruleId}  ${d.message}`)
  ].join("\n");
  return { message: reasons.join("; "), type: types.join(","), body };
}
function summaryText(r, options) {
  const lines = [
    `composite ${formatComposite(r, options.threshold)} (${badgeWithReasons(r)}), ${r.composite.confidenceLabel}, ${r.methodology} methodology, ${r.depth} depth`,
    `coverage: ${coverageText(r)}`,
    ...r.dimensions.map((d) => `${d.name}: ${d.measured && d.score !== null ? `${formatScore01(d.score)} ${d.grade ?? ""}` : "not measured"}`)
  ];
  if (r.antiPatterns.length > 0) lines.push(`anti-patterns: ${r.antiPatterns.map((a) => a.flag).join(", ")} (penalty x${r.composite.penalty.toFixed(2)})`);
  for (const l of r.layersNotRun) lines.push(`layer ${l.name} did not run: ${l.reason}`);
  for (const g of r.measurement.gaps) lines.push(gapText(r, g));
  lines.push(`diagnostics: ${problemSummary(r.diagnostics)}`);
  return lines.join("\n");
}
var junitReporter = (results, options) => {
  const failures = results.map((r) => failureOf(r, options));
  const failed = failures.filter((f) => f !== null).length;
  const total = seconds(results.reduce((s, r) => s + r.durationMs, 0));
  const cases = results.map((r, i) => {
    const f = failures[i];
    const attrs = `classname="${escapeXml(`${SUITE}.${r.target.kind}`)}" name="${escapeXml(r.target.path)}" time="${seconds(r.durationMs)}"`;
    const failure = f ? `
      <failure message="${escapeXml(f.message)}" type="${escapeXml(f.type)}">${escapeXml(f.body)}</failure>` : "";
    return `    <testcase ${attrs}>${failure}
      <system-out>${escapeXml(summaryText(r, options))}</system-out>
    </testcase>`;
  });
  const props = options.threshold === void 0 ? "" : `
    <properties>
      <property name="threshold" value="${escapeXml(String(options.threshold))}"/>
    </properties>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="${SUITE}" tests="${results.length}" failures="${failed}" errors="0" time="${total}">
  <testsuite name="${SUITE}" tests="${results.length}" failures="${failed}" errors="0" skipped="0" time="${total}">${props}
${cases.join("\n")}
  </testsuite>
</testsuites>
`;
};

// src/reporters/markdown.ts
function fenced(text) {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((m) => m.length));
  const fence = "`".repeat(longest + 1);
  return [fence, ...text.split("\n"), fence];
}
function codeCell(text) {
  return markdownCode(text).replace(/\|/g, "\\|");
}
function row(cells) {
  return `| ${cells.join(" | ")} |`;
}
function table(header, align, rows) {
  return [row(header), row(align.map((a) => a === "r" ? "---:" : "---")), ...rows.map(row)];
}
function summaryTable(results, options) {
  const counts = badgeCounts(results);
  const lines = [
    "## Summary",
    "",
    ...table(
      ["Path", "Kind", "Composite", "Badge", "Coverage", "Anti-patterns", "Problems"],
      ["l", "l", "r", "l", "r", "r", "l"],
      sortByComposite(results).map((r) => [
        codeCell(r.target.path),
        r.target.kind,
        `${formatComposite(r, options.threshold)}${belowThreshold(r, options.threshold) ? " \u274C" : ""}`,
        escapeMarkdownCell(badgeWithReasons(r)),
        formatCoverage(r.composite.coverage.share),
        String(r.antiPatterns.length),
        escapeMarkdownCell(problemSummary(r.diagnostics))
      ])
    ),
    "",
    `Badges: platinum ${counts.platinum}, gold ${counts.gold}, silver ${counts.silver}, bronze ${counts.bronze}, no badge ${counts.none}.`
  ];
  if (options.threshold !== void 0) {
    const below = results.filter((r) => belowThreshold(r, options.threshold)).length;
    lines.push(`${below} of ${results.length} below the threshold of ${options.threshold} (marked \u274C).`);
  }
  return lines;
}
function resultSection(r, options, level) {
  const { composite } = r;
  const lines = [
    `${level} ${codeCell(r.target.path)}: ${formatComposite(r, options.threshold)} ${escapeMarkdownInline(badgeWithReasons(r))}`,
    "",
    `${r.target.kind} \xB7 ${r.methodology} methodology \xB7 ${r.depth} depth \xB7 ${escapeMarkdownInline(composite.confidenceLabel)} confidence`,
    ""
  ];
  const facts = [`**Composite ${formatComposite(r, options.threshold)}/100**`];
  if (composite.penalty < 1) facts.push(`${formatScore100(composite.rawScore)} before the anti-pattern penalty \xD7${composite.penalty.toFixed(2)}`);
  const ci = formatInterval(composite.ciLow, composite.ciHigh, 1);
  if (ci) facts.push(`95% CI ${ci}`);
  if (composite.elo !== null) facts.push(`Elo ${Math.round(composite.elo)}`);
  lines.push(facts.join(" \xB7 "));
  lines.push("", `**Coverage:** ${escapeMarkdownInline(coverageText(r))}. Badge rule: ${escapeMarkdownInline(badgeRuleText(r))}.`);
  if (belowThreshold(r, options.threshold)) lines.push("", `\u274C Below the threshold of ${options.threshold}.`);
  if (r.layersNotRun.length > 0) {
    lines.push("");
    for (const l of r.layersNotRun) lines.push(`> **Not run:** the ${l.name} layer did not run: ${escapeMarkdownInline(l.reason)}`, ">");
    lines.pop();
  }
  const partial = partialHeadline(r);
  if (partial !== void 0) {
    lines.push("", `> **${escapeMarkdownInline(partial)}**`, ">");
    for (const g of r.measurement.gaps) lines.push(`> - ${escapeMarkdownInline(gapText(r, g))}`);
  }
  lines.push("", ...layerSummaries(r).map((s) => `- ${escapeMarkdownInline(s)}`));
  const notes = layerNotes(r);
  if (notes.length > 0) lines.push("", "**Notes**", "", ...notes.map((n) => `- ${escapeMarkdownInline(n)}`));
  lines.push(
    "",
    ...table(
      ["Dimension", "Weight", "Score", "Grade", "95% CI", "Notes"],
      ["l", "r", "r", "l", "l", "l"],
      orderedDimensions(r).map((d) => [
        d.name,
        d.weight.toFixed(2),
        formatScore01(d.measured ? d.score : null),
        d.grade ?? DASH,
        formatInterval(d.ciLow, d.ciHigh) || DASH,
        escapeMarkdownCell([
          d.measured ? Object.entries(d.layers).map(([l, s]) => `${l} ${s.toFixed(2)}`).join(", ") : `not measured: ${d.unmeasuredReason ?? "no layer measured it"}`,
          ...Object.keys(d.notMeasuredBy ?? {}).map((l) => `not measured by ${l}`)
        ].join("; "))
      ])
    )
  );
  const evidence = orderedDimensions(r).filter((d) => d.measured && d.evidence.length > 0);
  if (evidence.length > 0) {
    lines.push("", "**Evidence**", "");
    for (const d of evidence) {
      lines.push(`<details><summary><code>${d.name}</code> ${formatScore01(d.score)} ${d.grade ?? DASH}: ${escapeMarkdownInline(compactEvidence(d)[0] ?? "")}</summary>`, "");
      lines.push(...d.evidence.map((e) => `- ${escapeMarkdownInline(e).replace(/\r?\n/g, " ")}`), "", "</details>");
    }
  }
  if (r.antiPatterns.length > 0) {
    lines.push("", `**Anti-patterns** (${r.antiPatterns.length}, penalty \xD7${composite.penalty.toFixed(2)})`, "");
    for (const g of groupAntiPatterns(r.antiPatterns)) {
      const where = g.items.filter((a) => a.file).map((a) => codeCell(location(a.file ?? "", a.line))).join(", ");
      lines.push(`- \`${g.flag}\` \xD7${g.count}: ${escapeMarkdownInline(g.items[0]?.description ?? "")}${where ? ` (${where})` : ""}`);
    }
  }
  if (r.components && r.components.length > 0) {
    lines.push(
      "",
      "**Components**",
      "",
      ...table(
        ["Kind", "Name", "Score"],
        ["l", "l", "r"],
        r.components.map((c) => [
          c.kind,
          codeCell(c.name),
          c.score === null ? DASH : c.kind === "skill" ? formatScore100(c.score) : formatScore01(c.score)
        ])
      )
    );
  }
  if (r.tips.length > 0) {
    lines.push("", "**Fix first** (biggest composite gain first)", "");
    r.tips.forEach((t, i) => {
      const where = r.target.kind === "plugin" ? ` in ${codeCell(t.target.path)}` : "";
      const removes = tipRemoves(t);
      lines.push(`${i + 1}. **${escapeMarkdownInline(tipGain(t))}** \xB7 \`${tipSubject(t)}\`${where}${removes ? ` (${escapeMarkdownInline(removes)})` : ""}: ${escapeMarkdownInline(t.action)}`);
      if (t.example) lines.push("", ...fenced(t.example).map((l) => l === "" ? "" : `   ${l}`), "");
    });
  }
  if (r.diagnostics.length > 0) {
    lines.push(
      "",
      `**Diagnostics** (${problemSummary(r.diagnostics)})`,
      "",
      ...table(
        ["Location", "Severity", "Rule", "Message"],
        ["l", "l", "l", "l"],
        sortDiagnostics(r.diagnostics).map((d) => [
          codeCell(location(d.file, d.line, d.column)),
          d.severity,
          codeCell(d.ruleId),
          escapeMarkdownCell(d.message)
        ])
      )
    );
  }
  return lines;
}
var markdownReporter = (results, options) => {
  const lines = [`# plugin-eval report`, "", `plugin-eval ${escapeMarkdownInline(options.toolVersion)} \xB7 ${results.length} result${results.length === 1 ? "" : "s"}`];
  if (results.length === 0) return `${lines.join("\n")}
`;
  if (results.length > 1) lines.push("", ...summaryTable(results, options));
  const level = results.length > 1 ? "###" : "##";
  if (results.length > 1) lines.push("", "## Results");
  for (const r of sortByComposite(results)) lines.push("", ...resultSection(r, options, level));
  return `${lines.join("\n")}
`;
};

// src/reporters/sarif.ts
var SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";
var LEVELS = { error: "error", warning: "warning", info: "note" };
var ANTI_PATTERN_DESCRIPTIONS = Object.freeze(
  Object.fromEntries([...REGISTRY.compat.antiPatterns, ...REGISTRY.default.antiPatterns].map((r) => [r.flag, r.description]))
);
function isAbsolute(p) {
  return p.startsWith("/") || /^[A-Za-z]:\//.test(p);
}
function artifactUri(targetPath, file) {
  const target = targetPath.replace(/\\/g, "/").replace(/\/+$/, "");
  const f = file.replace(/\\/g, "/");
  let joined;
  if (isAbsolute(f) || target === "" || target === "." || f === target || f.startsWith(`${target}/`)) joined = f;
  else joined = f === "" || f === "." ? target : `${target}/${f}`;
  const segments = joined.split("/").filter((s, i) => s !== "." && !(s === "" && i > 0));
  const encoded = segments.map((s, i) => i === 0 && /^[A-Za-z]:$/.test(s) ? s : encodeURIComponent(s)).join("/");
  if (joined.startsWith("/")) return `file://${encoded}`;
  if (/^[A-Za-z]:\//.test(joined)) return `file:///${encoded}`;
  return encoded;
}
function region(line, column) {
  if (!line || line < 1) return {};
  return { region: column && column >= 1 ? { startLine: line, startColumn: column } : { startLine: line } };
}
var sarifReporter = (results, options) => {
  const rules = [];
  const ruleIndex = /* @__PURE__ */ new Map();
  const indexOf = (id, make) => {
    let i = ruleIndex.get(id);
    if (i === void 0) {
      i = rules.push(make()) - 1;
      ruleIndex.set(id, i);
    }
    return i;
  };
  const sarifResults = [];
  for (const r of results) {
    for (const d of r.diagnostics) {
      const level = LEVELS[d.severity];
      sarifResults.push({
        ruleId: d.ruleId,
        ruleIndex: indexOf(d.ruleId, () => ({ id: d.ruleId, shortDescription: { text: d.ruleId }, defaultConfiguration: { level } })),
        level,
        message: { text: d.message },
        locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(r.target.path, d.file) }, ...region(d.line, d.column) } }]
      });
    }
    for (const ap of r.antiPatterns) {
      const id = `anti-pattern/${ap.flag}`;
      const file = ap.file ?? (r.target.kind === "skill" ? "SKILL.md" : "");
      sarifResults.push({
        ruleId: id,
        ruleIndex: indexOf(id, () => ({
          id,
          shortDescription: { text: ANTI_PATTERN_DESCRIPTIONS[ap.flag] },
          defaultConfiguration: { level: "warning" },
          properties: { tags: ["anti-pattern"] }
        })),
        level: "warning",
        message: { text: `${ap.flag}: ${ap.description} (composite penalty: 5% per instance)` },
        locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(r.target.path, file) }, ...region(ap.line, void 0) } }],
        properties: { severity: ap.severity }
      });
    }
  }
  const log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [
      {
        tool: { driver: { name: "plugin-eval", version: options.toolVersion, semanticVersion: options.toolVersion, rules } },
        // Layers the depth asked for that did not run are said plainly, as tool notifications.
        invocations: [
          {
            // A partial run did not do everything it set out to (exit code 3).
            executionSuccessful: results.every((r) => r.measurement.status === "complete"),
            toolExecutionNotifications: results.flatMap((r) => [
              ...r.layersNotRun.map((l) => ({
                level: "warning",
                descriptor: { id: `layer-not-run/${l.name}` },
                message: { text: `${r.target.path}: the ${l.name} layer did not run: ${l.reason}` }
              })),
              ...r.measurement.gaps.map((g) => ({
                level: "error",
                descriptor: { id: `not-measured/${g.layer}` },
                message: { text: `${r.target.path}: ${gapText(r, g)}` }
              }))
            ])
          }
        ],
        results: sarifResults,
        properties: {
          scores: results.map((r) => ({
            path: r.target.path,
            kind: r.target.kind,
            composite: r.composite.score,
            badge: r.composite.badge,
            badgeDecision: r.composite.badgeDecision,
            coverage: r.composite.coverage,
            confidenceLabel: r.composite.confidenceLabel,
            measurement: r.measurement.status,
            ...options.threshold === void 0 ? {} : { belowThreshold: belowThreshold(r, options.threshold) }
          }))
        }
      }
    ]
  };
  return `${JSON.stringify(log, null, 2)}
`;
};

// src/reporters/text.ts
var import_picocolors = __toESM(require_picocolors(), 1);
var MIN_WIDTH = 40;
var MAX_TIPS = 3;
var MAX_EXAMPLE_LINES = 4;
var INDENT = "  ";
function fitPath(ctx, text, width) {
  return ctx.cutPaths ? fitLeft(text, width) : text;
}
function gradeColor(c, grade) {
  if (grade === null) return c.dim;
  if (grade.startsWith("A") || grade.startsWith("B")) return c.green;
  if (grade.startsWith("C")) return c.yellow;
  return c.red;
}
function badgeColor(c, badge) {
  switch (badge) {
    case "platinum":
      return (s) => c.bold(c.cyan(s));
    case "gold":
      return (s) => c.bold(c.yellow(s));
    case "silver":
      return c.bold;
    case "bronze":
      return c.magenta;
    default:
      return c.dim;
  }
}
function scoreColor(c, score100) {
  if (score100 >= 80) return c.green;
  if (score100 >= 60) return c.yellow;
  return c.red;
}
function titled(c, title, rest, width) {
  if (title.length + 1 + rest.length <= width) return [`${c.bold(title)} ${rest}`];
  return [c.bold(fit(title, width)), ...wrap(rest, width, INDENT)];
}
function dimensionTable(result, ctx) {
  const { c, width } = ctx;
  const nameW = Math.min(23, width - (INDENT.length + 2 + 6 + 2 + 5 + 2 + 5));
  const fixed = INDENT.length + nameW + 2 + 6 + 2 + 5 + 2 + 5 + 2;
  const barW = Math.max(0, Math.min(30, width - fixed));
  const lines = [
    c.bold(
      `${INDENT}${padEnd("Dimension", nameW)}  ${padStart("Weight", 6)}  ${padStart("Score", 5)}  ${padEnd("Grade", 5)}`
    ).trimEnd()
  ];
  const unmeasured = /* @__PURE__ */ new Map();
  for (const d of orderedDimensions(result)) {
    const name = padEnd(fit(d.name, nameW), nameW);
    const weight = padStart(d.weight.toFixed(2), 6);
    if (!d.measured || d.score === null) {
      const reason = d.unmeasuredReason ?? "not measured";
      unmeasured.set(reason, [...unmeasured.get(reason) ?? [], d.name]);
      const row2 = `${INDENT}${name}  ${weight}  ${padStart(DASH, 5)}  ${padEnd(DASH, 5)}  `;
      lines.push(c.dim(`${row2}${fit("not measured", barW)}`.trimEnd()));
      continue;
    }
    const color = gradeColor(c, d.grade);
    const filled = Math.round(d.score * barW);
    const bar = barW > 0 ? color("\u2588".repeat(filled)) + c.dim("\u2591".repeat(barW - filled)) : "";
    const grade = color(padEnd(d.grade ?? DASH, 5));
    lines.push(`${INDENT}${name}  ${weight}  ${padStart(formatScore01(d.score), 5)}  ${grade}  ${bar}`.trimEnd());
  }
  for (const [reason, names] of unmeasured) {
    lines.push(...wrap(`${names.join(", ")}: ${reason}`, width, `${INDENT}${DASH} `, `${INDENT}  `).map(c.dim));
  }
  return lines;
}
function antiPatternLines(result, ctx) {
  const { c, width } = ctx;
  if (result.antiPatterns.length === 0) return [];
  const groups = groupAntiPatterns(result.antiPatterns);
  const lines = titled(
    c,
    "Anti-patterns:",
    `${plural(result.antiPatterns.length, "instance")}, penalty \xD7${result.composite.penalty.toFixed(2)}`,
    width
  );
  const flagW = Math.max(...groups.map((g) => g.flag.length));
  for (const g of groups) {
    const first = g.items[0];
    const where = first?.file ? `${location(first.file, first.line)}  ` : "";
    const head = `${INDENT}${padEnd(g.flag, flagW)}  ${padStart(`\xD7${g.count}`, 3)}  `;
    const description = first?.description ?? "";
    lines.push(c.yellow(head) + (ctx.cutPaths ? fit(`${where}${description}`, width - head.length) : `${where}${fit(description, Math.max(20, width - head.length - where.length))}`));
  }
  return lines;
}
function tipLines(result, ctx) {
  const { c, width } = ctx;
  const tips = result.tips.slice(0, MAX_TIPS);
  if (tips.length === 0) return [];
  const lines = [c.bold("Fix first")];
  tips.forEach((t, i) => {
    const head = `${INDENT}${i + 1}. `;
    const hang = " ".repeat(head.length);
    const where = result.target.kind === "plugin" ? ` \xB7 ${t.target.path}` : "";
    const removes = tipRemoves(t);
    lines.push(...wrap(`${tipGain(t)} \xB7 ${tipSubject(t)}${where}${removes ? ` \xB7 ${removes}` : ""}`, width, head, hang).map((l, j) => j === 0 ? `${head}${c.bold(l.slice(head.length))}` : l));
    lines.push(...wrap(t.action, width, hang));
    if (t.example) {
      const example = t.example.split("\n");
      const shown = example.slice(0, MAX_EXAMPLE_LINES);
      shown.forEach((l, j) => lines.push(...wrap(l, width, `${hang}${j === 0 ? "e.g. " : "     "}`, `${hang}     `).map((x) => c.dim(x.trimEnd()))));
      if (example.length > shown.length) lines.push(c.dim(`${hang}     ...`));
    }
  });
  if (result.tips.length > tips.length) lines.push(...wrap(`(${plural(result.tips.length - tips.length, "more tip")} in --output json, markdown or html)`, width, INDENT).map(c.dim));
  return lines;
}
function evidenceLines(result, ctx) {
  const { c, width } = ctx;
  const measured = orderedDimensions(result).filter((d) => d.measured && d.evidence.length > 0);
  if (measured.length === 0) return [];
  const lines = [c.bold("Evidence")];
  for (const d of measured) {
    const head = `${INDENT}${d.name}: `;
    lines.push(...wrap(compactEvidence(d).join("; "), width, head, `${INDENT}${INDENT}`).map((l, j) => j === 0 ? `${INDENT}${c.bold(d.name)}:${l.slice(head.length - 1)}` : l));
  }
  return lines;
}
function diagnosticLines(result, ctx) {
  const { c, width } = ctx;
  const shown = sortDiagnostics(result.diagnostics.filter((d) => d.severity !== "info"));
  if (shown.length === 0) return [];
  const lines = titled(c, "Diagnostics:", problemSummary(result.diagnostics), width);
  for (const d of shown) {
    const loc = fitPath(ctx, location(d.file, d.line, d.column), Math.floor(width / 2));
    const sevText = d.severity === "error" ? "error" : "warn ";
    const rule = fit(d.ruleId, Math.max(4, width - INDENT.length - loc.length - sevText.length - 6));
    const headPlain = `${INDENT}${loc}  ${sevText}  ${rule}  `;
    const head = `${INDENT}${loc}  ${(d.severity === "error" ? c.red : c.yellow)(sevText)}  ${c.dim(rule)}  `;
    if (headPlain.length + d.message.length <= width) lines.push(head + d.message);
    else {
      lines.push(head.trimEnd());
      lines.push(...wrap(d.message, width, INDENT.repeat(3)));
    }
  }
  const info = severityCounts(result.diagnostics).info;
  if (info > 0) lines.push(c.dim(`${INDENT}(${plural(info, "note")} not shown)`));
  return lines;
}
function componentLines(result, ctx) {
  const { c, width } = ctx;
  const components = result.components ?? [];
  if (components.length === 0) return [];
  const lines = [c.bold("Components")];
  for (const comp of components) {
    const score2 = comp.score === null ? DASH : comp.kind === "skill" ? formatScore100(comp.score) : formatScore01(comp.score);
    const head = `${INDENT}${padEnd(comp.kind, 7)}  ${padStart(score2, 5)}  `;
    lines.push(head + fitLeft(comp.name, width - head.length));
  }
  return lines;
}
function single(result, ctx) {
  const { c, width } = ctx;
  const { composite } = result;
  const out = [];
  out.push(c.bold(fitPath(ctx, result.target.path, width)));
  out.push(
    fit(
      `${result.target.kind} \xB7 ${result.methodology} methodology \xB7 ${result.depth} depth \xB7 ${composite.confidenceLabel} confidence`,
      width
    )
  );
  out.push("");
  const shown = formatComposite(result, ctx.threshold);
  const score2 = scoreColor(c, composite.score)(`${shown}/100`);
  const head = `Composite  ${shown}/100  `;
  const badge = badgeWithReasons(result);
  if (head.length + badge.length <= width) out.push(`${c.bold("Composite")}  ${score2}  ${badgeColor(c, composite.badge)(badge)}`);
  else {
    out.push(`${c.bold("Composite")}  ${score2}  ${badgeColor(c, composite.badge)(badgeLabel(composite.badge))}`);
    out.push(...wrap(badge.slice(badgeLabel(composite.badge).length + 1), width, INDENT));
  }
  out.push(...wrap(`Coverage ${coverageText(result)}`, width, "", INDENT).map(c.dim));
  if (composite.badgeDecision.reasons.length > 0) out.push(...wrap(`Badge rule: ${badgeRuleText(result)}`, width, "", INDENT).map(c.dim));
  const details = [];
  if (composite.penalty < 1) details.push(`before penalty ${formatScore100(composite.rawScore)} \xD7${composite.penalty.toFixed(2)}`);
  const ci = formatInterval(composite.ciLow, composite.ciHigh, 1);
  if (ci) details.push(`95% CI ${ci}`);
  if (composite.elo !== null) details.push(`Elo ${Math.round(composite.elo)}`);
  if (details.length > 0) out.push(...wrap(details.join(" \xB7 "), width, INDENT));
  if (belowThreshold(result, ctx.threshold)) {
    out.push(c.red(fit(`Below threshold: ${shown} < ${ctx.threshold}`, width)));
  }
  for (const l of result.layersNotRun) {
    out.push(...wrap(`Layer ${l.name} did not run: ${l.reason}`, width, "", INDENT).map(c.yellow));
  }
  const partial = partialHeadline(result);
  if (partial !== void 0) {
    out.push(...wrap(partial, width, "", INDENT).map(c.yellow));
    for (const g of result.measurement.gaps) out.push(...wrap(gapText(result, g), width, `${INDENT}- `, `${INDENT}  `).map(c.yellow));
  }
  if (result.usage) {
    for (const line of layerSummaries(result)) out.push(...wrap(line, width, "", INDENT).map(c.dim));
  }
  out.push("");
  out.push(...dimensionTable(result, ctx));
  const notes = layerNotes(result);
  if (notes.length > 0) {
    out.push("", c.bold("Notes"));
    for (const n of notes) out.push(...wrap(n, width, INDENT, `${INDENT}  `).map(c.dim));
  }
  for (const section2 of [evidenceLines, antiPatternLines, componentLines, tipLines, diagnosticLines]) {
    const lines = section2(result, ctx);
    if (lines.length > 0) out.push("", ...lines);
  }
  return out;
}
function summary2(results, ctx) {
  const { c, width } = ctx;
  const out = [];
  const methodologies = [...new Set(results.map((r) => r.methodology))];
  const depths = [...new Set(results.map((r) => r.depth))];
  const context = [
    plural(results.length, "result"),
    methodologies.length === 1 ? `${methodologies[0]} methodology` : "",
    depths.length === 1 ? `${depths[0]} depth` : ""
  ].filter(Boolean);
  out.push(c.bold(fit(`plugin-eval \xB7 ${context.join(" \xB7 ")}`, width)));
  out.push("");
  const scoreW = 5;
  const narrow = width < 60;
  const badgeW = narrow ? 8 : 14;
  const covW = narrow ? 0 : 4;
  const covCol = (text) => narrow ? "" : `${padStart(text, covW)}  `;
  const apW = 4;
  const errW = 4;
  const fittedW = Math.max(8, width - INDENT.length - (scoreW + badgeW + 1 + apW + errW) - 8 - (narrow ? 0 : covW + 2));
  const pathW = ctx.cutPaths ? fittedW : Math.max(fittedW, ...results.map((r) => r.target.path.length));
  const badgeText = (b) => narrow ? b === "none" ? DASH : b : badgeLabel(b);
  out.push(
    c.bold(
      `${INDENT}${padEnd("Path", pathW)}  ${padStart("Score", scoreW)}  ${padEnd("Badge", badgeW + 1)}  ${covCol("Cov")}${padStart("APs", apW)}  ${padStart("Errs", errW)}`
    )
  );
  const sorted = sortByComposite(results);
  for (const r of sorted) {
    const errs = severityCounts(r.diagnostics).error;
    const below = belowThreshold(r, ctx.threshold);
    const score2 = (below ? c.red : scoreColor(c, r.composite.score))(padStart(formatComposite(r, ctx.threshold), scoreW));
    const badge = badgeColor(c, r.composite.badge)(padEnd(`${badgeText(r.composite.badge)}${r.composite.badgeDecision.provisional ? "*" : ""}`, badgeW + 1));
    const aps = padStart(String(r.antiPatterns.length), apW);
    const err = (errs > 0 ? c.red : c.dim)(padStart(String(errs), errW));
    out.push(`${INDENT}${padEnd(fitPath(ctx, r.target.path, pathW), pathW)}  ${score2}  ${badge}  ${covCol(formatCoverage(r.composite.coverage.share))}${aps}  ${err}`);
  }
  if (results.some((r) => r.composite.badgeDecision.provisional)) out.push(...wrap("* provisional: content not judged (static analysis alone gives at most Silver)", width, INDENT, INDENT).map(c.dim));
  const limited = sorted.filter((r) => !r.composite.badgeDecision.provisional && r.composite.badgeDecision.reasons.length > 0);
  if (limited.length > 0) {
    out.push("", c.bold("Badges withheld or capped"));
    for (const r of limited) out.push(...wrap(`${r.target.path}: ${r.composite.badgeDecision.label}`, width, INDENT, `${INDENT}  `));
  }
  out.push("");
  const counts = badgeCounts(results);
  const mean = results.reduce((s, r) => s + r.composite.score, 0) / results.length;
  const tally = BADGE_ORDER.map((b) => `${b === "none" ? "no badge" : b} ${counts[b]}`).join(" \xB7 ");
  out.push(...wrap(`Badges: ${tally} \xB7 mean ${formatScore100(mean)}`, width, "", INDENT));
  if (ctx.threshold !== void 0) {
    const below = results.filter((r) => belowThreshold(r, ctx.threshold)).length;
    const line = `Threshold ${ctx.threshold}: ${plural(below, "result")} below`;
    out.push(below > 0 ? c.red(fit(line, width)) : fit(line, width));
  }
  const notRun = /* @__PURE__ */ new Map();
  for (const r of results) for (const l of r.layersNotRun) notRun.set(`${l.name}\0${l.reason}`, (notRun.get(`${l.name}\0${l.reason}`) ?? 0) + 1);
  for (const [key, n] of notRun) {
    const [layer, reason] = key.split("\0");
    out.push(...wrap(`Layer ${layer} did not run for ${plural(n, "result")}: ${reason}`, width, "", INDENT).map(c.yellow));
  }
  const partialCount = results.filter((r) => r.measurement.status === "partial").length;
  if (partialCount > 0) {
    out.push(...wrap(`Partial measurement for ${plural(partialCount, "result")} (exit code 3): some dimensions were not measured by a layer that ran; see each result`, width, "", INDENT).map(c.yellow));
  }
  const withProblems = results.filter((r) => severityCounts(r.diagnostics).error + severityCounts(r.diagnostics).warning > 0);
  if (withProblems.length > 0) {
    out.push("", c.bold("Diagnostics"));
    for (const r of withProblems) {
      const tail = `: ${problemSummary(r.diagnostics)}`;
      out.push(`${INDENT}${fitPath(ctx, r.target.path, width - INDENT.length - tail.length)}${tail}`);
    }
  }
  return out;
}
var DETAIL_LIMIT = 3;
var textReporter = (results, options) => {
  const width = Math.max(MIN_WIDTH, Number.isFinite(options.width) ? Math.floor(options.width) : 80);
  const ctx = { c: import_picocolors.default.createColors(options.color), width, threshold: options.threshold, cutPaths: options.cutPaths === true };
  if (results.length === 0) return "No results.\n";
  if (results.length === 1 && results[0]) return `${single(results[0], ctx).join("\n")}
`;
  const detailed = results.length <= DETAIL_LIMIT ? sortByComposite(results).flatMap((r) => [...single(r, ctx), "", ctx.c.dim("\u2500".repeat(Math.min(width, 60))), ""]) : [];
  return `${[...detailed, ...summary2(results, ctx)].join("\n")}
`;
};

// src/reporters/types.ts
var REPORTER_NAMES = ["text", "json", "jsonl", "markdown", "html", "junit", "sarif"];

// src/reporters/index.ts
var REPORTERS = Object.freeze({
  text: textReporter,
  json: jsonReporter,
  jsonl: jsonlReporter,
  markdown: markdownReporter,
  html: htmlReporter,
  junit: junitReporter,
  sarif: sarifReporter
});

// src/cli/io.ts
function progressBar(enabled) {
  if (!enabled) return { update() {
  }, finish() {
  } };
  let drawn = false;
  return {
    update(done, total, label) {
      const width = 24;
      const filled = Math.round(done / total * width);
      const cols = process.stderr.columns ?? 80;
      const text = `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} ${label}`;
      process.stderr.write(`\r${text.slice(0, cols - 1).padEnd(cols - 1)}`);
      drawn = true;
    },
    finish() {
      if (drawn) process.stderr.write(`\r${" ".repeat((process.stderr.columns ?? 80) - 1)}\r`);
    }
  };
}

// src/cli/score-command.ts
function parseThreshold(value) {
  if (value === void 0) return void 0;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 100) throw new UsageError(`--threshold must be a number from 0 to 100, got "${value}"`);
  return n;
}
function parseJobs(value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`--jobs must be a whole number from 1 to 64, got "${value}"`);
  return n;
}
function addScoreOptions(cmd, defaults) {
  return cmd.addOption(new Option("--depth <depth>", "quick (static), standard (+ LLM judge), deep (+ Monte Carlo), thorough").choices(DEPTHS).default(defaults.depth)).addOption(new Option("--output <format>", "output format").choices(REPORTER_NAMES).default("text")).addOption(new Option("--format <shape>", "JSON shape: native, or plugineval (PluginEval 0.1.x result shape)").choices(["native", "plugineval"]).default("native")).option("--threshold <n>", "exit 1 when any composite score is below n (0-100)").addOption(new Option("--methodology <name>", "default (fixed static analysis) or compat (PluginEval 0.1.x exactly)").choices(["default", "compat"]).default("default")).option("--jobs <n>", "targets scored at once", "4").option("-o, --out <file>", "write the report to a file (atomically) instead of stdout").option("--provider <name>", "LLM provider for the judge: anthropic, openai, ollama, claude-code (default: from the environment)").option("--model <model>", "judge model (alias haiku|sonnet|opus or an id)").option("--judge-model <models>", "a panel of judge models, comma-separated").option("--judges <n>", "independent judge samples per model", "1").option("--base-url <url>", "base URL of an OpenAI-compatible or Anthropic-compatible server").option("--concurrency <n>", "LLM calls in flight at once (halves on rate limits)", "4").option("--budget-tokens <n>", "token budget for the skill text shown to the judge", "24000").option("--no-cache", "neither read nor write the response cache");
}
async function loadCliConfig(explicitFile) {
  const { findConfigFile } = await import("./find-SBCD6BL3.js");
  const file = explicitFile ?? findConfigFile(process.cwd());
  if (!file) return { config: {} };
  const { resolveConfig } = await import("./load-EN7U7AJF.js");
  return resolveConfig(file);
}
function positiveInt(flag, value, max) {
  if (value === void 0) return void 0;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new UsageError(`${flag} must be a whole number from 1 to ${max}, got "${value}"`);
  return n;
}
async function judgeSetup(flags, config) {
  if (!DEPTH_PLAN[flags.depth].layers.includes("judge")) return void 0;
  const { makeProvider } = await import("./provider-setup-F4DWRPKN.js");
  const judgeModels = flags.judgeModel?.split(",").map((m) => m.trim()).filter(Boolean) ?? config.judgeModels;
  const concurrency = positiveInt("--concurrency", flags.concurrency, 64) ?? config.concurrency;
  const provider = flags.provider ?? config.provider;
  const model = flags.model ?? config.model ?? judgeModels?.[0];
  const baseUrl = flags.baseUrl ?? config.baseURL;
  const made = await makeProvider({
    ...provider ? { provider } : {},
    ...model ? { model } : {},
    ...baseUrl ? { baseUrl } : {},
    noCache: !flags.cache || config.cache?.enabled === false,
    ...concurrency ? { concurrency } : {},
    ...config.prices ? { prices: config.prices } : {},
    ...config.cache?.ttlDays ? { cacheTtlDays: config.cache.ttlDays } : {}
  });
  const judges = positiveInt("--judges", flags.judges, 20) ?? config.judges;
  const budgetTokens = positiveInt("--budget-tokens", flags.budgetTokens, 1e6);
  return {
    provider: made.provider,
    model: made.model,
    description: made.description,
    ...judgeModels && judgeModels.length > 1 ? { judgeModels } : {},
    ...judges ? { judges } : {},
    ...budgetTokens ? { budgetTokens } : {}
  };
}
async function runScore(paths, typed, ui, options = {}) {
  const { config } = await loadCliConfig(options.configFile);
  const explicit = options.explicit ?? (() => true);
  const flags = {
    ...typed,
    ...config.methodology && !explicit("methodology") ? { methodology: config.methodology } : {},
    ...config.depth && !explicit("depth") ? { depth: config.depth } : {},
    ...config.threshold !== void 0 && typed.threshold === void 0 ? { threshold: String(config.threshold) } : {},
    ...explicit("judges") ? {} : { judges: void 0 },
    ...explicit("concurrency") ? {} : { concurrency: void 0 }
  };
  const threshold = parseThreshold(flags.threshold);
  const jobs = parseJobs(flags.jobs);
  const judge = await judgeSetup(flags, config);
  if (judge && !ui.quiet) ui.stderr(`plugin-eval: judge: ${judge.description}${judge.judgeModels ? `; panel ${judge.judgeModels.join(", ")}` : ""}`);
  const bar = progressBar(ui.stderrIsTTY && !ui.quiet);
  const streaming = flags.output === "jsonl" && !flags.out;
  let belowThreshold2 = false;
  let withErrors = false;
  let partial = false;
  const gapLines = [];
  const run = await score(paths, {
    retainResults: !streaming,
    onResult: (r) => {
      belowThreshold2 ||= isBelowThreshold(r.composite.score, r.methodology, threshold);
      withErrors ||= r.diagnostics.some((d) => d.severity === "error");
      partial ||= r.measurement.status === "partial";
      for (const g of r.measurement.gaps) {
        gapLines.push(`plugin-eval: partial: ${r.target.path}: ${g.dimension} ${g.measured ? "measured only in part" : "not measured"} by ${g.layer}: ${firstLine(g.reason)}`);
      }
      if (streaming) ui.stdout(REPORTERS.jsonl([r], { color: false, width: ui.width, format: flags.format, toolVersion: VERSION }));
    },
    methodology: flags.methodology,
    depth: flags.depth,
    ...judge ? { judge } : {},
    jobs,
    signal: ui.signal,
    onProgress: (done, total, target) => total > 1 && bar.update(done, total, target.displayPath)
  });
  bar.finish();
  const results = run.results;
  const exit = () => exitCode({ failures: run.failures.length, belowThreshold: belowThreshold2, withErrors, partial, methodology: flags.methodology });
  if (streaming) {
    reportProblems(run, ui, gapLines);
    return exit();
  }
  const report = REPORTERS[flags.output](results, {
    color: ui.color && !flags.out && flags.output === "text",
    width: ui.width,
    cutPaths: ui.cutPaths === true && !flags.out,
    format: flags.format,
    toolVersion: VERSION,
    ...threshold !== void 0 ? { threshold } : {}
  });
  if (flags.out) await writeFileAtomic(flags.out, report.endsWith("\n") ? report : `${report}
`);
  else ui.stdout(report.endsWith("\n") ? report : `${report}
`);
  reportProblems(run, ui, gapLines);
  return exit();
}
var firstLine = (text) => text.split("\n", 1)[0] ?? "";
function reportProblems(run, ui, gapLines) {
  for (const line of gapLines) ui.stderr(line);
  if (gapLines.length > 0) ui.stderr("plugin-eval: the run was partial (exit 3): failed dimensions are scored from the other layers alone and no threshold is passed");
  for (const d of run.diagnostics) ui.stderr(formatDiagnostic(d, ui.color));
  for (const f of run.failures) {
    ui.stderr(`plugin-eval: could not score ${f.target.displayPath}:`);
    for (const d of f.diagnostics) ui.stderr(`  ${formatDiagnostic(d, ui.color)}`);
  }
}
function exitCode(run) {
  if (run.failures > 0) return EXIT.INPUT;
  if (run.partial) return EXIT.NOT_MEASURED;
  if (run.belowThreshold) return EXIT.FAILED;
  if (run.methodology === "default" && run.withErrors) return EXIT.FAILED;
  return EXIT.OK;
}

// src/cli/run.ts
function scoreContext(cmd) {
  const configFile = cmd.parent?.opts().config;
  return { explicit: (flag) => cmd.getOptionValueSource(flag) === "cli", ...configFile ? { configFile } : {} };
}
async function buildProgram(ui, setExit, argv2 = []) {
  const program = new Command("plugin-eval").description("Measure the quality of Agent Skills and Claude Code plugins.").version(VERSION).option("--debug", "show stack traces for unexpected errors").option("--no-color", "disable colours").option("--config <file>", "config file (default: plugin-eval.config.json or .plugin-eval.json here or in a parent folder)").showSuggestionAfterError().exitOverride();
  program.configureOutput({ writeOut: (s) => ui.stdout(s), writeErr: (s) => ui.stderr(s.replace(/\n$/, "")) });
  addScoreOptions(
    program.command("score").description("score skills, plugins, marketplaces or folders of them").argument("<path...>", "skill folder, SKILL.md, plugin, marketplace or any folder holding skills"),
    { depth: "quick" }
  ).action(async (paths, flags, cmd) => setExit(await runScore(paths, flags, ui, scoreContext(cmd))));
  addScoreOptions(
    program.command("certify").description("score with every layer (deep depth) for a badge").argument("<path...>", "skill or plugin"),
    { depth: "deep" }
  ).action(async (paths, flags, cmd) => setExit(await runScore(paths, flags, ui, scoreContext(cmd))));
  program.command("compare").description("score two skills or plugins at quick depth and show each dimension with its delta").argument("<a>", "baseline").argument("<b>", "candidate").addOption(new Option("--methodology <name>").choices(["default", "compat"]).default("default")).addOption(new Option("--output <format>").choices(["text", "json"]).default("text")).action(async (a, b, flags) => setExit(await (await import("./compare-command-X23NX237.js")).runCompare(a, b, flags, ui)));
  program.command("validate").description("lint skills and plugins against the Agent Skills spec, skill-creator and Claude Code rules").argument("<path...>", "skills, plugins, marketplaces or folders").addOption(new Option("--output <format>").choices(["text", "json"]).default("text")).option("--quiet", "only errors").action(async (paths, flags) => setExit(await (await import("./validate-command-OJQ7MI45.js")).runValidate(paths, flags, ui)));
  program.command("schema").description("print the JSON Schema of a file format or output (no name: list them)").argument("[name]", "e.g. score-result, plugin-manifest, marketplace, hooks").action(async (name) => setExit((await import("./schema-command-FZDOZNOF.js")).runSchema(name, ui)));
  program.command("cache").description("the response cache of LLM calls (SQLite under the user cache folder, PLUGIN_EVAL_CACHE_DIR to move it)").argument("<action>", "stats (entries, size, hits and misses across runs) or clear").option("--json", "stats as JSON").action(async (action, flags) => {
    if (action !== "stats" && action !== "clear") throw new UsageError(`cache: unknown action "${action}"; use stats or clear`);
    setExit(await (await import("./cache-command-TDOTA7K6.js")).runCache(action, ui, { json: flags.json === true }));
  });
  if (argv2.find((a) => !a.startsWith("-")) === "judge") {
    const [{ registerJudgeCommands }, { makeProvider }] = await Promise.all([import("./judge-commands-53MC6XF6.js"), import("./provider-setup-F4DWRPKN.js")]);
    registerJudgeCommands(program, {
      makeProvider,
      stdout: { write: (t) => ui.stdout(t) },
      stderr: { write: (t) => ui.stderr(t.replace(/\n$/, "")) },
      setExit
    });
  } else {
    program.command("judge").description("LLM-as-judge toolkit: score, compare, rubric, calibrate, bias (see plugin-eval judge --help)").allowUnknownOption().argument("[args...]");
  }
  return program;
}
async function runCli(argv2, ui) {
  let code = EXIT.OK;
  const debug = argv2.includes("--debug");
  const program = await buildProgram(ui, (c) => code = c, argv2);
  try {
    await program.parseAsync(argv2, { from: "user" });
    return code;
  } catch (err) {
    if (err instanceof CommanderError) {
      if (err.code === "commander.helpDisplayed" || err.code === "commander.version" || err.code === "commander.help") return EXIT.OK;
      return EXIT.INPUT;
    }
    if (err instanceof PluginEvalError) {
      if (err.code === "CANCELLED") {
        ui.stderr("plugin-eval: cancelled; nothing was written");
        return EXIT.INTERRUPTED;
      }
      ui.stderr(`plugin-eval: ${err.message}`);
      if (err.code === "NOT_MEASURED") ui.stderr("plugin-eval: stopped without a score: a result without this layer would claim a measurement that was never made (exit 3)");
      if (debug && err.stack) ui.stderr(err.stack);
      return err.code === "PROVIDER" || err.code === "NOT_MEASURED" ? EXIT.NOT_MEASURED : EXIT.INPUT;
    }
    ui.stderr(`plugin-eval: unexpected error: ${err instanceof Error ? err.message : String(err)}`);
    if (debug && err instanceof Error && err.stack) ui.stderr(err.stack);
    else ui.stderr("(run with --debug for details)");
    return EXIT.INPUT;
  }
}

// src/cli/main.ts
function processUi(argv2) {
  const controller = new AbortController();
  process.once("SIGINT", () => controller.abort());
  const color = !argv2.includes("--no-color") && !process.env.NO_COLOR && (Boolean(process.stdout.isTTY) || Boolean(process.env.FORCE_COLOR));
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (line) => process.stderr.write(`${line}
`),
    color,
    stderrIsTTY: Boolean(process.stderr.isTTY),
    quiet: false,
    width: reportWidth(process.env.COLUMNS, process.stdout.isTTY ? process.stdout.columns : void 0),
    cutPaths: Boolean(process.stdout.isTTY),
    signal: controller.signal
  };
}
var argv = process.argv.slice(2);
runCli(argv, processUi(argv)).then(
  (code) => {
    process.exitCode = code;
  },
  () => {
    process.exitCode = EXIT.INPUT;
  }
);
//# sourceMappingURL=plugin-eval.js.map
