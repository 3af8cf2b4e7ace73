import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  allSections,
  analyseMarkdown,
  compatFrontmatter,
  discoverTargets,
  fileLine,
  filesUnder,
  listPaths,
  markdownComponentFromText,
  normaliseRelative,
  parseFrontmatter,
  parsePlugin,
  parseSkill,
  pathIndex,
  topLevelFiles
} from "./chunk-B4F6H7IR.js";
import {
  compositeDecisionValue,
  displayedCoveragePercent,
  displayedGrade,
  formatCompositeScore,
  formatCoverage,
  pLimit,
  settle
} from "./chunk-LFWR422J.js";
import {
  KEBAB_NAME
} from "./chunk-ZJ3JHV56.js";
import {
  injectionAttemptRule
} from "./chunk-CFBCDDRL.js";
import {
  DEPTH_PLAN,
  DIMENSIONS,
  DIMENSION_WEIGHTS,
  DISQUALIFYING_ANTI_PATTERNS,
  LAYERS,
  LAYER_BLEND,
  RESULT_SCHEMA_VERSION,
  SUB_SCORES,
  SUB_SCORE_TO_DIMENSION,
  SUB_SCORE_WEIGHTS
} from "./chunk-S3VFI5PN.js";
import {
  BADGES,
  antiPatternPenalty,
  badgeFor
} from "./chunk-5GN6JLQL.js";
import {
  diagnostic
} from "./chunk-CIIKNCXD.js";
import {
  countMatches,
  lineCount,
  lineLocator
} from "./chunk-W5GF6CLU.js";
import {
  InputError
} from "./chunk-KS2JGSJK.js";

// src/api/score.ts
import path8 from "node:path";

// src/checks/shared/directives.ts
var DIRECTIVE = /\b(?:MUST|NEVER|ALWAYS)\b/g;

// src/checks/compat/view.ts
var cache = /* @__PURE__ */ new WeakMap();
function pythonStr(value) {
  if (value === void 0 || value === null) return value === null ? "None" : "";
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "True" : "False";
  return String(value);
}
function compatView(skill) {
  const hit = cache.get(skill);
  if (hit) return hit;
  const content = skill.rawText;
  const compat = compatFrontmatter(content);
  const body = compat.body;
  const fm = compat.data;
  const lines = content.split("\n");
  let headingCount = 0;
  for (const line of body.split("\n")) if (line.startsWith("## ") || line.startsWith("### ")) headingCount++;
  let fenceCount = 0;
  const languages = /* @__PURE__ */ new Set();
  for (const m of content.matchAll(/```(\w*)/g)) {
    fenceCount++;
    if (m[1]) languages.add(m[1]);
  }
  const view = {
    content,
    lower: content.toLowerCase(),
    body,
    bodyLower: body.toLowerCase(),
    lines,
    lineCount: lines.length,
    frontmatter: fm,
    problem: compat.problem,
    name: "name" in fm ? pythonStr(fm.name) : skill.dirName,
    description: "description" in fm ? pythonStr(fm.description) : "",
    headingCount,
    fenceCount,
    languages,
    directives: countMatches(content, DIRECTIVE)
  };
  cache.set(skill, view);
  return view;
}
var COMPAT_TRIGGER = /\b(?:should\s+be\s+)?used?\s+(?:this\s+skill\s+)?(?:immediately\s+)?(?:when|after|before|whenever)\b|\buse\s+proactively\b|\btrigger(?:s)?\s+(?:when|on)\b|\bauto[-\s]?loads?\s+(?:when|on)\b/i;
var COMPAT_CROSS_REF = /(?<![\w-])((?:skill|skills|sub-skills)\/[a-z0-9-]+(?:\/[a-z0-9-]+)*)/g;

// src/checks/shared/score-builder.ts
var ScoreBuilder = class {
  total;
  evidence = [];
  findings = [];
  constructor(base = 0, why) {
    this.total = base;
    if (why) this.evidence.push(`${base.toFixed(2)} ${why}`);
  }
  add(points, why, when = true) {
    if (!when || points === 0) return this;
    this.total += points;
    this.evidence.push(`${points > 0 ? "+" : ""}${points.toFixed(2)} ${why}`);
    return this;
  }
  find(finding) {
    this.findings.push(finding);
    return this;
  }
  /** Scale the bonuses earned above `floor` (used to discount padded content). */
  scale(factor, why, floor = 0) {
    if (factor >= 1) return this;
    const before = this.total;
    this.total = floor + (this.total - floor) * factor;
    this.evidence.push(`x${factor.toFixed(2)} ${why} (${before.toFixed(2)} -> ${this.total.toFixed(2)})`);
    return this;
  }
  done(cap = 1) {
    return { score: Math.min(cap, Math.max(0, this.total)), evidence: this.evidence, findings: this.findings };
  }
};

// src/checks/compat/ecosystem-coherence.ts
var ecosystemCoherence = {
  id: "compat/ecosystem-coherence",
  subScore: "ecosystem_coherence",
  methodology: "compat",
  description: 'PluginEval 0.1.x: 0.5 + 0.08 per skills/... path (max 0.25) + 0.25 for "related"/"see also".',
  run(skill) {
    const view = compatView(skill);
    const refs = [...view.body.matchAll(COMPAT_CROSS_REF)].length;
    return new ScoreBuilder(0.5, "base").add(Math.min(0.25, 0.08 * refs), `${refs} cross-reference(s)`).add(0.25, "related/see-also wording", /\brelated\b|\bsee also\b|\bcompanion\b|\bcomplement/.test(view.lower)).done();
  }
};

// src/checks/compat/frontmatter-quality.ts
var USE_CASES = /,\s*(?:or\s+)?(?:when|for|during|implementing|building|creating|debugging|testing|deploying|configuring|setting up)/gi;
function compatPushiness(description) {
  const useCases = description.match(USE_CASES)?.length ?? 0;
  const { score: score2, evidence } = new ScoreBuilder().add(0.25, "trigger phrase", COMPAT_TRIGGER.test(description)).add(0.15, '"proactively"', /\bproactively\b/i.test(description)).add(0.1, "activation keyword", /\bautomatically\b|\balways\s+use\b|\btrigger\b|\binvoke\b/i.test(description)).add(useCases >= 3 ? 0.2 : useCases >= 1 ? 0.1 : 0, `${useCases} listed use case(s)`).add(0.15, 'gerund context ("when doing...")', /\b(when\s+\w+ing|for\s+\w+ing|during\s+\w+ing)\b/i.test(description)).add(0.1, "description >= 40 characters", description.length >= 40).done(0.95);
  return { score: score2, evidence };
}
var frontmatterQuality = {
  id: "compat/frontmatter-quality",
  subScore: "frontmatter_quality",
  methodology: "compat",
  description: "PluginEval 0.1.x: name bonus (inverted), description length, 0.6 x trigger-phrase pushiness.",
  run(skill) {
    const view = compatView(skill);
    const differs = view.name !== skill.dirName;
    const description = view.description.trim();
    const n = description.length;
    const push = compatPushiness(description);
    return new ScoreBuilder().add(differs ? 0.15 : 0.1, `name ${differs ? "differs from" : "equals"} the folder name`).add(n >= 100 ? 0.25 : n >= 60 ? 0.2 : n >= 30 ? 0.15 : n >= 10 ? 0.05 : 0, `description length ${n}`).add(0.6 * push.score, `pushiness ${push.score.toFixed(2)} x 0.6 (${push.evidence.join(", ") || "none"})`).done();
  }
};

// src/checks/shared/claude-tools.ts
var CLAUDE_TOOL_ALTERNATION = "Read|Edit|Write|Bash|Grep|Glob|Agent|Task|TodoWrite|WebFetch|WebSearch|LS|LSP";
var TOOLS = CLAUDE_TOOL_ALTERNATION;
var TOOL_NAMES_LOWER = TOOLS.toLowerCase().split("|");
var TOOL_REF = new RegExp(`(?:\\b(?:the|use|call|invoke|via)\\s+\`(${TOOLS})\`|\`(${TOOLS})\`\\s+tool\\b)`, "gi");
var TOOL_PROSE = new RegExp(`\\b[Tt]he\\s+(?:${TOOLS})\\s+tool\\b`);
function backtickedToolRefs(text) {
  const tools = /* @__PURE__ */ new Set();
  if (!text.includes("`")) return tools;
  const lower2 = text.toLowerCase();
  if (!TOOL_NAMES_LOWER.some((t) => lower2.includes(`\`${t}\``))) return tools;
  for (const m of text.matchAll(TOOL_REF)) tools.add(m[1] ?? m[2]);
  return tools;
}
function mentionsToolInProse(text) {
  return TOOL_PROSE.test(text);
}

// src/checks/compat/harness-portability.ts
var PY_WORD = "[\\p{L}\\p{N}_]";
var PY_SPACE = "[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
var COMPAT_TOOL_PROSE = new RegExp(
  `(?<!${PY_WORD})[Tt][Hh][Ee]${PY_SPACE}+\`?(?:${CLAUDE_TOOL_ALTERNATION})\`?${PY_SPACE}+tool(?!${PY_WORD})`,
  "u"
);
var harnessPortability = {
  id: "compat/harness-portability",
  subScore: "harness_portability",
  methodology: "compat",
  description: "PluginEval 0.1.x: penalties for a large SKILL.md without references/ and Claude-specific tool names.",
  run(skill) {
    const view = compatView(skill);
    const tools = backtickedToolRefs(view.content);
    return new ScoreBuilder(1, "base").add(-0.15, "SKILL_OVER_CODEX_CAP: over 8 KiB with no references/", skill.bytes > 8192 && !skill.hasReferencesDir).add(-Math.min(0.1, 0.02 * tools.size), `CLAUDE_TOOL_REFS: ${[...tools].join(", ")}`, tools.size > 0).add(-0.05, 'CLAUDE_TOOL_PROSE: "the X tool" wording', COMPAT_TOOL_PROSE.test(view.content)).done();
  }
};

// src/checks/compat/orchestration-wiring.ts
var orchestrationWiring = {
  id: "compat/orchestration-wiring",
  subScore: "orchestration_wiring",
  methodology: "compat",
  description: "PluginEval 0.1.x: keywords for output format, inputs and returns anywhere in the file; -0.15 for orchestration words.",
  run(skill) {
    const view = compatView(skill);
    const text = view.lower;
    return new ScoreBuilder(0.7, "base").add(0.1, "mentions an output format", /\boutput\b.*\bformat\b|\bformat\b.*\boutput\b|\breturn.*json\b/.test(text)).add(0.05, "says what it returns", /\b(?:returns?|produces?|outputs?|generates?)\b/.test(text)).add(0.1, "documents inputs", /\b(?:input|receives?|accepts?|parameters?|args?)\b/.test(text)).add(0.05, "has code examples", view.fenceCount >= 2).add(-0.15, "orchestration language", /\borchestrat\w*|\bcoordinat\w*|\bdispatch\w*/.test(text)).done();
  }
};

// src/checks/compat/progressive-disclosure.ts
function compatLengthBand(lines) {
  if (lines >= 200 && lines <= 600) return 0.6;
  if (lines >= 100 && lines < 200) return 0.5;
  if (lines > 600 && lines <= 800) return 0.4;
  if (lines < 100) return 0.2;
  return 0.15;
}
var progressiveDisclosure = {
  id: "compat/progressive-disclosure",
  subScore: "progressive_disclosure",
  methodology: "compat",
  description: "PluginEval 0.1.x: line-count band plus bonuses for any file in references/ and assets/.",
  run(skill) {
    const { lineCount: lineCount2 } = compatView(skill);
    return new ScoreBuilder(compatLengthBand(lineCount2), `for ${lineCount2} lines`).add(lineCount2 > 400 ? 0.25 : 0.15, "references/ has files", topLevelFiles(skill, "references").length > 0).add(0.15, "assets/ has files", topLevelFiles(skill, "assets").length > 0).done();
  }
};

// src/checks/compat/structural-completeness.ts
var structuralCompleteness = {
  id: "compat/structural-completeness",
  subScore: "structural_completeness",
  methodology: "compat",
  description: "PluginEval 0.1.x: heading, fence-line and language counts, example/troubleshooting sections, tables, decision words.",
  run(skill) {
    const view = compatView(skill);
    const h = view.headingCount;
    const f = view.fenceCount;
    const l = view.languages.size;
    const body = view.bodyLower;
    return new ScoreBuilder().add(h >= 6 ? 0.2 : h >= 4 ? 0.15 : h >= 2 ? 0.1 : 0, `${h} H2/H3 headings`).add(f >= 5 ? 0.2 : f >= 3 ? 0.15 : f >= 1 ? 0.1 : 0, `${f} fence lines`).add(l >= 3 ? 0.15 : l >= 2 ? 0.1 : 0, `${l} code languages`).add(0.15, "examples section", body.includes("## example") || body.includes("### example") || body.includes("## usage")).add(0.15, "troubleshooting section", body.includes("## troubleshoot") || body.includes("## common issue") || body.includes("## faq")).add(0.1, "a table", /\|.*\|.*\|/.test(view.content)).add(0.05, "decision guidance", /(decision|when to use|comparison|tradeoff)/.test(view.lower)).done();
  }
};

// src/checks/compat/token-efficiency.ts
var tokenEfficiency = {
  id: "compat/token-efficiency",
  subScore: "token_efficiency",
  methodology: "compat",
  description: "PluginEval 0.1.x: MUST/NEVER/ALWAYS density and duplicate-line ratio (fence lines included).",
  run(skill) {
    const view = compatView(skill);
    const density = view.directives / view.lineCount;
    const b = new ScoreBuilder(1, "base").add(density > 0.5 ? -0.4 : density > 0.2 ? -0.2 : density > 0.1 ? -0.1 : 0, `directive density ${density.toFixed(2)}`);
    const kept = view.lines.map((l) => l.trim()).filter((l) => l !== "" && !l.startsWith("---"));
    if (kept.length > 0) {
      const repetition = 1 - new Set(kept).size / kept.length;
      b.add(-0.4 * repetition, `repeated lines ${(repetition * 100).toFixed(1)}%`);
    }
    return b.done();
  }
};

// src/checks/compat/anti-patterns.ts
import path from "node:path";
var overConstrained = {
  flag: "OVER_CONSTRAINED",
  methodology: "compat",
  description: "More than 15 MUST/ALWAYS/NEVER directives in SKILL.md.",
  severity: 0.1,
  fix: "Replace directive language with explanations; keep hard constraints for safety and correctness.",
  detect(skill) {
    const n = compatView(skill).directives;
    return n > 15 ? [{ flag: "OVER_CONSTRAINED", severity: 0.1, description: `SKILL.md has ${n} MUST/ALWAYS/NEVER directives (more than 15). Over-prescriptive instructions reduce model flexibility and waste tokens.` }] : [];
  }
};
var emptyDescription = {
  flag: "EMPTY_DESCRIPTION",
  methodology: "compat",
  description: "Frontmatter description shorter than 20 characters.",
  severity: 0.2,
  fix: 'Write a 60-120 character description with a "Use this skill when..." clause and two or more contexts.',
  detect(skill) {
    const n = compatView(skill).description.trim().length;
    return n < 20 ? [{ flag: "EMPTY_DESCRIPTION", severity: 0.2, description: `Skill description is ${n} characters (under 20). Without a meaningful description the skill cannot be selected.` }] : [];
  }
};
var missingTrigger = {
  flag: "MISSING_TRIGGER",
  methodology: "compat",
  description: 'Description lacks a trigger phrase such as "Use when...".',
  severity: 0.15,
  fix: `Start the description's second sentence with "Use this skill when..." followed by specific scenarios.`,
  detect(skill) {
    const view = compatView(skill);
    const fm = view.frontmatter;
    if (fm["disable-model-invocation"] === true) return [];
    if (typeof fm.paths === "string" && fm.paths.length > 0) return [];
    if (COMPAT_TRIGGER.test(view.description)) return [];
    return [
      {
        flag: "MISSING_TRIGGER",
        severity: 0.15,
        description: 'Skill description lacks a recognised trigger phrase (e.g. "Use when \u2026", "This skill should be used when \u2026", "Use after \u2026", "Auto-loads when \u2026"). Without one, the model cannot determine when to invoke the skill.'
      }
    ];
  }
};
var bloatedSkill = {
  flag: "BLOATED_SKILL",
  methodology: "compat",
  description: "SKILL.md over 800 lines with no references/ folder.",
  severity: 0.1,
  fix: "Move detailed material into references/ and link it from SKILL.md.",
  detect(skill) {
    const { lineCount: lineCount2 } = compatView(skill);
    return lineCount2 > 800 && !skill.hasReferencesDir ? [{ flag: "BLOATED_SKILL", severity: 0.1, description: `SKILL.md is ${lineCount2} lines with no references/ directory. The whole file loads on every invocation.` }] : [];
  }
};
function* referenceLinks(content) {
  const open = "(references/";
  for (let at = content.indexOf(open); at !== -1; ) {
    const close = content.indexOf(")", at + open.length);
    if (close === -1) return;
    if (close === at + open.length) {
      at = content.indexOf(open, at + 1);
      continue;
    }
    yield { index: at, target: content.slice(at + open.length, close) };
    at = content.indexOf(open, close + 1);
  }
}
var orphanReference = {
  flag: "ORPHAN_REFERENCE",
  methodology: "compat",
  description: "A `(references/...)` link whose file is not directly in references/ (PluginEval's name for a dead link).",
  severity: 0.05,
  fix: "Create the missing reference file or remove the link.",
  detect(skill) {
    if (!skill.hasReferencesDir) return [];
    const view = compatView(skill);
    const present = new Set(topLevelFiles(skill, "references").map((f) => path.posix.basename(f.rel).toLowerCase()));
    const out = [];
    const lineOf = lineLocator(view.content);
    for (const m of referenceLinks(view.content)) {
      const target = m.target;
      if (present.has(path.posix.basename(target).toLowerCase())) continue;
      out.push({
        flag: "ORPHAN_REFERENCE",
        severity: 0.05,
        line: lineOf(m.index),
        description: `SKILL.md links to '${target}' which does not exist. Dead reference links waste context and confuse the model.`
      });
    }
    return out;
  }
};
var deadCrossRef = {
  flag: "DEAD_CROSS_REF",
  methodology: "compat",
  description: "A skills/... path that does not resolve from the skills folder.",
  severity: 0.05,
  fix: "Fix the path to the referenced skill or agent, or remove the reference.",
  detect(skill) {
    const view = compatView(skill);
    const out = [];
    const index = pathIndex(skill);
    for (const m of view.body.matchAll(COMPAT_CROSS_REF)) {
      const ref = m[1];
      const resolves = ref.startsWith("sub-skills/") ? index.dirs.has(ref) || index.files.has(ref) : skill.context.siblings.has(ref.replace(/^skills?\//, ""));
      if (resolves) continue;
      const name = ref.replace(/^skills?\//, "");
      out.push({
        flag: "DEAD_CROSS_REF",
        severity: 0.05,
        description: `Cross-reference to skill/agent '${name}' cannot be resolved. Dead links degrade ecosystem coherence.`
      });
    }
    return out;
  }
};
var compatAntiPatterns = [overConstrained, emptyDescription, missingTrigger, bloatedSkill, orphanReference, deadCrossRef];

// src/checks/compat/index.ts
var compatChecks = [
  frontmatterQuality,
  orchestrationWiring,
  progressiveDisclosure,
  structuralCompleteness,
  tokenEfficiency,
  ecosystemCoherence,
  harnessPortability
];

// src/checks/default/cross-references.ts
import path2 from "node:path";
var memo = /* @__PURE__ */ new WeakMap();
var SKILL_PATH = /(?<![\w\-/.:])(?:\.\.\/|skills\/)([a-z0-9][a-z0-9-]*)(?:\/SKILL\.md)?(?![\w-])/g;
var AGENT_PATH = /(?<![\w\-/.:])(?:\.\.\/)*agents\/([a-z0-9][a-z0-9-]*)\.md\b/g;
var LIST_WORDS = /* @__PURE__ */ new Set(["skills", "commands", "agents", "subagents", "hooks", "plugins", "tools", "prompts", "rules", "workflows", "servers", "mcps", "docs", "templates", "scripts", "references", "assets", "examples", "tasks", "files", "folders", "settings", "styles", "modes"]);
function isProseSlashList(token) {
  const parts = token.replace(/[.,;:!?)]+$/, "").split("/").filter((p) => p !== "");
  if (parts[0] !== "skills" || parts.length < 2) return false;
  if (LIST_WORDS.has(parts[1])) return true;
  return parts.length >= 3 && parts.every((p) => /^[a-z]+$/i.test(p));
}
function crossReferences(skill) {
  const hit = memo.get(skill);
  if (hit) return hit;
  const refs = [];
  const seen = /* @__PURE__ */ new Set();
  const siblingSkill = (name) => name !== skill.dirName && skill.context.siblings.has(`${name}/SKILL.md`);
  const files = pathIndex(skill).files;
  const agents = new Set(skill.context.agents);
  const agentExists = (name) => files.has(`agents/${name}.md`) || agents.has(name);
  const push = (ref) => {
    const key = `${ref.kind}:${ref.target}`;
    if (seen.has(key)) return;
    seen.add(key);
    refs.push(ref);
  };
  for (const link of skill.markdown.links) {
    const url = link.path;
    if (url === void 0 || !url.startsWith("../")) continue;
    const target = normaliseRelative(path2.posix.join(skill.dirName, url));
    const agent = /^\.\.\/(?:\.\.\/)?agents\/([^/]+)\.md$/.exec(url);
    if (agent) {
      push({ text: url, kind: "agent", target: agent[1], resolved: agentExists(agent[1]), line: fileLine(skill, link.line) });
      continue;
    }
    if (target.startsWith("..")) continue;
    const name = target.split("/")[0] ?? "";
    push({ text: url, kind: "skill", target: name, resolved: skill.context.siblings.has(target) || siblingSkill(name), line: fileLine(skill, link.line) });
  }
  skill.markdown.proseLines.forEach((line, i) => {
    if (!line.includes("/")) return;
    const withoutUrls = line.replace(/\bhttps?:\/\/\S+/g, " ").replace(/(`+)[^`]*?\1/g, " ");
    for (const m of withoutUrls.matchAll(SKILL_PATH)) {
      const token = /^[\w./-]*/.exec(withoutUrls.slice(m.index))[0];
      if (isProseSlashList(token)) continue;
      push({ text: m[0], kind: "skill", target: m[1], resolved: siblingSkill(m[1]), line: fileLine(skill, i + 1) });
    }
    for (const m of withoutUrls.matchAll(AGENT_PATH)) {
      push({ text: m[0], kind: "agent", target: m[1], resolved: agentExists(m[1]), line: fileLine(skill, i + 1) });
    }
  });
  for (const code of skill.markdown.inlineCode) {
    const agentPath = /^(?:\.\.\/)*agents\/([a-z0-9-]+)\.md$/.exec(code.value);
    if (agentPath && agentExists(agentPath[1])) {
      push({ text: code.value, kind: "agent", target: agentPath[1], resolved: true, line: fileLine(skill, code.line) });
      continue;
    }
    const name = code.value.replace(/^[@/]/, "").replace(/^(?:\.\.\/|skills\/)([a-z0-9-]+)(?:\/SKILL\.md)?$/, "$1");
    if (siblingSkill(name)) push({ text: code.value, kind: "skill", target: name, resolved: true, line: fileLine(skill, code.line) });
    else if (agents.has(name)) push({ text: code.value, kind: "agent", target: name, resolved: true, line: fileLine(skill, code.line) });
  }
  memo.set(skill, refs);
  return refs;
}

// src/checks/default/signals.ts
var cache2 = /* @__PURE__ */ new WeakMap();
var NOT_LETTERS = /[^a-z\u00c0-\u024f\u0370-\u1fff\u2c00-\u2dff\u3040-\ud7ff\uf900-\ufdcf]+/g;
function normaliseLine(line) {
  return line.toLowerCase().replace(NOT_LETTERS, " ").trim();
}
var NOT_LETTERS_OR_NEWLINE = /[^a-z\n\u00c0-\u024f\u0370-\u1fff\u2c00-\u2dff\u3040-\ud7ff\uf900-\ufdcf]+/g;
function hasThreeWords(line) {
  const first = line.indexOf(" ");
  return first !== -1 && line.indexOf(" ", first + 1) !== -1;
}
function signals(skill) {
  const hit = cache2.get(skill);
  if (hit) return hit;
  const md = skill.markdown;
  const prose = [];
  for (const line of md.proseLines) {
    const trimmed = line.trim();
    if (trimmed !== "") prose.push(trimmed);
  }
  const proseText = prose.join("\n");
  const proseLower = proseText.toLowerCase();
  const normalised = proseLower.replace(NOT_LETTERS_OR_NEWLINE, " ").split("\n").map((l) => l.trim());
  const substantive = normalised.filter(hasThreeWords);
  const distinct = new Set(substantive).size;
  const distinctRatio = substantive.length === 0 ? 1 : distinct / substantive.length;
  const integrity = Math.min(1, distinctRatio / 0.8);
  const real = (f) => !/(^|\/)\.(?:gitkeep|keep)$/.test(f.rel);
  const refs = filesUnder(skill, "references").filter((f) => !f.binary && real(f));
  const assets = filesUnder(skill, "assets").filter(real);
  const isEmpty = (f) => f.size === 0 || f.blank === true;
  const linkedPaths = /* @__PURE__ */ new Set();
  for (const link of md.links) {
    if (link.path !== void 0 && !link.path.startsWith("/")) linkedPaths.add(normaliseRelative(link.path));
  }
  for (const code of md.inlineCode) {
    if (/^(?:\.\/)?(?:references|assets|scripts)\/[^\s]+$/.test(code.value)) linkedPaths.add(normaliseRelative(code.value));
  }
  const result = {
    prose,
    directives: countMatches(proseText, DIRECTIVE),
    normalised,
    proseText,
    proseLower,
    distinctRatio,
    integrity,
    referenceFiles: refs.filter((f) => !isEmpty(f)).map((f) => f.rel),
    emptyReferenceFiles: refs.filter(isEmpty).map((f) => f.rel),
    assetFiles: assets.filter((f) => !isEmpty(f)).map((f) => f.rel),
    emptyAssetFiles: assets.filter(isEmpty).map((f) => f.rel),
    linkedPaths,
    // File lines = frontmatter lines + body lines, without scanning the text again.
    lineCount: skill.bodyStartLine - 1 + md.lineCount
  };
  cache2.set(skill, result);
  return result;
}
var NEGATION = /\b(?:not|never|don't|do not|doesn't|does not|avoid|except|unless|no need to|instead of)\b/i;
var TRIGGER = /\b(?:should\s+be\s+)?use[ds]?\s+(?:this\s+skill\s+)?(?:immediately\s+)?(?:when|after|before|whenever|for|to)\b|\buse\s+proactively\b|\btrigger(?:s|ed)?\s+(?:when|on)\b|\bauto[-\s]?loads?\s+(?:when|on)\b|\bwhen\s+the\s+user\s+(?:asks|wants|needs|mentions|says)\b/gi;
var CLAUSE_END = /* @__PURE__ */ new Set([".", ";", "!", "?", ":", "\n"]);
var NEGATION_ALL = new RegExp(NEGATION.source, "gi");
var BLANK = /\s/;
function analyseTriggers(description) {
  const positive = [];
  const negated = [];
  const negations = [...description.matchAll(NEGATION_ALL)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  let clauseStart = 0;
  let afterComma = false;
  let scanned = 0;
  let nextNegation = 0;
  let lastNegationStart = -1;
  for (const m of description.matchAll(TRIGGER)) {
    for (; scanned < m.index; scanned++) {
      const ch = description[scanned];
      if (CLAUSE_END.has(ch)) {
        clauseStart = scanned + 1;
        afterComma = false;
      } else if (ch === ",") afterComma = true;
      else if (afterComma && !BLANK.test(ch)) afterComma = false;
    }
    while (nextNegation < negations.length && negations[nextNegation].end <= m.index) lastNegationStart = negations[nextNegation++].start;
    const clauseNegated = !afterComma && lastNegationStart >= clauseStart;
    (clauseNegated ? negated : positive).push(m[0]);
  }
  return { positive, negated };
}
var ACTIVATION_WORDS = /\b(?:use|used|uses|trigger|triggers|invoke|invoked|proactively|automatically|always|whenever|activate|activates)\b/gi;
var OVERBROAD = /\b(?:anything|everything|any task|every task|all tasks|always use)\b/i;
function analyseStuffing(description) {
  const words2 = description.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
  const reasons = [];
  const activation = description.match(ACTIVATION_WORDS)?.length ?? 0;
  if (activation >= 5 && activation / Math.max(1, words2.length) > 0.08) reasons.push(`${activation} activation words in ${words2.length}`);
  const whenClauses = description.match(/\bwhen\b/gi)?.length ?? 0;
  if (whenClauses >= 7) reasons.push(`${whenClauses} "when" clauses`);
  if (OVERBROAD.test(description) && activation >= 4) reasons.push("claims to apply to anything");
  return { stuffed: reasons.length > 0, reasons };
}

// src/checks/improvements/body-edits.ts
import path3 from "node:path";

// src/checks/improvements/edits.ts
function applyEdits(files, edits) {
  const changed = /* @__PURE__ */ new Set();
  const read = (file) => {
    const text = files.get(file);
    return text === void 0 || text === null ? void 0 : text.replace(/\r\n?/g, "\n");
  };
  const lineEdits = edits.filter((e) => e.op === "replace-lines");
  for (const file of new Set(lineEdits.map((e) => e.file))) {
    const text = read(file);
    if (text === void 0) continue;
    const lines = text.split("\n");
    const out = [];
    let next = 1;
    for (const e of lineEdits.filter((x) => x.file === file).sort((a, b) => a.start - b.start)) {
      if (e.start < next || e.start > lines.length) continue;
      for (; next < e.start; next++) out.push(lines[next - 1]);
      if (e.text !== null) out.push(...e.text.split("\n"));
      next = Math.min(e.end, lines.length) + 1;
    }
    for (; next <= lines.length; next++) out.push(lines[next - 1]);
    files.set(file, out.join("\n"));
    changed.add(file);
  }
  for (const e of edits) {
    switch (e.op) {
      case "replace-lines":
        break;
      case "set-frontmatter": {
        const file = e.file ?? "SKILL.md";
        files.set(file, setFrontmatterKey(read(file) ?? "", e.key, e.value));
        changed.add(file);
        break;
      }
      case "append": {
        const text = read(e.file) ?? "";
        const sep = text === "" || text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
        files.set(e.file, `${text}${sep}${e.text.endsWith("\n") ? e.text : `${e.text}
`}`);
        changed.add(e.file);
        break;
      }
      case "write-file":
        files.set(e.file, e.text);
        changed.add(e.file);
        break;
      case "delete-file":
        files.set(e.file, null);
        changed.add(e.file);
        break;
    }
  }
  return changed;
}
function yamlString(value) {
  return JSON.stringify(value);
}
function setFrontmatterKey(text, key, value) {
  const lines = text.split("\n");
  const entry = `${key}: ${yamlString(value)}`;
  if (lines[0]?.trimEnd() !== "---") return `---
${entry}
---
${text}`;
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i].trimEnd();
    if (l === "---" || l === "...") {
      close = i;
      break;
    }
  }
  if (close === -1) return `---
${entry}
---
${text}`;
  const keyLine = new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*:`);
  const at = lines.findIndex((l, i) => i > 0 && i < close && keyLine.test(l));
  if (at === -1) {
    lines.splice(close, 0, entry);
    return lines.join("\n");
  }
  let end = at + 1;
  while (end < close && (/^\s/.test(lines[end]) || lines[end].trim() === "")) end++;
  lines.splice(at, end - at, entry);
  return lines.join("\n");
}
function skillLines(text) {
  return text.replace(/\r\n?/g, "\n").split("\n");
}

// src/checks/improvements/body-edits.ts
function appendSection(heading, body) {
  return { op: "append", file: "SKILL.md", text: `## ${heading}

${body}
` };
}
function softenDirectives(skill, keep) {
  const lines = skillLines(skill.text);
  const edits = [];
  let seen = 0;
  let softened = 0;
  let firstLine;
  skill.markdown.proseLines.forEach((prose, i) => {
    if (!/\b(?:MUST|NEVER|ALWAYS)\b/.test(prose)) return;
    const n = fileLine(skill, i + 1);
    const original = lines[n - 1] ?? "";
    let changed = false;
    const next = original.replace(/\b(MUST|NEVER|ALWAYS)\b/g, (w) => {
      seen++;
      if (seen <= keep) return w;
      softened++;
      changed = true;
      return w.toLowerCase();
    });
    if (changed) {
      firstLine ??= n;
      edits.push({ op: "replace-lines", file: "SKILL.md", start: n, end: n, text: next });
    }
  });
  return { edits, softened, ...firstLine !== void 0 ? { firstLine } : {} };
}
function dropRepeatedLines(skill) {
  const seen = /* @__PURE__ */ new Set();
  const out = [];
  skill.markdown.proseLines.forEach((prose, i) => {
    const t = prose.trim();
    if (t === "" || t.startsWith("#") || t.startsWith("|")) return;
    const key = normaliseLine(t);
    if (key.split(" ").length < 3) return;
    if (seen.has(key)) out.push(fileLine(skill, i + 1));
    else seen.add(key);
  });
  return { edits: out.map((n) => ({ op: "replace-lines", file: "SKILL.md", start: n, end: n, text: null })), lines: out };
}
function slug(text) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 48) || "details";
}
function moveLongestSection(skill, id, minLines = 20) {
  const h2 = allSections(skill.markdown.root).filter((s) => s.heading.depth === 2);
  if (h2.length < 2) return void 0;
  const longest = [...h2].sort((a, b) => b.endLine - b.startLine - (a.endLine - a.startLine))[0];
  const length = longest.endLine - longest.startLine + 1;
  if (length < minLines) return void 0;
  const title = longest.heading.text.replace(/[`*_[\]]/g, "").trim();
  const existing = new Set(skill.files.map((f) => f.rel));
  let rel = `references/${slug(title)}.md`;
  for (let i = 2; existing.has(rel); i++) rel = `references/${slug(title)}-${i}.md`;
  const start = fileLine(skill, longest.startLine);
  const end = fileLine(skill, longest.endLine);
  const lines = skillLines(skill.text);
  const moved = lines.slice(start, end).join("\n").trim();
  if (moved === "") return void 0;
  const link = `See [${title}](${rel}) for the details.`;
  return {
    id,
    action: `Move the ${length}-line section "${title}" (lines ${start}-${end}) into ${rel} and link it from SKILL.md, so the agent loads it only when it needs it.`,
    example: `${lines[start - 1]}

${link}`,
    edits: [
      { op: "write-file", file: rel, text: `# ${title}

${moved}
` },
      { op: "replace-lines", file: "SKILL.md", start, end, text: `${lines[start - 1]}

${link}
` }
    ]
  };
}
function linkReferenceFiles(skill, id) {
  const s = signals(skill);
  const unlinked = s.referenceFiles.filter((f) => !s.linkedPaths.has(f)).slice(0, 10);
  if (unlinked.length === 0) return void 0;
  const body = unlinked.map((f) => `- [${path3.posix.basename(f, path3.posix.extname(f))}](${f})`).join("\n");
  return {
    id,
    action: `${unlinked.length === 1 ? `${unlinked[0]} is` : `${unlinked.length} reference files (${unlinked.join(", ")}) are`} not linked from SKILL.md, so the agent cannot find ${unlinked.length === 1 ? "it" : "them"}: link each one where it is needed, or in a "References" section.`,
    example: `## References

${body}`,
    edits: [appendSection("References", body)]
  };
}
function lineWithoutReference(line, target) {
  const escaped = target.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`!?\\[([^\\]]*)\\]\\(\\s*<?${escaped}>?(?:\\s+(?:"[^"]*"|'[^']*'))?\\s*\\)`, "g");
  const next = line.replace(link, "$1");
  if (next !== line) return next;
  return line.split(target).join(path3.posix.basename(target.replace(/\/SKILL\.md$/, "")).replace(/\.md$/, ""));
}
function referencesRemoved(skill, targets) {
  const lines = skillLines(skill.text);
  return [...targets].flatMap(([n, refs]) => {
    const original = lines[n - 1];
    if (original === void 0) return [];
    const text = refs.reduce((t, ref) => lineWithoutReference(t, ref), original);
    return text === original ? [] : [{ op: "replace-lines", file: "SKILL.md", start: n, end: n, text }];
  });
}
function deleteFlaggedLines(skill, instances, id, why) {
  const prefix = `${skill.displayPath}/`;
  const targets = /* @__PURE__ */ new Map();
  for (const i of instances) {
    if (i.line === void 0 || i.line < 1) continue;
    const file = i.file === void 0 || i.file === skill.file ? "SKILL.md" : i.file.startsWith(prefix) ? i.file.slice(prefix.length) : void 0;
    if (file === void 0) continue;
    targets.set(file, (targets.get(file) ?? /* @__PURE__ */ new Set()).add(i.line));
  }
  if (targets.size === 0) return [];
  const where = [...targets].map(([file, lines]) => `${file} line ${[...lines].sort((a, b) => a - b).join(", ")}`).join("; ");
  return [{
    id,
    action: `Delete ${where}: ${why}.`,
    example: `delete ${where}`,
    edits: [...targets].flatMap(([file, lines]) => [...lines].map((n) => ({ op: "replace-lines", file, start: n, end: n, text: null })))
  }];
}

// src/checks/default/ecosystem-coherence.ts
var ecosystemCoherence2 = {
  id: "ecosystem-coherence",
  subScore: "ecosystem_coherence",
  methodology: "default",
  description: "Cross-references to sibling skills and agents that actually resolve, and a related / see-also section.",
  run(skill) {
    const s = signals(skill);
    const refs = crossReferences(skill);
    const resolved = refs.filter((r) => r.resolved);
    const b = new ScoreBuilder(0.5, "base");
    b.add(Math.min(0.25, 0.08 * resolved.length), `${resolved.length} resolved cross-reference(s)${resolved.length ? `: ${resolved.map((r) => r.target).join(", ")}` : ""}`);
    const relatedHeading = skill.markdown.headings.some((h) => /\b(?:related|see also|companion)\b/i.test(h.text));
    b.add(0.25, "related / see-also section", relatedHeading || /\brelated\b|\bsee also\b|\bcompanion\b|\bcomplement/.test(s.proseLower));
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  improve(skill, outcome) {
    if (outcome.evidence.some((e) => e.includes("related / see-also section"))) return [];
    const words2 = new Set(skill.dirName.split("-"));
    const siblings = [...skill.context.siblings].filter((p) => /^[a-z0-9][a-z0-9-]*\/SKILL\.md$/.test(p) && !p.startsWith(`${skill.dirName}/`)).map((p) => p.slice(0, -"/SKILL.md".length)).sort((a, b) => Number(b.split("-").some((w) => words2.has(w))) - Number(a.split("-").some((w) => words2.has(w))) || a.localeCompare(b)).slice(0, 3);
    if (siblings.length === 0) return [];
    const body = siblings.map((name) => `- [${name}](../${name}/SKILL.md)`).join("\n");
    return [{
      id: "ecosystem-coherence/related",
      action: `No Related section: link the sibling skills this one works with (next to it: ${siblings.join(", ")}).`,
      example: `## Related

${body}`,
      edits: [appendSection("Related", body)]
    }];
  }
};

// src/checks/improvements/description.ts
var USE_CASES2 = /,\s*(?:or\s+)?(?:when|for|during|implementing|building|creating|debugging|testing|deploying|configuring|setting up)\s+([^,.;]+)/gi;
var TRIGGER_START = /\b(?:use|used|invoke|trigger)\b(?:\s+(?:this\s+skill|it|me))?(?:\s+(?:proactively|immediately))?\s+(?:when|whenever|for|to|before|after|if)\b/i;
var KEPT_STARTS = /^(?:when|for|during|implementing|building|creating|debugging|testing|deploying|configuring|setting up)\b/i;
var SWAPPED_STARTS = /^(?:whenever|if|while|before|after|once|as)\s+/i;
var NOT_TASKS = /* @__PURE__ */ new Set(["troubleshooting", "getting", "contributing", "licensing", "naming", "warning", "warnings", "heading", "pricing", "something", "anything", "everything", "nothing"]);
var MAX_CONTEXTS = 4;
function asContext(part) {
  const text = part.trim().replace(/^(?:or|and)\s+/i, "").replace(/[.;:!?]+$/, "").trim();
  if (text.split(/\s+/).length < 2) return void 0;
  if (KEPT_STARTS.test(text)) return text.charAt(0).toLowerCase() + text.slice(1);
  if (SWAPPED_STARTS.test(text)) return `when ${text.replace(SWAPPED_STARTS, "")}`;
  return `when ${text}`;
}
var SUBJECT = /^(?:the\s+user|users?|you|they|someone|claude|the\s+agent)\b/i;
var LEAD = /^(.*?\b(?:asks?|wants?|needs?|tries|try|says?|requests?)\s+(?:to|for|about)?)\s*/i;
var THIRD_PERSON_VERB = /^(?:asks|wants|needs|pastes|mentions|says|shares|requests|types|runs|tries|provides|opens|uploads|describes|reports)\b/i;
function situations(clause) {
  const parts = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < clause.length; i++) {
    const ch = clause[i];
    if (ch === '"' || ch === "\u201C" || ch === "\u201D") quoted = ch === "\u201C" ? true : ch === "\u201D" ? false : !quoted;
    const rest = clause.slice(i);
    const orWhen = !quoted && /^\s+or\s+(?=when\b|for\b|if\b|before\b|after\b|while\b)/i.exec(rest);
    if (!quoted && (ch === "," || ch === ";")) {
      parts.push(current);
      current = "";
    } else if (orWhen) {
      parts.push(current);
      current = "";
      i += orWhen[0].length - 1;
    } else current += ch;
  }
  parts.push(current);
  const cleaned = parts.map((p) => p.trim().replace(/^(?:or|and)\s+/i, "").trim()).filter((p) => p !== "");
  const first = (cleaned[0] ?? "").replace(/^(?:when|whenever|if)\s+/i, "");
  const subject = SUBJECT.exec(first)?.[0];
  const lead = subject ? LEAD.exec(first)?.[1] : void 0;
  return cleaned.map((part, i) => {
    if (i === 0 || KEPT_STARTS.test(part) || SWAPPED_STARTS.test(part) || SUBJECT.test(part)) return part;
    if (subject && THIRD_PERSON_VERB.test(part)) return `${subject} ${part}`;
    return lead ? `${lead} ${part}` : part;
  }).filter((part) => (part.match(/"/g) ?? []).length % 2 === 0);
}
function contextsOf(skill, clause) {
  const out = [];
  const add = (c) => {
    if (c && !out.some((o) => o.toLowerCase() === c.toLowerCase())) out.push(c);
  };
  for (const part of situations(clause)) add(asContext(part));
  for (const h of skill.markdown.headings) {
    if (h.depth < 2 || h.depth > 3) continue;
    const words2 = h.text.replace(/[`*_]/g, "").trim().split(/\s+/);
    const first = (words2[0] ?? "").toLowerCase();
    if (words2.length >= 2 && /^[a-z]{3,}ing$/.test(first) && !NOT_TASKS.has(first)) add(`when ${h.text.replace(/[`*_]/g, "").trim().toLowerCase()}`);
  }
  return out.slice(0, MAX_CONTEXTS);
}
var NOT_VERBS = /* @__PURE__ */ new Set(["this", "these", "its", "is", "has", "was", "does", "as", "us", "plus", "status", "always", "sometimes"]);
function gerund(word) {
  const w = word.toLowerCase();
  if (!/^[a-z]{3,}s$/.test(w) || w.endsWith("ss") || NOT_VERBS.has(w)) return void 0;
  if (w.endsWith("ies")) return `${w.slice(0, -3)}ying`;
  if (/(?:ss|sh|ch|x|z)es$/.test(w)) return `${w.slice(0, -2)}ing`;
  const base = w.slice(0, -1);
  if (base.endsWith("e") && !base.endsWith("ee")) return `${base.slice(0, -1)}ing`;
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base)) return `${base}${base.slice(-1)}ing`;
  return `${base}ing`;
}
function purposeAsUse(what) {
  const m = /^([A-Za-z]+)\s+(.+?)(?:\s+and\s+|[,;:]|\.(?:\s|$)|$)/.exec(what.replace(/^(?:this|the)\s+(?:skill|tool|agent)\s+/i, ""));
  const verb = m && !/^(?:are|is|was|were|have|has|can|will)\b/i.test(m[2]) ? gerund(m[1]) : void 0;
  return verb && m[2].trim().split(/\s+/).length >= 1 ? `for ${verb} ${m[2].trim()}` : void 0;
}
function firstSentence(skill) {
  for (const line of skill.markdown.proseLines) {
    const t = line.trim();
    if (t === "" || t.startsWith("#") || t.startsWith("|") || t.startsWith(">") || t.startsWith("<") || /^[-*+]\s|^\d+[.)]\s/.test(t)) continue;
    const sentence = /^(.+?[.!?])(?:\s|$)/.exec(t)?.[1] ?? t;
    if (sentence.split(/\s+/).length >= 5) return sentence;
  }
  return void 0;
}
function rewrittenDescription(skill) {
  const description = skill.description.replace(/\s+/g, " ").trim();
  const start = TRIGGER_START.exec(description);
  let what = (start ? description.slice(0, start.index) : description).replace(/\b(?:(?:this|the)\s+(?:skill|agent)|it)\s+should\s+be\s*$/i, "").trim();
  let clause = "";
  if (start) {
    const rest = description.slice(start.index + start[0].length);
    const end = /[.!?](?:\s|$)/.exec(rest);
    clause = `${start[0].split(/\s+/).pop()} ${end ? rest.slice(0, end.index) : rest}`;
    const after = end ? rest.slice(end.index + 1).trim() : "";
    if (after !== "") what = `${what} ${after}`.trim();
  }
  if (what.length < 20) what = firstSentence(skill) ?? what;
  if (what === "") return void 0;
  if (!/[.!?]$/.test(what)) what = `${what}.`;
  const lead = purposeAsUse(what);
  const contexts = [...lead ? [lead] : [], ...contextsOf(skill, clause).slice(0, lead ? MAX_CONTEXTS - 1 : MAX_CONTEXTS)];
  if (contexts.length === 0) return void 0;
  const list = contexts.length === 1 ? contexts[0] : `${contexts.slice(0, -1).join(", ")}, or ${contexts[contexts.length - 1]}`;
  const rewritten = `${what} Use ${list}.`.replace(/\s+/g, " ");
  if (rewritten.length > 1024 || analyseStuffing(rewritten).stuffed) return void 0;
  return rewritten === description ? void 0 : rewritten;
}
function descriptionGaps(description) {
  const gaps = [];
  const n = description.trim().length;
  if (n < 100) gaps.push(`it is ${n} characters (100 or more scores best)`);
  const stuffing = analyseStuffing(description);
  if (stuffing.stuffed) gaps.push(`it reads as keyword-stuffed (${stuffing.reasons.join("; ")})`);
  const triggers = analyseTriggers(description);
  if (triggers.positive.length === 0) gaps.push(triggers.negated.length > 0 ? "its only trigger phrase is negated" : 'it has no trigger phrase ("Use when ...")');
  const contexts = new Set([...description.matchAll(USE_CASES2)].map((m) => m[1].trim().toLowerCase()));
  if (contexts.size < 3) gaps.push(`it lists ${contexts.size} situation(s) after a comma (", when ...", 3 or more score best)`);
  if (!/\b(when\s+\w+ing|for\s+\w+ing|during\s+\w+ing)\b/i.test(description)) gaps.push('no situation names an activity ("when reviewing ...")');
  return gaps;
}
function descriptionImprovement(skill, id) {
  const rewritten = rewrittenDescription(skill);
  if (!rewritten) return void 0;
  const gaps = descriptionGaps(skill.description);
  return {
    id,
    action: `Rewrite the description: ${gaps.length > 0 ? gaps.join("; ") : "its situations are not in the form the router reads"}. Say what the skill does, then "Use for <its purpose>, when <situation>, ..., or when <situation>", each situation after a comma.`,
    example: `description: ${JSON.stringify(rewritten)}`,
    edits: [{ op: "set-frontmatter", key: "description", value: rewritten }]
  };
}

// src/checks/default/frontmatter-quality.ts
var frontmatterQuality2 = {
  id: "frontmatter-quality",
  subScore: "frontmatter_quality",
  methodology: "default",
  description: "Name matches the folder; description says what and when, with non-negated triggers and distinct use cases, without keyword stuffing.",
  run(skill) {
    const b = new ScoreBuilder();
    const line = (key) => skill.frontmatter.keyLines[key] ?? 1;
    const name = skill.name;
    if (name === void 0) {
      b.find({ ruleId: "frontmatter-quality/name", severity: "error", message: "frontmatter has no `name`", line: 1 });
    } else if (name !== skill.dirName || !KEBAB_NAME.test(name)) {
      b.find({ ruleId: "frontmatter-quality/name", severity: "error", message: `name "${name}" must equal the folder name "${skill.dirName}" and be kebab-case`, line: line("name") });
    } else {
      b.add(0.1, "name equals the folder name");
    }
    const description = skill.description.trim();
    const n = description.length;
    if (n > 1024) {
      b.add(0.05, `description is ${n} characters (limit 1024; agents may truncate it)`);
    } else {
      b.add(n >= 100 ? 0.25 : n >= 60 ? 0.2 : n >= 30 ? 0.15 : n >= 10 ? 0.05 : 0, `description length ${n}`);
    }
    const stuffing = analyseStuffing(description);
    if (stuffing.stuffed) {
      b.add(0, "no trigger credit: keyword stuffing");
      b.evidence.push(`keyword stuffing (${stuffing.reasons.join("; ")}): no trigger credit`);
      return b.done();
    }
    const triggers = analyseTriggers(description);
    let push = 0;
    const parts = [];
    if (triggers.positive.length > 0) {
      push += 0.25;
      parts.push(`trigger "${triggers.positive[0]}"`);
    }
    if (triggers.negated.length > 0) parts.push(`${triggers.negated.length} negated trigger(s) ignored`);
    if (/\bproactively\b/i.test(description) && triggers.positive.length > 0) {
      push += 0.15;
      parts.push('"proactively"');
    }
    if (/\bautomatically\b|\balways\s+use\b|\btrigger\b|\binvoke\b/i.test(description) && triggers.positive.length > 0) {
      push += 0.1;
      parts.push("activation keyword");
    }
    const contexts = new Set([...description.matchAll(USE_CASES2)].map((m) => m[1].trim().toLowerCase()));
    if (contexts.size >= 3) push += 0.2;
    else if (contexts.size >= 1) push += 0.1;
    if (contexts.size > 0) parts.push(`${contexts.size} distinct use case(s)`);
    if (/\b(when\s+\w+ing|for\s+\w+ing|during\s+\w+ing)\b/i.test(description)) {
      push += 0.15;
      parts.push('concrete activity ("when doing...")');
    }
    if (n >= 40) push += 0.1;
    push = Math.min(push, 0.95);
    b.add(0.6 * push, `trigger quality ${push.toFixed(2)} x 0.6 (${parts.join(", ") || "no trigger phrase"})`);
    return b.done();
  },
  improve(skill) {
    const out = [];
    if (skill.name !== skill.dirName && KEBAB_NAME.test(skill.dirName)) {
      out.push({
        id: "frontmatter-quality/name",
        action: `The frontmatter name is ${skill.name === void 0 ? "missing" : `"${skill.name}"`}; set it to the folder name "${skill.dirName}".`,
        example: `name: ${skill.dirName}`,
        edits: [{ op: "set-frontmatter", key: "name", value: skill.dirName }]
      });
    }
    const description = descriptionImprovement(skill, "frontmatter-quality/description");
    if (description) out.push(description);
    return out;
  }
};

// src/checks/default/harness-portability.ts
var harnessPortability2 = {
  id: "harness-portability",
  subScore: "harness_portability",
  methodology: "default",
  description: "Works beyond Claude Code: SKILL.md under 8 KiB unless detail lives in non-empty references, few Claude-only tool names in prose.",
  run(skill) {
    const s = signals(skill);
    const b = new ScoreBuilder(1, "base");
    b.add(-0.15, `SKILL.md is ${(skill.bytes / 1024).toFixed(1)} KiB with no non-empty references/ (Codex caps skills at 8 KiB)`, skill.bytes > 8192 && s.referenceFiles.length === 0);
    const prose = s.proseText;
    const tools = backtickedToolRefs(prose);
    b.add(-Math.min(0.1, 0.02 * tools.size), `Claude Code tool names: ${[...tools].join(", ")}`, tools.size > 0);
    b.add(-0.05, '"the X tool" wording assumes Claude Code', mentionsToolInProse(prose));
    return b.done();
  }
};

// src/checks/default/orchestration-wiring.ts
var OUTPUT_HEADING = /\b(?:output|outputs|returns?|result|results|report|deliverables?|response format)\b/i;
var INPUT_HEADING = /\b(?:inputs?|parameters|arguments|usage|prerequisites|requirements)\b/i;
var orchestrationWiring2 = {
  id: "orchestration-wiring",
  subScore: "orchestration_wiring",
  methodology: "default",
  description: "Documents what the skill receives and returns (in prose or sections, never code), shows worked examples, and avoids supervisor language.",
  run(skill) {
    const s = signals(skill);
    const prose = s.proseLower;
    const headings = allSections(skill.markdown.root).map((sec) => sec.heading.text);
    const b = new ScoreBuilder(0.7, "base");
    const outputSection = headings.some((h) => OUTPUT_HEADING.test(h));
    b.add(0.1, "describes its output format", outputSection || /\boutput\b.*\bformat\b|\bformat\b.*\boutput\b|\breturns?\b.*\bjson\b/.test(prose));
    b.add(0.05, "says what it returns or produces", /\b(?:returns?|produces?|outputs?|generates?)\b/.test(prose));
    b.add(0.1, "documents its inputs", headings.some((h) => INPUT_HEADING.test(h)) || /\b(?:input|inputs|receives?|accepts?|parameters?|arguments?|args?)\b/.test(prose));
    b.add(0.05, "has a code example", skill.markdown.codeBlocks.length >= 1);
    const mayBeSupervisor = ["orchestrat", "coordinat", "dispatch", "workflow"].some((w) => prose.includes(w));
    const supervisor = mayBeSupervisor ? /\borchestrat\w*|\bcoordinat\w*|\bdispatch\w*|\bmanag(?:e|es|ing) (?:the )?workflow/.exec(prose) : null;
    b.add(-0.15, `supervisor language in prose ("${supervisor?.[0] ?? ""}"); keep orchestration in agents`, supervisor !== null);
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  improve(skill, outcome) {
    const has = (reason) => outcome.evidence.some((e) => e.includes(reason));
    const out = [];
    if (!has("describes its output format")) {
      const body = "Returns (what the skill produces) as (its format: a Markdown report, a JSON object, a file written to a path).";
      out.push({
        id: "orchestration-wiring/output",
        action: "SKILL.md never says what the skill returns or in what format (no Output section): add one, so a caller knows what comes back.",
        example: `## Output

${body}`,
        edits: [appendSection("Output", body)]
      });
    }
    if (!has("documents its inputs")) {
      const body = "Receives (what the skill is given: the files, arguments or request it works on).";
      out.push({
        id: "orchestration-wiring/input",
        action: "SKILL.md never says what the skill receives (no Input section, no mention of its inputs or arguments): add one.",
        example: `## Input

${body}`,
        edits: [appendSection("Input", body)]
      });
    }
    const supervisor = supervisorLines(skill);
    if (supervisor.length > 0) {
      out.push({
        id: "orchestration-wiring/supervisor-language",
        action: `Line(s) ${supervisor.map((l) => l.line).join(", ")} describe the skill as a supervisor ("${supervisor[0].word}"): say what the skill itself does and returns, and leave coordinating other agents to an agent.`,
        example: `line ${supervisor[0].line}: ${supervisor[0].text}`,
        edits: supervisor.map((l) => ({ op: "replace-lines", file: "SKILL.md", start: l.line, end: l.line, text: l.text }))
      });
    }
    return out;
  }
};
var PLAIN = {
  orchestrate: "run",
  orchestrates: "runs",
  orchestrated: "ran",
  orchestrating: "running",
  orchestration: "sequence",
  orchestrator: "runner",
  orchestrators: "runners",
  coordinate: "combine",
  coordinates: "combines",
  coordinated: "combined",
  coordinating: "combining",
  coordination: "combination",
  coordinator: "combiner",
  dispatch: "send",
  dispatches: "sends",
  dispatched: "sent",
  dispatching: "sending",
  dispatcher: "sender"
};
var SUPERVISOR = /\b(?:orchestrat\w*|coordinat\w*|dispatch\w*)|\bmanag(?:e|es|ing) (?:the )?workflow/gi;
function supervisorLines(skill) {
  const lines = skillLines(skill.text);
  const out = [];
  skill.markdown.proseLines.forEach((prose, i) => {
    const m = prose.match(SUPERVISOR);
    if (!m) return;
    const n = fileLine(skill, i + 1);
    const text = (lines[n - 1] ?? "").replace(SUPERVISOR, (w) => {
      const plain = /^manag/i.test(w) ? w.replace(/^manag(e|es|ing)/i, (_x, e) => e === "ing" ? "following" : e === "es" ? "follows" : "follow").replace(/workflow$/i, "steps") : PLAIN[w.toLowerCase()] ?? "run";
      return w[0] === w[0].toUpperCase() ? plain[0].toUpperCase() + plain.slice(1) : plain;
    });
    out.push({ line: n, word: m[0], text });
  });
  return out;
}

// src/checks/default/progressive-disclosure.ts
var progressiveDisclosure2 = {
  id: "progressive-disclosure",
  subScore: "progressive_disclosure",
  methodology: "default",
  description: "SKILL.md in the 200-600 line sweet spot, with non-empty reference files that SKILL.md actually links, and non-empty assets.",
  run(skill) {
    const s = signals(skill);
    const b = new ScoreBuilder(compatLengthBand(s.lineCount), `for ${s.lineCount} lines`);
    const linked = s.referenceFiles.filter((f) => s.linkedPaths.has(f));
    if (linked.length > 0) {
      b.add(s.lineCount > 400 ? 0.25 : 0.15, `${linked.length} linked reference file(s)`);
    } else if (s.referenceFiles.length > 0) {
      b.add(0.05, `${s.referenceFiles.length} reference file(s), none linked from SKILL.md (the agent cannot find them)`);
    }
    if (s.emptyReferenceFiles.length > 0) b.evidence.push(`${s.emptyReferenceFiles.length} empty reference file(s) earn nothing`);
    b.add(0.15, `${s.assetFiles.length} asset file(s)`, s.assetFiles.length > 0);
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  improve(skill) {
    const s = signals(skill);
    const out = [];
    const link = linkReferenceFiles(skill, "progressive-disclosure/link-references");
    if (link) out.push(link);
    const linked = s.referenceFiles.some((f) => s.linkedPaths.has(f));
    if (!linked || s.lineCount > 600) {
      const move = moveLongestSection(skill, "progressive-disclosure/move-section");
      if (move) out.push(move);
    }
    return out;
  }
};

// src/checks/default/structural-completeness.ts
var EXAMPLES = /\b(?:examples?|usage|walkthrough|sample)\b/i;
var TROUBLESHOOTING = /\b(?:troubleshoot\w*|common (?:issues|problems|mistakes|errors|pitfalls)|faq|pitfalls|edge cases|gotchas|error handling)\b/i;
var structuralCompleteness2 = {
  id: "structural-completeness",
  subScore: "structural_completeness",
  methodology: "default",
  description: "Non-empty H2/H3 sections, real code blocks in several languages, examples and troubleshooting sections, real tables, decision guidance.",
  run(skill) {
    const md = skill.markdown;
    const s = signals(skill);
    const sections = allSections(md.root).filter((sec) => {
      const { depth } = sec.heading;
      if (depth !== 2 && depth !== 3) return false;
      const end = sec.children[0]?.startLine ?? sec.endLine + 1;
      for (let l = sec.startLine + sec.heading.lines; l < end; l++) if ((md.proseLines[l - 1] ?? "").trim() !== "" || md.codeLines.has(l)) return true;
      return false;
    });
    const b = new ScoreBuilder();
    const h = sections.length;
    b.add(h >= 6 ? 0.2 : h >= 4 ? 0.15 : h >= 2 ? 0.1 : 0, `${h} non-empty H2/H3 sections`);
    const blocks = md.codeBlocks.filter((c) => c.value.trim() !== "").length;
    b.add(blocks >= 3 ? 0.2 : blocks >= 2 ? 0.15 : blocks >= 1 ? 0.1 : 0, `${blocks} code block(s)`);
    const langs = new Set(md.codeBlocks.filter((c) => c.value.trim() !== "").map((c) => c.lang.toLowerCase()).filter(Boolean));
    b.add(langs.size >= 3 ? 0.15 : langs.size >= 2 ? 0.1 : 0, `${langs.size} languages`);
    const titles = sections.map((sec) => sec.heading.text);
    b.add(0.15, "examples section", titles.some((t) => EXAMPLES.test(t)));
    b.add(0.15, "troubleshooting section", titles.some((t) => TROUBLESHOOTING.test(t)));
    b.add(0.1, `${md.tables.length} table(s)`, md.tables.length > 0);
    b.add(0.05, "decision guidance", /\b(?:decision|when to use|when not to use|comparison|trade-?offs?)\b/.test(s.proseLower));
    b.scale(s.integrity, `content integrity ${(s.distinctRatio * 100).toFixed(0)}% distinct lines`);
    return b.done();
  },
  improve(skill, outcome) {
    const has = (reason) => outcome.evidence.some((e) => e.includes(reason));
    const out = [];
    if (!has("examples section")) {
      const body = "A request the skill handles, then what it does and returns for it, step by step.";
      out.push({ id: "structural-completeness/examples", action: "No Examples section: add one worked example (a real request and what the skill returns).", example: `## Examples

${body}`, edits: [appendSection("Examples", body)] });
    }
    if (!has("troubleshooting section")) {
      const body = "- If (a failure the skill can meet), then (what to do about it).";
      out.push({ id: "structural-completeness/troubleshooting", action: "No Troubleshooting section: add one listing the failures the skill can meet and what to do about each.", example: `## Troubleshooting

${body}`, edits: [appendSection("Troubleshooting", body)] });
    }
    const tags = untaggedBlocks(skill);
    if (tags.length > 0) {
      out.push({
        id: "structural-completeness/code-languages",
        action: `${tags.length} code block(s) have no language tag (line ${tags.map((t) => t.line).join(", ")}): tag each with its language.`,
        example: tags.map((t) => `line ${t.line}: ${t.text}`).join("\n"),
        edits: tags.map((t) => ({ op: "replace-lines", file: "SKILL.md", start: t.line, end: t.line, text: t.text }))
      });
    }
    return out;
  }
};
function guessLanguage(code) {
  const t = code.trim();
  if (/^[[{]/.test(t)) {
    try {
      JSON.parse(t);
      return "json";
    } catch {
    }
  }
  const first = t.split("\n")[0] ?? "";
  if (/^\$ |^(?:npm|npx|git|cd|ls|mkdir|pip|python3?|node|curl|docker|make|cargo|go|brew|apt-get|export) /.test(first)) return "bash";
  if (/^(?:def |import |from \S+ import |class \w+[:(])/m.test(t)) return "python";
  if (/^(?:const |let |function |export |import .* from ['"])/m.test(t)) return "typescript";
  return void 0;
}
function untaggedBlocks(skill) {
  const lines = skillLines(skill.text);
  const out = [];
  for (const block of skill.markdown.codeBlocks) {
    if (block.lang !== "" || block.value.trim() === "") continue;
    const lang = guessLanguage(block.value);
    const n = fileLine(skill, block.startLine);
    const fence = lines[n - 1] ?? "";
    if (lang && /^(\s*(?:[-*+]\s+|\d+[.)]\s+)?)(`{3,}|~{3,})\s*$/.test(fence)) out.push({ line: n, text: `${fence.trimEnd()}${lang}` });
  }
  return out;
}

// src/checks/default/token-efficiency.ts
var tokenEfficiency2 = {
  id: "token-efficiency",
  subScore: "token_efficiency",
  methodology: "default",
  description: "MUST/NEVER/ALWAYS density in prose, and repeated prose lines (fence lines and code ignored; near-duplicates count).",
  run(skill) {
    const s = signals(skill);
    const b = new ScoreBuilder(1, "base");
    const directives = s.directives;
    const density = directives / Math.max(1, s.prose.length);
    b.add(density > 0.5 ? -0.4 : density > 0.2 ? -0.2 : density > 0.1 ? -0.1 : 0, `directive density ${density.toFixed(2)} (${directives} in ${s.prose.length} prose lines)`);
    const lines = s.normalised.filter((l) => l !== "");
    if (lines.length > 0) {
      const repetition = 1 - new Set(lines).size / lines.length;
      b.add(-0.4 * repetition, `${(repetition * 100).toFixed(1)}% repeated prose lines`, repetition > 0);
      if (repetition > 0.3) b.add(-0.3, "more than 30% of the prose repeats itself");
    }
    return b.done();
  },
  improve(skill) {
    const s = signals(skill);
    const out = [];
    const allowed = Math.floor(0.1 * s.prose.length);
    if (s.directives > allowed) {
      const soft = softenDirectives(skill, allowed);
      if (soft.edits.length > 0) {
        out.push({
          id: "token-efficiency/directives",
          action: `${s.directives} MUST/ALWAYS/NEVER in ${s.prose.length} prose lines: keep capitals for the ${allowed} hard constraint(s) that matter most and write the other ${soft.softened} as plain advice with the reason.`,
          example: `from line ${soft.firstLine}: MUST -> must, ALWAYS -> always, NEVER -> never (${soft.softened} in all)`,
          edits: soft.edits
        });
      }
    }
    const repeated = dropRepeatedLines(skill);
    if (repeated.lines.length > 0) out.push(repeatedLinesImprovement("token-efficiency/repeated-lines", repeated));
    return out;
  }
};
function repeatedLinesImprovement(id, repeated) {
  const shown = repeated.lines.slice(0, 8).join(", ");
  return {
    id,
    action: `${repeated.lines.length} prose line(s) repeat an earlier line (line ${shown}${repeated.lines.length > 8 ? ", ..." : ""}): delete them; each line loaded into context should say something new.`,
    example: `delete line ${shown}${repeated.lines.length > 8 ? ", ..." : ""}`,
    edits: repeated.edits
  };
}

// src/checks/default/anti-patterns.ts
import path4 from "node:path";

// src/checks/default/injection-attempt.ts
var injectionAttempt = {
  flag: injectionAttemptRule.flag,
  methodology: "default",
  description: injectionAttemptRule.description,
  severity: injectionAttemptRule.severity,
  fix: injectionAttemptRule.fix,
  reuseInSimulation: true,
  detect(skill) {
    const seen = /* @__PURE__ */ new Set();
    return injectionAttemptRule.find(skill).filter((h) => !seen.has(`${h.file}\0${h.line}`) && Boolean(seen.add(`${h.file}\0${h.line}`))).map((h) => ({ flag: "INJECTION_ATTEMPT", severity: injectionAttemptRule.severity, file: h.file, line: h.line, description: injectionAttemptRule.describe(h) }));
  },
  improve: (skill, instances) => deleteFlaggedLines(skill, instances, "INJECTION_ATTEMPT/delete", "address the agent that uses the skill, never whoever grades it (any attempt withholds the badge)")
};

// src/checks/default/function-words.ts
var LISTS = {
  english: "a an the and or but nor so yet if then than because while although though unless until since as of to in on at by for from with without within into onto upon about above below over under between among through during before after against across along around behind beyond near off out up down via per is are was were be been being am do does did doing done have has had having can could will would shall should may might must not no it its it's this that these those there here which who whom whose what when where why how i me my we us our you your he him his she her they them their all any each every some such both either neither other another more most much many few less only own same just also very too again once even still well don't doesn't isn't aren't can't won't whether",
  spanish: "de la que el en y a los se del las un por con no una su para es al lo como m\xE1s pero sus le ya o este porque esta entre cuando muy sin sobre tambi\xE9n me hasta hay donde quien desde todo nos durante todos uno les ni contra otros ese eso ante ellos e esto antes algunos qu\xE9 unos yo otro otras otra \xE9l tanto esa estos mucho nada muchos cual poco ella estar estas algunas algo mi mis tu tus te est\xE1 est\xE1n ser son fue era si",
  french: "de la le et les des en un une du que qui est pas pour dans ce il au sur ne se plus par avec son sa ses \xE0 a ou mais comme on tout nous vous je elle ils elles leur leurs cette ces aux y \xE9t\xE9 \xEAtre avoir sont \xE9tait fait si ont aussi sans sous m\xEAme entre l d qu n s c j lorsque quand",
  german: "der die und in den von zu das mit sich des auf f\xFCr ist im dem nicht ein eine als auch es an werden aus er hat dass sie nach wird bei einer um am sind noch wie einem \xFCber einen so zum war haben nur oder aber vor zur bis mehr durch man sein wurde sei kann wenn ich du wir ihr diese dieser dieses kein keine",
  portuguese: "de a o que e do da em um para \xE9 com n\xE3o uma os no se na por mais as dos como mas foi ao ele das tem \xE0 seu sua ou ser quando muito h\xE1 nos j\xE1 est\xE1 eu tamb\xE9m s\xF3 pelo pela at\xE9 isso ela entre era depois sem mesmo aos ter seus quem nas me esse eles est\xE3o voc\xEA este esta",
  italian: "di e il la che \xE8 per un in del non una sono le si con i da al lo della dei gli come ma pi\xF9 nel alla ha anche se questo ci ne o suo sua quando io tu noi voi loro essere stato era molto delle degli nella sul sulla questa",
  dutch: "de en van het een in is dat op te zijn met voor niet aan er om ook als dan maar bij of uit nog door naar kan wordt worden die wat wij ik je hij zij we deze dit geen",
  swedish: "och i att det som en p\xE5 \xE4r av f\xF6r med till den har de inte om ett han men var jag sig fr\xE5n vi s\xE5 kan man n\xE4r hon under ocks\xE5 efter eller nu sin d\xE4r vid mot ska skulle kommer ut f\xE5r finns vara hade alla andra mycket \xE4n h\xE4r d\xE5 sedan \xF6ver bara in blir upp \xE4ven vad hur mer detta",
  polish: "i w nie na si\u0119 z do to \u017Ce jest o jak ale po co tak za od a ze czy przez dla tylko ju\u017C jego by\u0107 mo\u017Ce s\u0105 jej ich oraz gdy kt\xF3ry kt\xF3ra kt\xF3re je\u015Bli lub te\u017C przy jako bardzo jednak",
  czech: "a v se na je \u017Ee s z do o to k i ve ale jako za by pro jsou tak po jak kter\xFD kter\xE1 kter\xE9 nebo co je\u0161t\u011B u\u017E jsem jeho od jen kdy\u017E tak\xE9 bude byl b\xFDt jsme",
  turkish: "ve bir bu da de i\xE7in ile \xE7ok daha gibi olarak ama ne o en kadar sonra var yok mi ise her \u015Fey olan ya veya de\u011Fil ki bu \u015Fu ben sen biz siz onlar",
  indonesian: "yang dan di ini itu dengan untuk tidak dari dalam akan pada juga ke ada bisa atau karena oleh saya kita anda sudah jika sebagai lebih harus adalah telah",
  vietnamese: "v\xE0 c\u1EE7a l\xE0 c\xF3 \u0111\u01B0\u1EE3c trong cho kh\xF4ng c\xE1c nh\u1EEFng v\u1EDBi m\u1ED9t n\xE0y \u0111\u1EC3 khi \u0111\xE3 th\xEC t\u1EEB nh\u01B0 c\u0169ng ra \u0111\u1EBFn v\u1EC1 s\u1EBD n\u1EBFu t\xF4i b\u1EA1n ch\xFAng"
};
var LANGUAGES = Object.freeze(Object.keys(LISTS));
var FUNCTION_WORD_LANGUAGES = (() => {
  const map = /* @__PURE__ */ new Map();
  LANGUAGES.forEach((lang, bit) => {
    for (const w of LISTS[lang].split(" ")) map.set(w, (map.get(w) ?? 0) | 1 << bit);
  });
  return map;
})();
var CANNOT_FOLLOW_ARTICLE = new Set(
  "the a an of to in on at by for from with into onto upon about as than and or but nor if because while although unless i me you he him she we us they them it is are was were be been am do does did can could will would shall should may might must has have had not".split(" ")
);

// src/checks/default/prose-statistics.ts
var TAG = /<\/?[a-z][^<>\n]{0,200}>/gi;
var CODE_SPAN = /(`{1,16})[^`\n]{1,1000}?\1/g;
var LINK_TARGET = /\]\([^()\n]{0,1000}\)/g;
var URL = /(?:https?|ftp):\/\/\S+/gi;
var CODE_MARK = 1;
var LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+|^\s*>/;
var SENTENCE_MIN_WORDS = 8;
function withoutComments(text) {
  const parts = [];
  let from = 0;
  for (let open = text.indexOf("<!--"); open !== -1; open = text.indexOf("<!--", from)) {
    const close = text.indexOf("-->", open + 4);
    if (close === -1) break;
    parts.push(text.slice(from, open), " ");
    from = close + 3;
  }
  parts.push(text.slice(from));
  return parts.join("");
}
function withoutMarkup(prose) {
  let text = prose;
  if (text.includes("<")) text = withoutComments(text).replace(TAG, " ");
  if (text.includes("`")) text = text.replace(CODE_SPAN, ` ${String.fromCharCode(CODE_MARK)} `);
  if (text.includes("](")) text = text.replace(LINK_TARGET, "]");
  if (text.includes("://")) text = text.replace(URL, " ");
  return text;
}
var isLatinLetter = (c) => c >= 97 && c <= 122 || c >= 192 && c <= 591 && c !== 215 && c !== 247 || c >= 7680 && c <= 7935;
var isOtherLetter = (c) => c >= 880 && c <= 4607 || c >= 12352 && c <= 40959 || c >= 44032 && c <= 55215;
var isSpace = (c) => c === 32 || c === 10 || c === 9 || c === 13;
var FNV_OFFSET = 2166136261;
var FNV_PRIME = 16777619;
var HASH_MASK = 1073741823;
function wordHash(word) {
  let h = FNV_OFFSET;
  for (let i = 0; i < word.length; i++) h = Math.imul(h ^ word.charCodeAt(i), FNV_PRIME);
  return h & HASH_MASK;
}
var FUNCTION_WORD_MASKS = new Map([...FUNCTION_WORD_LANGUAGES].map(([w, mask]) => [wordHash(w), mask]));
var NOT_AFTER_ARTICLE = new Set([...CANNOT_FOLLOW_ARTICLE].map(wordHash));
var THE = wordHash("the");
var AN = wordHash("an");
var CODE = -1;
function trigramKey(a, b, c) {
  if (a < 1024 && b < 1024 && c < 1024) return (a * 1024 + b) * 1024 + c;
  const wide = 2 ** 17;
  if (a < wide && b < wide && c < wide) return -((a * wide + b) * wide + c) - 1;
  return `${a} ${b} ${c}`;
}
function runningProse(md) {
  const skip = /* @__PURE__ */ new Set();
  for (const h of md.headings) for (let k = 0; k < h.lines; k++) skip.add(h.line + k);
  for (const t of md.tables) for (let k = 0; k <= t.rows; k++) skip.add(t.line + k);
  const blocks = [];
  let open = false;
  for (let i = 0; i < md.proseLines.length; i++) {
    const line = md.proseLines[i];
    if (line.trim() === "" || skip.has(i + 1) || md.codeLines.has(i + 1)) {
      open = false;
      continue;
    }
    if (open && !LIST_ITEM.test(line)) blocks[blocks.length - 1] += ` ${line.trim()}`;
    else blocks.push(line.trim());
    open = true;
  }
  return blocks.join("\n");
}
var Tally = class {
  /** Word hash -> small id, with counts per id over all prose and over sentences. */
  ids = /* @__PURE__ */ new Map();
  allCount = [];
  sentenceCount = [];
  trigrams = /* @__PURE__ */ new Set();
  words = 0;
  sentenceWords = 0;
  trigramCount = 0;
  repeatedTrigrams = 0;
  articles = 0;
  misfits = 0;
  kept = [];
  /** `sentence`: word hashes and CODE, in order. */
  add(sentence) {
    const n = sentence.length;
    if (n === 0) return;
    let wordCount = 0;
    for (let i = 0; i < n; i++) if (sentence[i] !== CODE) wordCount++;
    const long = wordCount >= SENTENCE_MIN_WORDS;
    const kept = this.kept;
    kept.length = 0;
    for (let i = 0; i < n; i++) {
      const h = sentence[i];
      if ((h === THE || h === AN) && i + 1 < n) {
        this.articles++;
        if (NOT_AFTER_ARTICLE.has(sentence[i + 1])) this.misfits++;
      }
      if (h === CODE) continue;
      let id = this.ids.get(h);
      if (id === void 0) {
        id = this.ids.size;
        this.ids.set(h, id);
        this.allCount.push(0);
        this.sentenceCount.push(0);
      }
      this.words++;
      this.allCount[id]++;
      if (long) {
        this.sentenceCount[id]++;
        kept.push(id);
      }
    }
    this.sentenceWords += kept.length;
    for (let i = 0; i + 2 < kept.length; i++) {
      const key = trigramKey(kept[i], kept[i + 1], kept[i + 2]);
      this.trigramCount++;
      if (this.trigrams.has(key)) this.repeatedTrigrams++;
      else this.trigrams.add(key);
    }
  }
};
function proseStatistics(md) {
  const text = withoutMarkup(runningProse(md)).toLowerCase();
  const tally = new Tally();
  const sentence = [];
  let latin = 0;
  let other = 0;
  let h = FNV_OFFSET;
  let inWord = false;
  const at = (i) => i < text.length ? text.charCodeAt(i) : 32;
  for (let i = 0; i <= text.length; i++) {
    const c = at(i);
    if (isLatinLetter(c)) {
      latin++;
      h = Math.imul(h ^ c, FNV_PRIME);
      inWord = true;
      continue;
    }
    if (inWord && (c === 39 || c === 8217) && isLatinLetter(at(i + 1))) {
      h = Math.imul(h ^ 39, FNV_PRIME);
      continue;
    }
    if (inWord) {
      sentence.push(h & HASH_MASK);
      h = FNV_OFFSET;
      inWord = false;
    }
    if (c === CODE_MARK) sentence.push(CODE);
    else if (c === 10 || (c === 46 || c === 33 || c === 63 || c === 59 || c === 58) && isSpace(at(i + 1))) {
      tally.add(sentence);
      sentence.length = 0;
    } else if (isOtherLetter(c)) other++;
  }
  tally.add(sentence);
  const { ids, allCount, sentenceCount, words: words2, sentenceWords } = tally;
  const allHits = new Array(LANGUAGES.length).fill(0);
  const sentenceHits = new Array(LANGUAGES.length).fill(0);
  for (const [hash, id] of ids) {
    const mask = FUNCTION_WORD_MASKS.get(hash);
    if (mask === void 0) continue;
    for (let bit = 0; bit < LANGUAGES.length; bit++) {
      if (mask & 1 << bit) {
        allHits[bit] += allCount[id];
        sentenceHits[bit] += sentenceCount[id];
      }
    }
  }
  const basis = sentenceWords > 0 ? sentenceHits : allHits;
  let best = 0;
  for (let bit = 1; bit < basis.length; bit++) if (basis[bit] > basis[best]) best = bit;
  return {
    words: words2,
    nonLatinShare: other + latin === 0 ? 0 : other / (other + latin),
    language: LANGUAGES[best],
    sentenceWords,
    sentenceFunctionShare: sentenceWords === 0 ? 0 : sentenceHits[best] / sentenceWords,
    functionShare: words2 === 0 ? 0 : Math.max(...allHits) / words2,
    articles: tally.articles,
    articleMisfitShare: tally.articles === 0 ? 0 : tally.misfits / tally.articles,
    repeatedTrigramShare: tally.trigramCount === 0 ? 0 : tally.repeatedTrigrams / tally.trigramCount
  };
}

// src/checks/default/low-information-prose.ts
var LOW_INFORMATION_THRESHOLDS = Object.freeze({
  /** Words in sentences of 8+ words needed to judge the vocabulary. */
  vocabularyMinWords: 100,
  /** Function-word share of those words: real prose >= 0.146 (median ~0.35); salads <= 0.09. */
  functionShareFloor: 0.11,
  /** Without enough sentences (lists only): all prose words, and a lower floor (real lists >= 0.097). */
  fragmentsMinWords: 200,
  fragmentsFunctionShareFloor: 0.05,
  /** "the"/"an" occurrences needed to judge word order. */
  orderMinArticles: 20,
  /** Share of them followed by a word that cannot follow an article: real prose <= 0.02; shuffled words >= 0.18. */
  articleMisfitCeiling: 0.12,
  /** Words in sentences needed to judge repetition. */
  repetitionMinWords: 300,
  /** Share of three-word sequences repeating an earlier one: real prose <= 0.075; babble >= 0.14; filler >= 0.7. */
  repeatedTrigramCeiling: 0.12,
  /** Above this share of non-Latin letters the prose is in a script whose function words are not listed. */
  nonLatinCeiling: 0.5
});
var pct = (x) => `${(x * 100).toFixed(1)}%`;
function lowInformationReasons(s) {
  const t = LOW_INFORMATION_THRESHOLDS;
  if (s.nonLatinShare > t.nonLatinCeiling) return [];
  const reasons = [];
  if (s.sentenceWords >= t.vocabularyMinWords) {
    if (s.sentenceFunctionShare < t.functionShareFloor) {
      reasons.push(
        `function words (articles, prepositions, pronouns; best match ${s.language}) are ${pct(s.sentenceFunctionShare)} of the ${s.sentenceWords} words in sentences (real prose: 15% or more; flagged below ${pct(t.functionShareFloor)}): random words, keywords or lorem ipsum, not language`
      );
    }
  } else if (s.words >= t.fragmentsMinWords && s.functionShare < t.fragmentsFunctionShareFloor) {
    reasons.push(
      `function words are ${pct(s.functionShare)} of ${s.words} prose words (real skills, even terse lists: 9.7% or more; flagged below ${pct(t.fragmentsFunctionShareFloor)}): a pile of keywords, not language`
    );
  }
  if (s.articles >= t.orderMinArticles && s.articleMisfitShare > t.articleMisfitCeiling) {
    reasons.push(
      `${pct(s.articleMisfitShare)} of ${s.articles} "the"/"an" are followed by a word that cannot follow an article, such as "of", "and" or "is" (real prose: under 2%; flagged above ${pct(t.articleMisfitCeiling)}): the words are in random order`
    );
  }
  if (s.sentenceWords >= t.repetitionMinWords && s.repeatedTrigramShare > t.repeatedTrigramCeiling) {
    reasons.push(
      `${pct(s.repeatedTrigramShare)} of the three-word sequences in sentences repeat an earlier one (real prose: under 8%; flagged above ${pct(t.repeatedTrigramCeiling)}): recycled phrases, stock filler or generated babble`
    );
  }
  return reasons;
}
var lowInformationProse = {
  flag: "LOW_INFORMATION_PROSE",
  methodology: "default",
  description: "SKILL.md prose that carries no information (word salad, lorem ipsum, keyword piles, shuffled words, recycled phrases): measured by function-word share, word order after articles and repeated three-word sequences. Disqualifies from any badge.",
  severity: 0.2,
  fix: "Write the instructions as plain sentences: what the agent should do, in what order, with what input and output. Structure without meaning earns nothing.",
  detect(skill) {
    const reasons = lowInformationReasons(proseStatistics(skill.markdown));
    if (reasons.length === 0) return [];
    return [{ flag: "LOW_INFORMATION_PROSE", severity: 0.2, description: `Prose carries no information: ${reasons.join("; ")}.` }];
  }
};

// src/checks/default/anti-patterns.ts
var some = (i) => i ? [i] : [];
var overConstrained2 = {
  flag: "OVER_CONSTRAINED",
  methodology: "default",
  description: "More than 15 MUST/ALWAYS/NEVER directives in prose (code excluded).",
  severity: 0.1,
  fix: "Explain the reason instead of shouting; keep hard constraints for safety and correctness.",
  detect(skill) {
    const n = signals(skill).directives;
    return n > 15 ? [{ flag: "OVER_CONSTRAINED", severity: 0.1, description: `${n} MUST/ALWAYS/NEVER directives in prose (more than 15).` }] : [];
  },
  improve(skill) {
    const soft = softenDirectives(skill, 15);
    return soft.edits.length === 0 ? [] : [{
      id: "OVER_CONSTRAINED/soften",
      action: `${signals(skill).directives} MUST/ALWAYS/NEVER in prose: keep capitals for at most 15 hard constraints and write the other ${soft.softened} as plain advice with the reason.`,
      example: `from line ${soft.firstLine}: MUST -> must, ALWAYS -> always, NEVER -> never (${soft.softened} in all)`,
      edits: soft.edits
    }];
  }
};
var emptyDescription2 = {
  flag: "EMPTY_DESCRIPTION",
  methodology: "default",
  description: "Description missing, not a string, or shorter than 20 characters.",
  severity: 0.2,
  fix: 'Write a 60-120 character description: what the skill does, then "Use when..." with two or more contexts.',
  detect(skill) {
    const n = skill.description.trim().length;
    return n < 20 ? [{ flag: "EMPTY_DESCRIPTION", severity: 0.2, line: skill.frontmatter.keyLines.description ?? 1, description: `Description is ${n} characters (under 20); the agent cannot tell when to use the skill.` }] : [];
  },
  improve: (skill) => some(descriptionImprovement(skill, "EMPTY_DESCRIPTION/rewrite"))
};
var missingTrigger2 = {
  flag: "MISSING_TRIGGER",
  methodology: "default",
  description: 'No non-negated trigger phrase ("Use when...") in the description.',
  severity: 0.15,
  fix: 'Add "Use this skill when..." followed by specific situations; "Do not use when..." alone does not say when to use it.',
  detect(skill) {
    const data = skill.frontmatter.data ?? {};
    if (data["disable-model-invocation"] === true) return [];
    if (typeof data.paths === "string" && data.paths.length > 0) return [];
    const t = analyseTriggers(skill.description);
    if (t.positive.length > 0) return [];
    const negatedNote = t.negated.length > 0 ? ` Its only trigger phrase is negated ("${t.negated[0]}").` : "";
    return [{ flag: "MISSING_TRIGGER", severity: 0.15, line: skill.frontmatter.keyLines.description ?? 1, description: `Description has no trigger phrase such as "Use when ...".${negatedNote}` }];
  },
  improve: (skill) => some(descriptionImprovement(skill, "MISSING_TRIGGER/rewrite"))
};
var bloatedSkill2 = {
  flag: "BLOATED_SKILL",
  methodology: "default",
  description: "SKILL.md over 800 lines with no non-empty reference file to move detail into.",
  severity: 0.1,
  fix: "Move detail into references/*.md and link each file from SKILL.md.",
  detect(skill) {
    const s = signals(skill);
    return s.lineCount > 800 && s.referenceFiles.length === 0 ? [{ flag: "BLOATED_SKILL", severity: 0.1, description: `SKILL.md is ${s.lineCount} lines and references/ holds no non-empty file.` }] : [];
  },
  improve: (skill) => some(moveLongestSection(skill, "BLOATED_SKILL/move-section"))
};
var orphanReference2 = {
  flag: "ORPHAN_REFERENCE",
  methodology: "default",
  description: "A prose link into references/ (anchors and query strings ignored, nested paths allowed) whose file does not exist.",
  severity: 0.05,
  fix: "Create the missing reference file or fix the link.",
  detect(skill) {
    const { files: present, dirsWithFiles } = pathIndex(skill);
    const out = [];
    for (const link of skill.markdown.links) {
      if (link.path === void 0) continue;
      const target = normaliseRelative(link.path);
      if (!target.startsWith("references/")) continue;
      if (present.has(target) || dirsWithFiles.has(target)) continue;
      out.push({ flag: "ORPHAN_REFERENCE", severity: 0.05, line: fileLine(skill, link.line), file: path4.posix.join(skill.displayPath, target), description: `Link to '${link.url}' does not resolve to a file in references/.` });
    }
    return out;
  },
  improve(skill, instances) {
    const byLine = /* @__PURE__ */ new Map();
    for (const l of skill.markdown.links) if (l.path !== void 0) byLine.set(fileLine(skill, l.line), [...byLine.get(fileLine(skill, l.line)) ?? [], l.url]);
    const perLine = /* @__PURE__ */ new Map();
    for (const i of instances) {
      const url = i.line === void 0 ? void 0 : byLine.get(i.line)?.find((u) => i.description.includes(`'${u}'`));
      if (url !== void 0) perLine.set(i.line, [...perLine.get(i.line) ?? [], url]);
    }
    const edits = referencesRemoved(skill, perLine);
    if (edits.length === 0) return [];
    const where = instances.map((i) => `line ${i.line}`).join(", ");
    return [{
      id: "ORPHAN_REFERENCE/unlink",
      action: `${instances.length} link(s) into references/ point at files that do not exist (${where}): create each file, or remove the link and keep its text.`,
      example: edits.map((e) => e.op === "replace-lines" ? `line ${e.start}: ${e.text ?? ""}` : "").join("\n"),
      edits
    }];
  }
};
var deadCrossRef2 = {
  flag: "DEAD_CROSS_REF",
  methodology: "default",
  description: "A path-style reference to a sibling skill or plugin agent that does not exist.",
  severity: 0.05,
  fix: "Point the reference at an existing skill folder or agents/<name>.md, or remove it.",
  detect(skill) {
    return crossReferences(skill).filter((r) => !r.resolved).map((r) => ({ flag: "DEAD_CROSS_REF", severity: 0.05, line: r.line, description: `Reference to ${r.kind} '${r.target}' (${r.text}) cannot be resolved.` }));
  },
  improve(skill) {
    const dead = crossReferences(skill).filter((r) => !r.resolved);
    const perLine = /* @__PURE__ */ new Map();
    for (const r of dead) perLine.set(r.line, [...perLine.get(r.line) ?? [], r.text]);
    const edits = referencesRemoved(skill, perLine);
    if (edits.length === 0) return [];
    return [{
      id: "DEAD_CROSS_REF/remove",
      action: `${dead.length} reference(s) to skills or agents that do not exist (${dead.map((r) => `line ${r.line}: ${r.text}`).join("; ")}): point each at an existing skill folder or agents/<name>.md, or drop the path.`,
      example: edits.map((e) => e.op === "replace-lines" ? `line ${e.start}: ${e.text ?? ""}` : "").join("\n"),
      edits
    }];
  }
};
var keywordStuffing = {
  flag: "KEYWORD_STUFFING",
  methodology: "default",
  description: "A description piled with activation words, repeated terms or catch-all claims, written for a scorer rather than the model.",
  severity: 0.15,
  fix: "Say plainly what the skill does and the specific situations it is for; the agent routes on meaning, not keywords.",
  detect(skill) {
    const s = analyseStuffing(skill.description);
    return s.stuffed ? [{ flag: "KEYWORD_STUFFING", severity: 0.15, line: skill.frontmatter.keyLines.description ?? 1, description: `Description looks keyword-stuffed: ${s.reasons.join("; ")}.` }] : [];
  },
  improve: (skill) => some(descriptionImprovement(skill, "KEYWORD_STUFFING/rewrite"))
};
var fillerContent = {
  flag: "FILLER_CONTENT",
  methodology: "default",
  description: "More than 20% of substantive prose lines repeat an earlier line (numbers and punctuation ignored).",
  severity: 0.15,
  fix: "Remove padding; every line loaded into context should tell the agent something new.",
  detect(skill) {
    const s = signals(skill);
    return s.distinctRatio < 0.8 ? [{ flag: "FILLER_CONTENT", severity: 0.15, description: `Only ${(s.distinctRatio * 100).toFixed(0)}% of substantive prose lines are distinct; the rest is repetition.` }] : [];
  },
  improve(skill) {
    const repeated = dropRepeatedLines(skill);
    return repeated.lines.length === 0 ? [] : [repeatedLinesImprovement("FILLER_CONTENT/delete-repeats", repeated)];
  }
};
var emptyReferenceFile = {
  flag: "EMPTY_REFERENCE_FILE",
  methodology: "default",
  description: "An empty file in references/ or assets/ (it earns nothing and suggests padding).",
  severity: 0.05,
  fix: "Fill the file or delete it.",
  detect(skill) {
    const s = signals(skill);
    return [...s.emptyReferenceFiles, ...s.emptyAssetFiles].map((rel) => ({
      flag: "EMPTY_REFERENCE_FILE",
      severity: 0.05,
      file: path4.posix.join(skill.displayPath, rel),
      description: `${rel} is empty.`
    }));
  },
  improve(skill) {
    const s = signals(skill);
    const empty = [...s.emptyReferenceFiles, ...s.emptyAssetFiles];
    return empty.length === 0 ? [] : [{
      id: "EMPTY_REFERENCE_FILE/delete",
      action: `${empty.join(", ")} ${empty.length === 1 ? "is" : "are"} empty: fill ${empty.length === 1 ? "it" : "each"} with the detail SKILL.md points to, or delete ${empty.length === 1 ? "it" : "them"}.`,
      example: empty.map((f) => `delete ${f}`).join("\n"),
      edits: empty.map((file) => ({ op: "delete-file", file }))
    }];
  }
};
var defaultAntiPatterns = [
  overConstrained2,
  emptyDescription2,
  missingTrigger2,
  bloatedSkill2,
  orphanReference2,
  deadCrossRef2,
  keywordStuffing,
  fillerContent,
  emptyReferenceFile,
  injectionAttempt,
  lowInformationProse
];

// src/checks/default/index.ts
var defaultChecks = [
  frontmatterQuality2,
  orchestrationWiring2,
  progressiveDisclosure2,
  structuralCompleteness2,
  tokenEfficiency2,
  ecosystemCoherence2,
  harnessPortability2
];

// src/checks/index.ts
var REGISTRY = Object.freeze({
  default: { checks: defaultChecks, antiPatterns: defaultAntiPatterns },
  compat: { checks: compatChecks, antiPatterns: compatAntiPatterns }
});

// src/layers/static.ts
function runStaticLayer(skill, methodology, reuse) {
  const started = performance.now();
  const { checks, antiPatterns: rules } = REGISTRY[methodology];
  const subScores = {};
  const measurements = {};
  const findings = [];
  const outcomes = /* @__PURE__ */ new Map();
  const instances = /* @__PURE__ */ new Map();
  let rawScore = 0;
  for (const check of checks) {
    const outcome = check.run(skill);
    outcomes.set(check.id, outcome);
    subScores[check.subScore] = { score: outcome.score, evidence: outcome.evidence };
    findings.push(...outcome.findings);
    rawScore += outcome.score * SUB_SCORE_WEIGHTS[check.subScore];
    const dimension = SUB_SCORE_TO_DIMENSION[check.subScore];
    if (dimension) measurements[dimension] = { score: outcome.score, evidence: outcome.evidence };
  }
  const antiPatterns = [];
  for (const rule of rules) {
    const found = reuse !== void 0 && rule.reuseInSimulation ? [...reuse.get(rule.flag) ?? []] : rule.detect(skill);
    if (found.length > 0) instances.set(rule.flag, found);
    for (const instance of found) {
      antiPatterns.push({
        flag: instance.flag,
        description: instance.description,
        severity: instance.severity,
        ...instance.file !== void 0 ? { file: instance.file } : {},
        ...instance.line !== void 0 ? { line: instance.line } : {}
      });
    }
  }
  const penalty = antiPatternPenalty(antiPatterns.length);
  return {
    name: "static",
    score: rawScore * penalty,
    rawScore,
    penalty,
    durationMs: performance.now() - started,
    measurements,
    unmeasured: {},
    antiPatterns,
    subScores,
    findings,
    outcomes,
    instances
  };
}

// src/version.ts
var VERSION = "0.1.0";

// src/score/badge-policy.ts
var MIN_BADGE_COVERAGE = 0.5;
var CONTENT_DIMENSION = "output_quality";
var BADGE_NAMES = { platinum: "Platinum", gold: "Gold", silver: "Silver", bronze: "Bronze", none: "no badge" };
var DISQUALIFICATION = {
  INJECTION_ATTEMPT: "text addressed to the evaluator",
  LOW_INFORMATION_PROSE: "prose that carries no information"
};
var rank = (b) => b === "none" ? BADGES.length : BADGES.indexOf(b);
var lower = (a, b) => rank(a) >= rank(b) ? a : b;
function evidenceCeiling(e) {
  const judged = e.measuredBy.judge?.includes(CONTENT_DIMENSION) ?? false;
  if (!judged) {
    const why = e.layersRun.includes("judge") ? `content not judged (the judge did not measure ${CONTENT_DIMENSION})` : "content not judged";
    return { ceiling: "silver", provisional: true, why };
  }
  if (e.layersRun.includes("monte_carlo") && e.elo !== null) return { ceiling: "platinum", provisional: false };
  return { ceiling: "gold", provisional: false, why: "Platinum needs certify (Monte Carlo and Elo), not available in this version" };
}
function decideBadge(e) {
  const byComposite = badgeFor(compositeDecisionValue(e.composite, e.methodology), e.elo);
  if ((e.gaps ?? 0) > 0) {
    const why = `partial measurement: ${e.gaps} dimension${e.gaps === 1 ? "" : "s"} not measured by a layer that ran`;
    const would2 = byComposite !== "none" ? `; composite ${formatCompositeScore(e.composite, e.methodology)} would be ${BADGE_NAMES[byComposite]}` : "";
    return { badge: "none", byComposite, provisional: false, reasons: [why], label: `${BADGE_NAMES.none} (${why}${would2})` };
  }
  if (e.methodology === "compat") return { badge: byComposite, byComposite, provisional: false, reasons: [], label: BADGE_NAMES[byComposite] };
  const reasons = [];
  const flags = [...new Set(e.antiPatterns.map((a) => a.flag).filter((f) => DISQUALIFYING_ANTI_PATTERNS.includes(f)))];
  for (const flag of flags) reasons.push(`disqualified: ${flag} (${DISQUALIFICATION[flag] ?? "disqualifying anti-pattern"})`);
  const coveragePercent = displayedCoveragePercent(e.coverage.share);
  if (coveragePercent < MIN_BADGE_COVERAGE * 100) reasons.push(`coverage ${formatCoverage(e.coverage.share)} is below the ${MIN_BADGE_COVERAGE * 100}% a badge needs`);
  let badge;
  let provisional = false;
  if (reasons.length > 0) badge = "none";
  else {
    const cap = evidenceCeiling(e);
    badge = lower(byComposite, cap.ceiling);
    provisional = cap.provisional && badge !== "none";
    if (cap.why && (provisional || badge !== byComposite)) reasons.push(provisional ? `provisional: ${cap.why}` : cap.why);
  }
  const would = badge !== byComposite && byComposite !== "none" ? [`composite ${formatCompositeScore(e.composite, e.methodology)} would be ${BADGE_NAMES[byComposite]}`] : [];
  const notes = [...reasons, ...would];
  return { badge, byComposite, provisional, reasons, label: notes.length > 0 ? `${BADGE_NAMES[badge]} (${notes.join("; ")})` : BADGE_NAMES[badge] };
}

// src/score/composite.ts
function arithmeticFor(methodology) {
  return methodology === "compat" ? "pluginEval" : "settled";
}
function compositeOf(layers, penalty, arithmetic = "settled") {
  const exact = arithmetic === "pluginEval";
  const unit = (x) => exact ? x : settle(x, 9);
  const hundred = (x) => exact ? x : settle(x, 7);
  const partial = DIMENSIONS.map((name) => blendDimension(name, layers, unit));
  const measuredWeight = partial.reduce((sum, d) => sum + (d.measured ? d.weight : 0), 0);
  let raw = 0;
  const dimensions = partial.map((d) => {
    const effectiveWeight = d.measured && measuredWeight > 0 ? unit(d.weight / measuredWeight) : 0;
    if (d.measured && d.score !== null) raw += d.weight / measuredWeight * d.score;
    return { ...d, effectiveWeight };
  });
  const withInterval = dimensions.some((d) => d.ciLow !== null && d.ciHigh !== null);
  const bound = (pick) => hundred(dimensions.reduce((sum, d) => sum + (d.measured && d.score !== null ? d.weight / measuredWeight * pick(d) : 0), 0) * 100 * penalty);
  return {
    dimensions,
    rawScore: hundred(raw * 100),
    score: hundred(raw * 100 * penalty),
    penalty,
    ciLow: withInterval ? bound((d) => d.ciLow ?? d.score) : null,
    ciHigh: withInterval ? bound((d) => d.ciHigh ?? d.score) : null
  };
}
function blendDimension(name, layers, unit) {
  let weighted = 0;
  let totalBlend = 0;
  const layerScores = {};
  const evidence = [];
  const reasons = [];
  const notMeasuredBy = {};
  let lowSum = 0;
  let highSum = 0;
  let anyInterval = false;
  for (const layer of layers) {
    const blend = LAYER_BLEND[name][layer.name];
    const m = layer.measurements[name];
    if (m && blend > 0) {
      weighted += blend * m.score;
      totalBlend += blend;
      layerScores[layer.name] = m.score;
      evidence.push(...m.evidence.map((e) => `${layer.name}: ${e}`));
      const hasInterval = m.ciLow != null && m.ciHigh != null;
      anyInterval ||= hasInterval;
      lowSum += blend * (hasInterval ? m.ciLow : m.score);
      highSum += blend * (hasInterval ? m.ciHigh : m.score);
    }
    const why = layer.unmeasured[name];
    if (why) reasons.push(`${layer.name}: ${why}`);
    const failure = layer.failed?.[name];
    if (failure && blend > 0) {
      notMeasuredBy[layer.name] = failure;
      evidence.push(m ? `${layer.name}: measured only in part: ${failure}` : `not measured by ${layer.name}: ${failure}`);
    }
  }
  const measured = totalBlend > 0;
  const score2 = measured ? unit(weighted / totalBlend) : null;
  return {
    name,
    weight: DIMENSION_WEIGHTS[name],
    effectiveWeight: 0,
    measured,
    score: score2,
    grade: score2 === null ? null : displayedGrade(score2),
    layers: layerScores,
    ciLow: measured && anyInterval ? unit(lowSum / totalBlend) : null,
    ciHigh: measured && anyInterval ? unit(highSum / totalBlend) : null,
    evidence,
    ...Object.keys(notMeasuredBy).length > 0 ? { notMeasuredBy } : {},
    ...measured ? {} : { unmeasuredReason: reasons.length > 0 ? reasons.join("; ") : "no layer that ran measures this dimension" }
  };
}

// src/score/coverage.ts
function coverageOf(dimensions) {
  const measured = new Set(dimensions.filter((d) => d.measured).map((d) => d.name));
  const byLayer = {};
  for (const layer of LAYERS) {
    const weight = dimensions.filter((d) => d.measured && d.layers[layer] !== void 0).reduce((sum, d) => sum + DIMENSION_WEIGHTS[d.name], 0);
    if (weight > 0) byLayer[layer] = settle(weight);
  }
  return {
    share: settle(DIMENSIONS.reduce((sum, name) => sum + (measured.has(name) ? DIMENSION_WEIGHTS[name] : 0), 0)),
    byLayer,
    unmeasured: DIMENSIONS.filter((name) => !measured.has(name))
  };
}

// src/checks/components/agent-quality.ts
import path5 from "node:path";

// src/checks/improvements/component-edits.ts
var CANONICAL_TOOLS = CLAUDE_TOOL_ALTERNATION.split("|");
var TOOL_IN_PROSE = new RegExp(`\\b[Tt]he\\s+\`?(${CLAUDE_TOOL_ALTERNATION})\`?\\s+tool\\b`, "g");
var SHELL_LANGS = /* @__PURE__ */ new Set(["bash", "sh", "shell", "zsh", "console"]);
var SHELL_COMMAND = /^(?:git|curl|wget|npm|npx|pnpm|yarn|node|python3?|pip3?|uv|tar|make|cargo|go|docker|gh|bash|sh)\s|\.(?:sh|py)(?:\s|$)/;
function toolsNamedIn(component) {
  const found = /* @__PURE__ */ new Set();
  for (const t of backtickedToolRefs(component.body)) found.add(t.toLowerCase());
  for (const m of component.body.matchAll(TOOL_IN_PROSE)) found.add(m[1].toLowerCase());
  const runsShell = component.markdown.codeBlocks.some((b) => SHELL_LANGS.has(b.lang.toLowerCase())) || component.markdown.inlineCode.some((c) => SHELL_COMMAND.test(c.value)) || component.kind === "command" && /^\s*!`[^`]+`/m.test(component.body);
  if (runsShell) found.add("bash");
  return CANONICAL_TOOLS.filter((t) => found.has(t.toLowerCase()));
}
function firstProseSentence(component) {
  for (const line of component.markdown.proseLines) {
    const t = line.trim();
    if (t === "" || /^[#|><]/.test(t) || /^[-*+]\s|^\d+[.)]\s/.test(t)) continue;
    const sentence = (/^(.+?[.!?])(?:\s|$)/.exec(t)?.[1] ?? t).replace(/[*_`]/g, "").trim();
    if (sentence.split(/\s+/).length >= 5) return sentence.length > 200 ? `${sentence.slice(0, 200).replace(/\s+\S*$/, "")}.` : sentence;
  }
  return void 0;
}
function asDescription(sentence) {
  const s = sentence.replace(/^you\s+are\s+(?:an?\s+|the\s+)?/i, "");
  return s.charAt(0).toUpperCase() + s.slice(1);
}
var words = (stem) => stem.replace(/[-_]+/g, " ").trim();
function agentDescription(current, firstSentence2, stem, saysWhen) {
  const now = current.replace(/\s+/g, " ").trim();
  let what = now.length >= 20 ? now : firstSentence2 ? asDescription(firstSentence2) : now !== "" ? now : `The ${words(stem)} agent`;
  if (!/[.!?]$/.test(what)) what = `${what}.`;
  if (saysWhen) return what.length >= 40 ? what : void 0;
  const use = purposeAsUse(what);
  const out = `${what} ${use ? `Use ${use.replace(/[.!?]+$/, "")}` : `Use when a task needs the ${words(stem)}`}.`;
  return out.length >= 40 ? out : void 0;
}
function commandDescription(current, firstSentence2, stem) {
  if (firstSentence2 && firstSentence2.length >= 20) return firstSentence2;
  const named = current === "" ? void 0 : `${words(stem).replace(/^./, (c) => c.toUpperCase())}: ${current}`;
  return named && named.length >= 20 ? named : void 0;
}
var BULLET = /^([-*+])\s+(.*)$/;
function numberedBullets(component, file) {
  const lines = component.body.replace(/\r\n?/g, "\n").split("\n");
  const offset = component.frontmatter.bodyStartLine - 1;
  for (let i = 0; i < lines.length; i++) {
    if (component.markdown.codeLines.has(i + 1) || !BULLET.test(lines[i])) continue;
    let end = i;
    while (end + 1 < lines.length && !component.markdown.codeLines.has(end + 2) && BULLET.test(lines[end + 1])) end++;
    if (end === i) continue;
    const numbered = lines.slice(i, end + 1).map((l, k) => `${k + 1}. ${BULLET.exec(l)[2]}`);
    return { example: numbered.join("\n"), edits: [{ op: "replace-lines", file, start: i + 1 + offset, end: end + 1 + offset, text: numbered.join("\n") }] };
  }
  return void 0;
}

// src/checks/components/agent-quality.ts
function agentFacts(agent) {
  const fm = agent.data;
  const name = typeof fm.name === "string" ? fm.name : void 0;
  const description = typeof fm.description === "string" ? fm.description : "";
  return {
    name,
    nameMatches: name !== void 0 && KEBAB_NAME.test(name) && name === agent.stem,
    description,
    // "Use this agent when ..." is the agent form of "Use when ..."; negation is judged the same way.
    saysWhen: analyseTriggers(description.replace(/\bthis agent\b/gi, "this skill")).positive.length > 0 || /\buse (?:this agent )?proactively\b/i.test(description),
    hasExamples: /<example>/i.test(description) || /<example>/.test(agent.body) || agent.markdown.headings.some((h) => /example|when to invoke|when to use/i.test(h.text)),
    restrictsTools: fm.tools !== void 0,
    choosesModel: typeof fm.model === "string" && fm.model !== "",
    proseLines: agent.markdown.proseLines.filter((l) => l.trim() !== "").length,
    definesOutput: /\boutput\b.*\bformat\b|\breturn\b|\breport\b/.test(agent.body.toLowerCase())
  };
}
var agentQuality = {
  id: "agent-quality",
  kind: "agent",
  methodology: "default",
  description: "Agent name and description (with a non-negated trigger and examples), restricted tools, and a substantive system prompt with an output format.",
  run(agent) {
    const f = agentFacts(agent);
    const b = new ScoreBuilder(0.3, "base");
    if (f.nameMatches) b.add(0.1, "name matches the file name");
    else b.find({ ruleId: "agent-quality/name", severity: "error", message: `agent name ${f.name ? `"${f.name}"` : "is missing and"} must be kebab-case and equal the file name "${agent.stem}"`, file: agent.file, line: agent.frontmatter.keyLines.name ?? 1 });
    b.add(f.description.length >= 40 ? 0.1 : f.description.length >= 20 ? 0.05 : 0, `description ${f.description.length} characters`);
    if (f.description.length === 0) b.find({ ruleId: "agent-quality/description", severity: "error", message: "agent has no description", file: agent.file, line: 1 });
    b.add(0.15, "says when to use it", f.saysWhen);
    b.add(0.1, "gives triggering examples", f.hasExamples);
    b.add(0.1, "restricts its tools", f.restrictsTools);
    b.add(0.05, "chooses a model", f.choosesModel);
    b.add(0.1, `system prompt of ${f.proseLines} lines`, f.proseLines >= 20);
    b.add(0.1, "defines its output format", f.definesOutput);
    return b.done();
  },
  /**
   * Only what the facts show missing: the name set to the file name, a description that says what and when, a
   * "When to use" section, the tools its prompt names, `model: inherit`, an output format. Never prompt padding.
   */
  improve(agent) {
    const f = agentFacts(agent);
    const file = path5.basename(agent.abs);
    const out = [];
    if (!f.nameMatches && KEBAB_NAME.test(agent.stem)) {
      out.push({
        id: "agent-quality/name",
        action: `Set the agent's name to its file name "${agent.stem}" (it is ${f.name === void 0 ? "missing" : `"${f.name}"`}); Claude Code finds the agent by that name.`,
        example: `name: ${agent.stem}`,
        edits: [{ op: "set-frontmatter", file, key: "name", value: agent.stem }]
      });
    }
    if (f.description.length < 40 || !f.saysWhen) {
      const rewritten = agentDescription(f.description, firstProseSentence(agent), agent.stem, f.saysWhen);
      if (rewritten && rewritten !== f.description) {
        const gaps = [...f.description.length < 40 ? [f.description.length === 0 ? "it has none" : `it is ${f.description.length} characters (40 or more score best)`] : [], ...f.saysWhen ? [] : ["it does not say when to use the agent"]];
        out.push({
          id: "agent-quality/description",
          action: `Rewrite the agent's description: ${gaps.join("; ")}. Say what it does, then "Use for ..." or "Use when ...": the router picks agents by this text.`,
          example: `description: ${JSON.stringify(rewritten)}`,
          edits: [{ op: "set-frontmatter", file, key: "description", value: rewritten }]
        });
      }
    }
    if (!f.hasExamples) {
      const when = f.description.trim() !== "" ? f.description.trim() : `Tasks that need the ${agent.stem.replace(/[-_]+/g, " ")}.`;
      const section = `## When to use

- ${when.replace(/\s+/g, " ")}`;
      out.push({
        id: "agent-quality/examples",
        action: 'Add a "When to use" section (or <example> blocks) with the requests that should reach this agent; it has neither.',
        example: section,
        edits: [{ op: "append", file, text: section }]
      });
    }
    if (!f.restrictsTools) {
      const named = toolsNamedIn(agent);
      const tools = named.length > 0 ? named : ["Read", "Grep", "Glob"];
      out.push({
        id: "agent-quality/tools",
        action: named.length > 0 ? `List the agent's tools: without \`tools\` it gets every tool; its prompt uses ${named.join(", ")}.` : "List the agent's tools: without `tools` it gets every tool. Its prompt names none, so a read-only set is shown; add what it really needs.",
        example: `tools: ${tools.join(", ")}`,
        edits: [{ op: "set-frontmatter", file, key: "tools", value: tools.join(", ") }]
      });
    }
    if (!f.choosesModel) {
      out.push({
        id: "agent-quality/model",
        action: "Choose the agent's model (`inherit` uses the conversation's model; `haiku` or `sonnet` when the task is simpler or cheaper).",
        example: "model: inherit",
        edits: [{ op: "set-frontmatter", file, key: "model", value: "inherit" }]
      });
    }
    if (!f.definesOutput) {
      const section = "## Output format\n\nReturn a short summary of the result first, then the details the caller needs to act on.";
      out.push({
        id: "agent-quality/output",
        action: "Say what the agent returns: its prompt defines no output format, so the caller cannot rely on the shape of its answer.",
        example: section,
        edits: [{ op: "append", file, text: section }]
      });
    }
    return out;
  }
};

// src/checks/components/command-quality.ts
import path6 from "node:path";
var POSITIONAL = /\$(\d)\b/g;
function commandFacts(command) {
  const fm = command.data;
  const prose = command.markdown.proseLines.join("\n");
  const positional = Math.max(0, ...[...prose.matchAll(POSITIONAL)].map((m) => Number(m[1])));
  return {
    description: typeof fm.description === "string" ? fm.description.trim() : "",
    usesArguments: /\$ARGUMENTS/.test(command.body) || positional > 0,
    positional,
    hasHint: typeof fm["argument-hint"] === "string",
    declaresTools: fm["allowed-tools"] !== void 0,
    proseLines: command.markdown.proseLines.filter((l) => l.trim() !== "").length,
    structured: command.markdown.headings.length >= 2 || /^\s*\d+\.\s/m.test(command.body)
  };
}
var commandQuality = {
  id: "command-quality",
  kind: "command",
  methodology: "default",
  description: "Slash command with a description, an argument hint when it takes arguments, allowed tools, and concrete steps.",
  run(command) {
    const f = commandFacts(command);
    const b = new ScoreBuilder(0.4, "base");
    b.add(0.2, "has a description", f.description.length >= 20);
    if (f.description.length === 0) b.find({ ruleId: "command-quality/description", severity: "warning", message: "command has no description (it shows as blank in /help)", file: command.file, line: 1 });
    b.add(0.1, f.usesArguments ? "argument hint for its arguments" : "takes no arguments", !f.usesArguments || f.hasHint);
    if (f.usesArguments && !f.hasHint) b.find({ ruleId: "command-quality/argument-hint", severity: "warning", message: "command uses $ARGUMENTS but has no argument-hint", file: command.file, line: 1 });
    b.add(0.1, "declares allowed tools", f.declaresTools);
    b.add(0.1, `${f.proseLines} lines of instructions`, f.proseLines >= 5);
    b.add(0.1, "structured into steps or sections", f.structured);
    return b.done();
  },
  /**
   * Only what the facts show missing: a description from the command's own first sentence, an argument hint
   * naming the arguments it uses, the tools its steps name, its bullet steps numbered. Never padding.
   */
  improve(command) {
    const f = commandFacts(command);
    const file = path6.basename(command.abs);
    const out = [];
    if (f.description.length < 20) {
      const rewritten = commandDescription(f.description, firstProseSentence(command), command.stem);
      if (rewritten) {
        out.push({
          id: "command-quality/description",
          action: `Describe the command in one line: ${f.description.length === 0 ? "it has no description, so /help shows it blank" : `"${f.description}" is ${f.description.length} characters (20 or more score)`}.`,
          example: `description: ${JSON.stringify(rewritten)}`,
          edits: [{ op: "set-frontmatter", file, key: "description", value: rewritten }]
        });
      }
    }
    if (f.usesArguments && !f.hasHint) {
      const hint = f.positional > 0 ? Array.from({ length: f.positional }, (_, i) => `<arg${i + 1}>`).join(" ") : "[arguments]";
      out.push({
        id: "command-quality/argument-hint",
        action: `Add an argument hint: the command uses ${f.positional > 0 ? `$1..$${f.positional}` : "$ARGUMENTS"} and /help does not say what to pass.`,
        example: `argument-hint: ${hint}`,
        edits: [{ op: "set-frontmatter", file, key: "argument-hint", value: hint }]
      });
    }
    if (!f.declaresTools) {
      const named = toolsNamedIn(command);
      const tools = named.length > 0 ? named : ["Read", "Grep", "Glob"];
      out.push({
        id: "command-quality/allowed-tools",
        action: named.length > 0 ? `Declare the tools the command may use: it has no \`allowed-tools\`; its steps use ${named.join(", ")}.` : "Declare the tools the command may use: it has no `allowed-tools` and names none, so a read-only set is shown; add what it really needs.",
        example: `allowed-tools: ${tools.join(", ")}`,
        edits: [{ op: "set-frontmatter", file, key: "allowed-tools", value: tools.join(", ") }]
      });
    }
    if (!f.structured) {
      const steps = numberedBullets(command, file);
      if (steps) {
        out.push({
          id: "command-quality/steps",
          action: `Number the command's steps: it has ${command.markdown.headings.length} heading(s) and no numbered list, and its bullet list reads as a sequence.`,
          example: steps.example,
          edits: steps.edits
        });
      }
    }
    return out;
  }
};

// src/checks/components/compat-agent.ts
var compatAgent = {
  id: "compat/agent",
  kind: "agent",
  methodology: "compat",
  description: 'PluginEval 0.1.x: 0.5 + "use proactively" 0.2 + tools 0.1 + description length 0.1/0.05 + model 0.1.',
  run(agent) {
    const fm = agent.data;
    const description = typeof fm.description === "string" ? fm.description : fm.description == null ? "" : String(fm.description);
    const evidence = ["0.50 base"];
    let score2 = 0.5;
    const add = (points, why) => {
      score2 += points;
      evidence.push(`+${points.toFixed(2)} ${why}`);
    };
    if (description.toLowerCase().includes("use proactively")) add(0.2, '"use proactively"');
    const truthy = (v) => Array.isArray(v) ? v.length > 0 : typeof v === "object" && v !== null ? Object.keys(v).length > 0 : Boolean(v);
    if (truthy(fm.tools)) add(0.1, "tools set");
    if (description.length >= 40) add(0.1, "description >= 40 characters");
    else if (description.length >= 20) add(0.05, "description >= 20 characters");
    if (truthy(fm.model)) add(0.1, "model set");
    return { score: score2, evidence, findings: [] };
  }
};

// src/checks/components/index.ts
var COMPONENT_CHECKS = Object.freeze({
  default: { agent: agentQuality, command: commandQuality },
  compat: { agent: compatAgent, command: void 0 }
});

// src/score/simulate.ts
import path7 from "node:path";
function editedSkill(skill, edits) {
  const files = /* @__PURE__ */ new Map([["SKILL.md", skill.text]]);
  const changed = applyEdits(files, edits);
  const text = files.get("SKILL.md") ?? "";
  const written = /* @__PURE__ */ new Map();
  for (const rel of changed) if (rel !== "SKILL.md") written.set(rel, files.get(rel) ?? null);
  const entries = skill.files.filter((f) => !written.has(f.rel));
  const dirs = new Set(skill.dirs);
  for (const [rel, content] of written) {
    if (content === null) continue;
    entries.push({ rel, abs: path7.join(skill.dir, rel), size: Buffer.byteLength(content), binary: false, blank: content.trim() === "" });
    for (let d = path7.posix.dirname(rel); d !== "." && d !== ""; d = path7.posix.dirname(d)) dirs.add(d);
  }
  const head = skill.frontmatter.present && skill.text.endsWith(skill.body) ? skill.text.slice(0, skill.text.length - skill.body.length) : void 0;
  const frontmatter = head !== void 0 && text.startsWith(head) ? { ...skill.frontmatter, body: text.slice(head.length) } : parseFrontmatter(text, skill.file);
  const data = frontmatter.data ?? {};
  let markdown;
  const sameBody = frontmatter.body === skill.body;
  return {
    ...skill,
    bytes: Buffer.byteLength(text),
    text,
    rawText: text,
    frontmatter,
    name: typeof data.name === "string" ? data.name : void 0,
    description: typeof data.description === "string" ? data.description : "",
    body: frontmatter.body,
    bodyStartLine: frontmatter.bodyStartLine,
    get markdown() {
      return markdown ??= sameBody ? skill.markdown : analyseMarkdown(frontmatter.body);
    },
    files: entries,
    dirs: [...dirs],
    hasReferencesDir: dirs.has("references"),
    hasAssetsDir: dirs.has("assets"),
    diagnostics: []
  };
}
function editedComponent(component, edits) {
  const name = path7.basename(component.abs);
  const files = /* @__PURE__ */ new Map([[name, component.text]]);
  applyEdits(files, edits);
  return markdownComponentFromText(files.get(name) ?? "", component);
}

// src/score/tips.ts
var MAX_SIMULATIONS = 12;
var SIMULATION_BYTE_BUDGET = 1e6;
var MIN_GAIN = 0.05;
function candidateImprovements(skill, staticLayer) {
  const { checks, antiPatterns } = REGISTRY.default;
  const out = [];
  for (const check of checks) {
    if (!check.improve) continue;
    const outcome = staticLayer?.outcomes.get(check.id) ?? check.run(skill);
    const dimension = SUB_SCORE_TO_DIMENSION[check.subScore] ?? null;
    const prior = dimension ? DIMENSION_WEIGHTS[dimension] * (1 - outcome.score) * 100 : 0;
    for (const improvement of check.improve(skill, outcome)) out.push({ improvement, source: "check", dimension, prior });
  }
  const compatFlags = staticLayer ? void 0 : new Set(REGISTRY.compat.antiPatterns.map((r) => r.flag));
  for (const rule of antiPatterns) {
    if (!rule.improve || compatFlags !== void 0 && !compatFlags.has(rule.flag)) continue;
    const found = staticLayer ? staticLayer.instances.get(rule.flag) ?? [] : rule.detect(skill);
    if (found.length === 0) continue;
    for (const improvement of rule.improve(skill, found)) out.push({ improvement, source: "anti-pattern", dimension: null, antiPattern: rule.flag, prior: 5 * found.length });
  }
  return out;
}
function effectsOf(before, after) {
  const dimensions = after.dimensions.map((d) => ({ d, was: before.dimensions.find((x) => x.name === d.name) })).filter(({ d, was }) => d.score !== null && was?.score !== null && was !== void 0 && Math.abs(d.score - was.score) > 1e-9).map(({ d, was }) => ({ dimension: d.name, from: was.score, to: d.score }));
  const remaining = /* @__PURE__ */ new Map();
  for (const a of after.antiPatterns) remaining.set(a.flag, (remaining.get(a.flag) ?? 0) + 1);
  const antiPatternsRemoved = [];
  for (const a of before.antiPatterns) {
    const left = remaining.get(a.flag) ?? 0;
    if (left > 0) remaining.set(a.flag, left - 1);
    else antiPatternsRemoved.push(a.flag);
  }
  return { dimensions, antiPatternsRemoved };
}
function simulatedTips(candidates, baseline, simulate, maxSimulations) {
  const seen = /* @__PURE__ */ new Set();
  const tips = [];
  let simulations = 0;
  const ordered = candidates.map((c, i) => ({ c, i })).sort((a, b) => b.c.prior - a.c.prior || a.i - b.i).map(({ c }) => c);
  for (const c of ordered) {
    const key = `${c.target.kind}:${c.target.path}:${JSON.stringify(c.improvement.edits)}`;
    if (seen.has(key) || c.improvement.edits.length === 0) continue;
    seen.add(key);
    if (simulations++ >= maxSimulations) break;
    const after = simulate(c);
    if (!after) break;
    const gain = after.score - baseline.score;
    if (!(gain >= MIN_GAIN)) continue;
    tips.push({
      id: c.improvement.id,
      source: c.source,
      dimension: c.dimension,
      ...c.antiPattern ? { antiPattern: c.antiPattern } : {},
      target: c.target,
      gain,
      gainBasis: "simulated",
      action: c.improvement.action,
      example: c.improvement.example,
      edits: c.improvement.edits,
      effects: effectsOf(baseline, after)
    });
  }
  return tips;
}
function skillTips(skill, target, baseline, rescore, staticLayer) {
  let bytes = 0;
  const candidates = candidateImprovements(skill, staticLayer).map((c) => ({ ...c, target }));
  return simulatedTips(
    candidates,
    baseline,
    (c) => {
      if ((bytes += skill.bytes) > Math.max(SIMULATION_BYTE_BUDGET, skill.bytes)) return void 0;
      const reuse = new Map([...staticLayer?.instances ?? []].filter(([flag]) => flag !== c.antiPattern));
      return rescore(editedSkill(skill, c.improvement.edits), reuse);
    },
    MAX_SIMULATIONS
  );
}
var MAX_COMPONENT_SIMULATIONS = 48;
function componentTips(components, baseline, rescore) {
  const checks = COMPONENT_CHECKS.default;
  const triggering = components.length > 0 ? DIMENSION_WEIGHTS.triggering_accuracy / components.length : 0;
  const candidates = [];
  components.forEach(({ component, outcome }, index) => {
    const prior = triggering * (1 - outcome.score) * 100;
    for (const improvement of checks[component.kind]?.improve?.(component, outcome) ?? []) {
      candidates.push({ improvement, source: "check", dimension: "triggering_accuracy", prior, target: { kind: component.kind, path: component.file }, index, component });
    }
  });
  return simulatedTips(candidates, baseline, (c) => rescore(c.index, editedComponent(c.component, c.improvement.edits)), MAX_COMPONENT_SIMULATIONS);
}
var SUGGESTION = /^(?:\[[^\]]*\] )?suggestion: (.+)$/s;
function judgeTips(dimensions, layers, penalty, target) {
  const judge = layers.find((l) => l.name === "judge");
  if (!judge) return [];
  const tips = [];
  for (const d of dimensions) {
    const m = judge.measurements[d.name];
    if (!d.measured || !m || m.score >= 1) continue;
    const suggestion = m.evidence.map((e) => SUGGESTION.exec(e)?.[1]?.trim()).find((s) => s !== void 0 && s !== "");
    if (!suggestion) continue;
    const measuredBy = Object.keys(d.layers);
    const share = LAYER_BLEND[d.name].judge / measuredBy.reduce((sum, l) => sum + LAYER_BLEND[d.name][l], 0);
    const gain = d.effectiveWeight * share * (1 - m.score) * 100 * penalty;
    if (!(gain >= MIN_GAIN)) continue;
    tips.push({ id: `judge/${d.name}`, source: "judge", dimension: d.name, target, gain, gainBasis: "ceiling", action: suggestion });
  }
  return tips;
}
function rankTips(tips) {
  return tips.map((t, i) => ({ t, i })).sort((a, b) => b.t.gain - a.t.gain || a.i - b.i).map(({ t }) => t);
}

// src/score/build-result.ts
function confidenceLabel(depth, ran) {
  if (ran.includes("monte_carlo")) return DEPTH_PLAN[depth].confidence === "Certified+" ? "Certified+" : "Certified";
  if (ran.includes("judge")) return "Assessed";
  return "Estimated";
}
function notesOf(layer) {
  const notes = [...layer.notes ?? [], ...Object.entries(layer.unmeasured).map(([d, why]) => `${d} not measured by this layer: ${why}`)];
  return notes.length > 0 ? { notes } : {};
}
function measurementOf(layers) {
  const gaps = layers.flatMap((l) => Object.entries(l.failed ?? {}).map(([dimension, reason]) => ({
    layer: l.name,
    dimension,
    measured: l.measurements[dimension] !== void 0,
    reason
  })));
  return { status: gaps.length > 0 ? "partial" : "complete", gaps };
}
function measuredSomething(layer) {
  return layer.name === "static" || Object.keys(layer.measurements).length > 0;
}
function totalUsage(layers) {
  const used = layers.filter((l) => l.usage);
  if (used.length === 0) return null;
  const sum = (k) => used.reduce((n, l) => n + l.usage[k], 0);
  const providers = [...new Set(used.map((l) => l.usage.provider).filter((p) => Boolean(p)))];
  return {
    ...providers.length > 0 ? { provider: providers.join("; ") } : {},
    models: [...new Set(used.flatMap((l) => l.usage.models))],
    calls: sum("calls"),
    cachedCalls: sum("cachedCalls"),
    inputTokens: sum("inputTokens"),
    outputTokens: sum("outputTokens"),
    cacheReadTokens: sum("cacheReadTokens"),
    cacheWriteTokens: sum("cacheWriteTokens"),
    costUsd: sum("costUsd")
  };
}
function buildResult(input) {
  const composite = compositeOf(input.layers, input.penalty, arithmeticFor(input.methodology));
  const score2 = composite.score;
  const ran = LAYERS.filter((l) => input.layers.some((x) => x.name === l && measuredSomething(x)));
  const elo = input.elo ?? null;
  const measurement = measurementOf(input.layers);
  const coverage = coverageOf(composite.dimensions);
  const badgeDecision = decideBadge({
    methodology: input.methodology,
    composite: score2,
    elo,
    coverage,
    layersRun: ran,
    // What each layer fed into the blend (a measurement with a zero blend weight measures nothing).
    measuredBy: Object.fromEntries(ran.map((l) => [l, composite.dimensions.filter((d) => d.layers[l] !== void 0).map((d) => d.name)])),
    antiPatterns: input.antiPatterns,
    gaps: measurement.gaps.length
  });
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    tool: { name: "plugin-eval", version: VERSION },
    target: input.target,
    methodology: input.methodology,
    depth: input.depth,
    layersRequested: [...DEPTH_PLAN[input.depth].layers],
    layersRun: ran,
    layersNotRun: input.layersNotRun,
    composite: {
      score: score2,
      rawScore: composite.rawScore,
      penalty: input.penalty,
      badge: badgeDecision.badge,
      confidenceLabel: confidenceLabel(input.depth, ran),
      ciLow: composite.ciLow,
      ciHigh: composite.ciHigh,
      elo,
      coverage,
      badgeDecision
    },
    measurement,
    dimensions: composite.dimensions,
    layers: input.layers.map((l) => ({
      name: l.name,
      score: l.score,
      durationMs: l.durationMs,
      dimensionsMeasured: Object.keys(l.measurements),
      subScores: l.subScores,
      antiPatterns: l.antiPatterns,
      ...l.usage ? { usage: l.usage } : {},
      ...notesOf(l),
      ...l.judges !== void 0 ? { judges: l.judges } : {},
      ...l.kappa !== void 0 ? { kappa: l.kappa } : {}
    })),
    antiPatterns: input.antiPatterns,
    usage: totalUsage(input.layers),
    // A plugin's judge layer is a mean over its skills and carries no suggestion of its own.
    tips: rankTips([...input.tips ?? [], ...input.target.kind === "skill" ? judgeTips(composite.dimensions, input.layers, input.penalty, { kind: "skill", path: input.target.path }) : []]),
    ...input.components ? { components: input.components } : {},
    diagnostics: input.diagnostics,
    durationMs: input.durationMs
  };
}

// src/score/layer-anti-patterns.ts
var norm = (text) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " ").trim();
function mergeLayerAntiPatterns(methodology, fromStatic, otherLayers) {
  if (methodology === "compat") return [...fromStatic];
  const merged = [...fromStatic];
  for (const found of otherLayers.flatMap((l) => l.antiPatterns)) {
    const quote = /"([^"]*)"/.exec(found.description)?.[1];
    const duplicate = quote !== void 0 && norm(quote) !== "" && merged.some((a) => a.flag === found.flag && norm(a.description).includes(norm(quote)));
    if (!duplicate) merged.push(found);
  }
  return merged;
}

// src/api/score-common.ts
function layersNotRun(depth, judgeAvailable) {
  const reasons = {
    judge: judgeAvailable ? void 0 : "the LLM judge layer needs a model provider and none was given; dimensions it measures stay unmeasured",
    monte_carlo: "the Monte Carlo layer (real agent runs) is not available in this version of plugin-eval; dimensions it measures stay unmeasured"
  };
  return DEPTH_PLAN[depth].layers.filter((l) => l !== "static" && reasons[l] !== void 0).map((name) => ({ name, reason: reasons[name] }));
}
function wantsJudge(depth, judge) {
  return judge !== void 0 && DEPTH_PLAN[depth].layers.includes("judge");
}
async function judgeLayerFor(skill, judge, signal) {
  const { runJudgeLayer } = await import("./judge-3LUXIJ7D.js");
  const layer = await runJudgeLayer(skill, {
    provider: judge.provider,
    model: judge.model,
    ...judge.judgeModels ? { judgeModels: judge.judgeModels } : {},
    ...judge.judges ? { judges: judge.judges } : {},
    ...judge.budgetTokens ? { budgetTokens: judge.budgetTokens } : {},
    ...signal ? { signal } : {}
  });
  if (layer.usage && judge.description) layer.usage = { ...layer.usage, provider: judge.description };
  return layer;
}
function findingsAsDiagnostics(findings, file) {
  return findings.map((f) => diagnostic(f.file ?? file, f.ruleId, f.severity, f.message, f.line ?? 0, f.column ?? 0));
}
function skillName(skill, methodology) {
  return methodology === "compat" ? compatView(skill).name : skill.name ?? skill.dirName;
}

// src/api/score-plugin.ts
function averageJudgeLayers(judged) {
  const measurements = {};
  const unmeasured = {};
  const failed = {};
  const layers = judged.map((j) => j.layer);
  const dims = new Set(layers.flatMap((l) => [...Object.keys(l.measurements), ...Object.keys(l.unmeasured)]));
  for (const d of dims) {
    const got = judged.filter((j) => j.layer.measurements[d] !== void 0);
    const failures = judged.filter((j) => j.layer.failed?.[d] !== void 0).map((j) => `${j.skill}: ${j.layer.failed?.[d]}`);
    const notApplicable = judged.filter((j) => j.layer.measurements[d] === void 0 && j.layer.failed?.[d] === void 0).map((j) => `${j.skill}: ${j.layer.unmeasured[d] ?? "not measured"}`);
    const coverage = [
      `${got.length} of ${judged.length} skill${judged.length === 1 ? "" : "s"}`,
      ...failures.length > 0 ? [`not measured for ${failures.join("; ")}`] : [],
      ...notApplicable.length > 0 ? [`not applicable for ${notApplicable.join("; ")}`] : []
    ].join("; ");
    if (failures.length > 0) failed[d] = coverage;
    if (got.length === 0) {
      unmeasured[d] = judged.length === 1 ? layers[0]?.unmeasured[d] ?? "not measured" : coverage;
      continue;
    }
    const scores = got.map((j) => j.layer.measurements[d].score);
    measurements[d] = { score: scores.reduce((a, b) => a + b, 0) / scores.length, evidence: [`mean over ${coverage}`] };
  }
  const usage = totalUsage(layers);
  return {
    name: "judge",
    score: layers.reduce((a, l) => a + l.score, 0) / Math.max(1, layers.length),
    durationMs: layers.reduce((a, l) => a + l.durationMs, 0),
    measurements,
    unmeasured,
    failed,
    antiPatterns: layers.flatMap((l) => l.antiPatterns),
    subScores: {},
    ...usage ? { usage } : {},
    notes: layers.flatMap((l) => l.notes ?? [])
  };
}
async function scorePlugin(plugin, options = {}) {
  const depth = options.depth ?? "quick";
  if (!wantsJudge(depth, options.judge) || plugin.skills.length === 0) return scorePluginWithLayers(plugin, options, []);
  const judge = options.judge;
  const judged = await Promise.all(plugin.skills.map(async (skill) => {
    const layer = await judgeLayerFor(skill, judge, options.signal);
    return { skill: skillName(skill, options.methodology ?? "default"), layer: { ...layer, antiPatterns: layer.antiPatterns.map((a) => ({ ...a, file: a.file ?? skill.file })) } };
  }));
  return scorePluginWithLayers(plugin, options, [averageJudgeLayers(judged)]);
}
function pluginStaticLayer(skillLayers, parts, methodology) {
  const { agents, commands } = parts;
  const antiPatterns = skillLayers.flatMap((l) => l.antiPatterns);
  const penalty = antiPatternPenalty(antiPatterns.length);
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const layer = { name: "static", score: 0, durationMs: 0, measurements: {}, unmeasured: {}, antiPatterns, subScores: {} };
  if (methodology === "compat") {
    const values = [...skillLayers.map((l) => l.score), ...agents.map((a) => a.outcome.score)];
    const value = values.length > 0 ? mean(values) : 0.5;
    layer.score = value;
    for (const sub of SUB_SCORES) {
      const dim = SUB_SCORE_TO_DIMENSION[sub];
      if (dim) layer.measurements[dim] = { score: value, evidence: [`mean of ${skillLayers.length} skill and ${agents.length} agent score(s)`] };
    }
    return { layer, penalty };
  }
  for (const sub of SUB_SCORES) {
    const dim = SUB_SCORE_TO_DIMENSION[sub];
    const named = skillLayers.map((l, i) => ({ name: parts.skillNames[i] ?? `skill ${i + 1}`, value: l.subScores[sub]?.score ?? 0 }));
    if (dim === "triggering_accuracy") {
      named.push(...agents.map((a) => ({ name: `agent ${a.agent.stem}`, value: a.outcome.score })), ...commands.map((c) => ({ name: `command ${c.command.stem}`, value: c.outcome.score })));
    }
    if (named.length === 0) continue;
    const value = mean(named.map((n) => n.value));
    const evidence = [componentMean(named)];
    layer.subScores[sub] = { score: value, evidence };
    if (dim) layer.measurements[dim] = { score: value, evidence };
  }
  layer.score = skillLayers.length > 0 ? mean(skillLayers.map((l) => l.rawScore)) * penalty : 0;
  return { layer, penalty };
}
function componentMean(named) {
  const shown = named.slice(0, 12).map((n) => `${n.name} ${n.value.toFixed(2)}`);
  const more = named.length > shown.length ? `, and ${named.length - shown.length} more` : "";
  return `mean over ${named.length} component${named.length === 1 ? "" : "s"}: ${shown.join(", ")}${more}`;
}
function scorePluginWithLayers(plugin, options, extraLayers) {
  const started = performance.now();
  const methodology = options.methodology ?? "default";
  const depth = options.depth ?? "quick";
  const checks = COMPONENT_CHECKS[methodology];
  const skillLayers = plugin.skills.map((skill) => {
    const layer2 = runStaticLayer(skill, methodology);
    return { skill, layer: { ...layer2, antiPatterns: layer2.antiPatterns.map((a) => ({ ...a, file: a.file ?? skill.file })) } };
  });
  const parts = {
    skillNames: skillLayers.map(({ skill }) => skillName(skill, methodology)),
    agents: plugin.agents.map((agent) => ({ agent, outcome: checks.agent.run(agent) })),
    commands: checks.command ? plugin.commands.map((command) => ({ command, outcome: checks.command.run(command) })) : []
  };
  const { agents, commands } = parts;
  const { layer, penalty: staticPenalty } = pluginStaticLayer(skillLayers.map((s) => s.layer), parts, methodology);
  const antiPatterns = mergeLayerAntiPatterns(methodology, layer.antiPatterns, extraLayers);
  const penalty = antiPatterns.length === layer.antiPatterns.length ? staticPenalty : antiPatternPenalty(antiPatterns.length);
  const diagnostics = [
    ...plugin.diagnostics,
    ...skillLayers.flatMap(({ skill, layer: l }) => [...skill.diagnostics, ...findingsAsDiagnostics(l.findings, skill.file)]),
    ...agents.flatMap(({ agent, outcome }) => [...agent.diagnostics, ...findingsAsDiagnostics(outcome.findings, agent.file)]),
    ...commands.flatMap(({ command, outcome }) => [...command.diagnostics, ...findingsAsDiagnostics(outcome.findings, command.file)])
  ];
  if (methodology !== "compat" && Object.keys(layer.measurements).length === 0) {
    diagnostics.push(diagnostic(plugin.displayPath, "plugin/empty", "warning", "plugin has no skills, agents or commands to score"));
  }
  layer.durationMs = performance.now() - started;
  const baseline = compositeOf([layer, ...extraLayers], staticPenalty, arithmeticFor(methodology));
  const tips = skillLayers.flatMap(({ skill, layer: own }, i) => {
    const rescore = (edited, reuse) => {
      const replaced = runStaticLayer(edited, methodology, reuse);
      const withFile = { ...replaced, antiPatterns: replaced.antiPatterns.map((a) => ({ ...a, file: a.file ?? skill.file })) };
      const next = pluginStaticLayer(skillLayers.map((s, j) => j === i ? withFile : s.layer), parts, methodology);
      const c = compositeOf([next.layer, ...extraLayers], next.penalty, arithmeticFor(methodology));
      return { score: c.score, dimensions: c.dimensions, antiPatterns: next.layer.antiPatterns };
    };
    return skillTips(skill, { kind: "skill", path: skill.displayPath }, { score: baseline.score, dimensions: baseline.dimensions, antiPatterns: layer.antiPatterns }, rescore, methodology === "compat" ? void 0 : own);
  });
  const scored = [...agents.map((a) => ({ component: a.agent, outcome: a.outcome })), ...commands.map((c) => ({ component: c.command, outcome: c.outcome }))];
  const skillStatic = skillLayers.map((s) => s.layer);
  const rescoreComponent = (index, edited) => {
    const outcome = (edited.kind === "agent" ? checks.agent : checks.command).run(edited);
    const replaced = {
      skillNames: parts.skillNames,
      agents: agents.map((a, j) => j === index ? { agent: edited, outcome } : a),
      commands: commands.map((c2, j) => j + agents.length === index ? { command: edited, outcome } : c2)
    };
    const next = pluginStaticLayer(skillStatic, replaced, methodology);
    const c = compositeOf([next.layer, ...extraLayers], next.penalty, arithmeticFor(methodology));
    return { score: c.score, dimensions: c.dimensions, antiPatterns: next.layer.antiPatterns };
  };
  tips.push(...componentTips(scored, { score: baseline.score, dimensions: baseline.dimensions, antiPatterns: layer.antiPatterns }, rescoreComponent));
  const components = [
    // Each skill's own composite, from the static layer already run above (not a second scoring pass).
    ...skillLayers.map(({ skill, layer: l }) => ({
      kind: "skill",
      name: skillName(skill, methodology),
      path: skill.displayPath,
      score: compositeOf([l], l.penalty, arithmeticFor(methodology)).score,
      staticScore: l.score,
      evidence: []
    })),
    ...agents.map(({ agent, outcome }) => ({ kind: "agent", name: agent.stem, path: agent.file, score: outcome.score, staticScore: outcome.score, evidence: outcome.evidence })),
    ...commands.map(({ command, outcome }) => ({ kind: "command", name: command.stem, path: command.file, score: outcome.score, staticScore: outcome.score, evidence: outcome.evidence }))
  ];
  return buildResult({
    target: { path: plugin.displayPath, kind: "plugin", name: plugin.name },
    methodology,
    depth,
    layers: [layer, ...extraLayers],
    layersNotRun: layersNotRun(depth, wantsJudge(depth, options.judge)),
    penalty,
    antiPatterns,
    diagnostics,
    components,
    tips,
    durationMs: performance.now() - started
  });
}

// src/api/score.ts
async function scoreSkill(skill, options = {}) {
  const depth = options.depth ?? "quick";
  const extra = wantsJudge(depth, options.judge) ? [await judgeLayerFor(skill, options.judge, options.signal)] : [];
  return scoreSkillWithLayers(skill, options, extra);
}
function scoreSkillWithLayers(skill, options, extraLayers) {
  const started = performance.now();
  const methodology = options.methodology ?? "default";
  const depth = options.depth ?? "quick";
  const staticLayer = runStaticLayer(skill, methodology);
  const compatMode = methodology === "compat";
  const diagnostics = [...skill.diagnostics, ...findingsAsDiagnostics(staticLayer.findings, skill.file)];
  const compat = compatMode ? compatView(skill) : void 0;
  const antiPatterns = mergeLayerAntiPatterns(methodology, staticLayer.antiPatterns, extraLayers);
  if (compat?.problem) {
    diagnostics.push(diagnostic(skill.file, "compat/frontmatter", "warning", `PluginEval 0.1.x reads this frontmatter as empty: ${compat.problem}`, 1, 1));
  }
  const baseline = compositeOf([staticLayer, ...extraLayers], staticLayer.penalty, arithmeticFor(methodology));
  const rescore = (edited, reuse) => {
    const layer = runStaticLayer(edited, methodology, reuse);
    const c = compositeOf([layer, ...extraLayers], layer.penalty, arithmeticFor(methodology));
    return { score: c.score, dimensions: c.dimensions, antiPatterns: layer.antiPatterns };
  };
  const tips = skillTips(
    skill,
    { kind: "skill", path: skill.displayPath },
    { score: baseline.score, dimensions: baseline.dimensions, antiPatterns: staticLayer.antiPatterns },
    rescore,
    compatMode ? void 0 : staticLayer
  );
  return buildResult({
    target: {
      path: skill.displayPath,
      kind: "skill",
      name: skillName(skill, methodology),
      lineCount: lineCount(compatMode ? skill.rawText : skill.text)
    },
    methodology,
    depth,
    layers: [staticLayer, ...extraLayers],
    layersNotRun: layersNotRun(depth, wantsJudge(depth, options.judge)),
    penalty: antiPatterns.length === staticLayer.antiPatterns.length ? staticLayer.penalty : antiPatternPenalty(antiPatterns.length),
    antiPatterns,
    diagnostics,
    tips,
    durationMs: performance.now() - started + extraLayers.reduce((a, l) => a + l.durationMs, 0)
  });
}
async function scoreTarget(target, options = {}, listings = /* @__PURE__ */ new Map()) {
  if (target.kind === "plugin") {
    return scorePlugin(await parsePlugin(target.dir, { displayPath: target.displayPath }), options);
  }
  const skillsDir = path8.dirname(target.dir);
  let siblings = listings.get(skillsDir);
  if (!siblings) listings.set(skillsDir, siblings = listPaths(skillsDir));
  const parsed = await parseSkill(target.dir, { displayPath: target.displayPath, context: { skillsDir, siblings: await siblings } });
  if (!parsed.ok) return { target, diagnostics: parsed.diagnostics };
  return scoreSkill(parsed.skill, options);
}
var DROPPED = { target: { kind: "skill", dir: "", displayPath: "" }, diagnostics: [] };
async function score(paths, options = {}) {
  if (paths.length === 0) throw new InputError("no path given");
  const { targets, diagnostics } = await discoverTargets(paths);
  const limit = pLimit(Math.max(1, options.jobs ?? 4));
  const listings = /* @__PURE__ */ new Map();
  let done = 0;
  const finished = new Array(targets.length);
  let nextToHand = 0;
  const handOver = () => {
    for (; nextToHand < targets.length && finished[nextToHand] !== void 0; nextToHand++) {
      const outcome = finished[nextToHand];
      if ("schemaVersion" in outcome) options.onResult?.(outcome);
      if (options.retainResults === false && "schemaVersion" in outcome) finished[nextToHand] = DROPPED;
    }
  };
  await Promise.all(
    targets.map(
      (target, i) => limit(async () => {
        options.signal?.throwIfAborted();
        const outcome = await scoreTarget(target, options, listings);
        options.onProgress?.(++done, targets.length, target);
        finished[i] = outcome;
        handOver();
      })
    )
  );
  const outcomes = finished.filter((o) => o !== DROPPED);
  const results = [];
  const failures = [];
  for (const o of outcomes) if (o) ("schemaVersion" in o ? results : failures).push(o);
  return { results, failures, diagnostics };
}

// src/reporters/layout.ts
var ELLIPSIS = "\u2026";
function fit(text, width) {
  if (width <= 0) return "";
  const line = text.replace(/\s*\r?\n\s*/g, " ");
  return line.length <= width ? line : `${line.slice(0, Math.max(0, width - 1))}${ELLIPSIS}`;
}
function fitLeft(text, width) {
  if (width <= 0) return "";
  const line = text.replace(/\s*\r?\n\s*/g, " ");
  return line.length <= width ? line : `${ELLIPSIS}${line.slice(line.length - (width - 1))}`;
}
function padEnd(text, width) {
  return text.length >= width ? text : text + " ".repeat(width - text.length);
}
function padStart(text, width) {
  return text.length >= width ? text : " ".repeat(width - text.length) + text;
}
function wrap(text, width, first = "", rest = first) {
  const words2 = text.split(/\s+/).filter((w) => w.length > 0);
  const lines = [];
  let prefix = first;
  let line = "";
  const room = () => Math.max(1, width - prefix.length);
  const flush = () => {
    lines.push(prefix + line);
    prefix = rest;
    line = "";
  };
  for (let word of words2) {
    if (line.length > 0 && line.length + 1 + word.length > room()) flush();
    while (word.length > room() && line.length === 0) {
      line = word.slice(0, room());
      word = word.slice(room());
      flush();
    }
    if (word.length === 0) continue;
    line = line.length > 0 ? `${line} ${word}` : word;
  }
  if (line.length > 0 || lines.length === 0) lines.push(prefix + line);
  return lines;
}

export {
  VERSION,
  REGISTRY,
  score,
  fit,
  fitLeft,
  padEnd,
  padStart,
  wrap
};
//# sourceMappingURL=chunk-KON36LWG.js.map
