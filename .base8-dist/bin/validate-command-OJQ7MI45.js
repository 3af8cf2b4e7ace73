import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  formatDiagnostic
} from "./chunk-DDMDZQLC.js";
import {
  discoverTargets,
  fileLine,
  normaliseRelative,
  parsePlugin,
  parseSkill,
  pathIndex,
  require_picocolors
} from "./chunk-B4F6H7IR.js";
import {
  EXIT
} from "./chunk-XRROTI23.js";
import {
  CLAUDE_CODE_SKILL_KEYS,
  HOOK_EVENTS,
  KEBAB_NAME,
  SPEC_SKILL_KEYS
} from "./chunk-ZJ3JHV56.js";
import {
  injectionAttemptRule
} from "./chunk-CFBCDDRL.js";
import {
  diagnostic
} from "./chunk-CIIKNCXD.js";
import "./chunk-W5GF6CLU.js";
import "./chunk-KS2JGSJK.js";
import {
  __toESM
} from "./chunk-KJFERDYH.js";

// src/cli/validate-command.ts
var import_picocolors = __toESM(require_picocolors(), 1);

// src/validate/plugin-structure.ts
import { promises as fsp } from "node:fs";
var KNOWN_EVENTS = new Set(HOOK_EVENTS);
var pluginStructure = {
  id: "plugin/structure",
  appliesTo: "plugin",
  description: "plugin.json present and valid; agents have name (equal to the file name) and description; commands have a description; hooks use known events.",
  check(plugin) {
    const out = [];
    if (!plugin.manifest && !plugin.diagnostics.some((d) => d.ruleId.startsWith("plugin/manifest") || d.ruleId === "json/syntax")) {
      out.push(diagnostic(`${plugin.displayPath}/.claude-plugin/plugin.json`, "plugin/manifest-missing", "warning", "no .claude-plugin/plugin.json; the folder name is used as the plugin name"));
    } else if (plugin.manifest && plugin.manifest.name !== plugin.dirName) {
      out.push(diagnostic(`${plugin.displayPath}/.claude-plugin/plugin.json`, "plugin/name-matches-directory", "info", `manifest name "${plugin.manifest.name}" differs from the folder name "${plugin.dirName}"`));
    }
    for (const agent of plugin.agents) {
      const d = agent.data;
      const line = (k) => agent.frontmatter.keyLines[k] ?? 1;
      if (!agent.frontmatter.data) continue;
      if (typeof d.name !== "string" || d.name === "") out.push(diagnostic(agent.file, "agent/name-required", "error", "agent frontmatter must have a `name`", 1, 1));
      else if (d.name !== agent.stem) out.push(diagnostic(agent.file, "agent/name-matches-file", "warning", `agent name "${d.name}" differs from the file name "${agent.stem}"`, line("name"), 1));
      if (typeof d.description !== "string" || d.description.trim() === "") out.push(diagnostic(agent.file, "agent/description-required", "error", "agent frontmatter must have a non-empty `description`", line("description"), 1));
      if (d.tools !== void 0 && typeof d.tools !== "string" && !Array.isArray(d.tools)) out.push(diagnostic(agent.file, "agent/tools-type", "error", "tools must be a string or a list of tool names", line("tools"), 1));
      if (d.model !== void 0 && !["inherit", "sonnet", "opus", "haiku"].includes(String(d.model)) && !/^claude-/.test(String(d.model))) {
        out.push(diagnostic(agent.file, "agent/model", "warning", `unknown model "${String(d.model)}" (expected inherit, sonnet, opus, haiku or a claude-* id)`, line("model"), 1));
      }
    }
    for (const command of plugin.commands) {
      if (command.frontmatter.present && typeof command.data.description !== "string") {
        out.push(diagnostic(command.file, "command/description", "warning", "command frontmatter has no `description` (shown in /help)", 1, 1));
      }
    }
    if (plugin.hooks) {
      for (const event of Object.keys(plugin.hooks.hooks)) {
        if (!KNOWN_EVENTS.has(event)) out.push(diagnostic(`${plugin.displayPath}/hooks/hooks.json`, "hooks/unknown-event", "warning", `unknown hook event "${event}" (known: ${HOOK_EVENTS.join(", ")})`));
      }
    }
    return out;
  }
};
async function hookScriptDiagnostics(plugin) {
  const out = [];
  if (!plugin.hooks) return out;
  for (const groups of Object.values(plugin.hooks.hooks)) {
    for (const group of groups) {
      for (const hook of group.hooks) {
        if (hook.type !== "command") continue;
        for (const m of String(hook.command).matchAll(/\$\{CLAUDE_PLUGIN_ROOT\}\/([^\s"']+)/g)) {
          const rel = m[1];
          const ok = await fsp.stat(`${plugin.dir}/${rel}`).then(() => true, () => false);
          if (!ok) out.push(diagnostic(`${plugin.displayPath}/hooks/hooks.json`, "hooks/missing-script", "warning", `hook command runs ${rel}, which does not exist in the plugin`));
        }
      }
    }
  }
  return out;
}

// src/validate/skill-files.ts
import path from "node:path";

// src/util/multi-search.ts
function occurringStrings(text, patterns) {
  const children = [/* @__PURE__ */ new Map()];
  const fail = [0];
  const ends = [[]];
  for (const p of new Set(patterns)) {
    if (p === "") continue;
    let node2 = 0;
    for (let i = 0; i < p.length; i++) {
      const c = p.charCodeAt(i);
      let next = children[node2].get(c);
      if (next === void 0) {
        next = children.length;
        children.push(/* @__PURE__ */ new Map());
        fail.push(0);
        ends.push([]);
        children[node2].set(c, next);
      }
      node2 = next;
    }
    ends[node2].push(p);
  }
  const queue = [...children[0].values()];
  for (let head = 0; head < queue.length; head++) {
    const node2 = queue[head];
    for (const [c, child] of children[node2]) {
      let f = fail[node2];
      while (f !== 0 && !children[f].has(c)) f = fail[f];
      const target = children[f].get(c);
      fail[child] = target !== void 0 && target !== child ? target : 0;
      queue.push(child);
    }
  }
  const found = /* @__PURE__ */ new Set();
  const reported = new Uint8Array(children.length);
  let node = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    while (node !== 0 && !children[node].has(c)) node = fail[node];
    node = children[node].get(c) ?? 0;
    for (let out = node; out !== 0 && reported[out] === 0; out = fail[out]) {
      reported[out] = 1;
      for (const p of ends[out]) found.add(p);
    }
  }
  return found;
}

// src/validate/skill-files.ts
var skillFiles = {
  id: "skill/files",
  appliesTo: "skill",
  description: "Relative links resolve and stay inside the skill folder; mentioned references/assets/scripts files exist; no orphan, empty or binary reference files; body under 500 lines.",
  check(skill) {
    const out = [];
    const { files: present, dirsWithFiles } = pathIndex(skill);
    const isDir = (rel) => dirsWithFiles.has(rel);
    const linked = /* @__PURE__ */ new Set();
    for (const link of skill.markdown.links) {
      const url = link.path;
      if (url === void 0) continue;
      const line = fileLine(skill, link.line);
      if (url.startsWith("/")) {
        out.push(diagnostic(skill.file, "links/absolute-path", "warning", `link to absolute path ${url} will not exist on other machines`, line, link.column));
        continue;
      }
      const target = normaliseRelative(url);
      if (target.startsWith("..")) {
        if (!/^\.\.\/(?:[a-z0-9-]+\/SKILL\.md|[a-z0-9-]+\/?$|(?:\.\.\/)?agents\/)/.test(url)) {
          out.push(diagnostic(skill.file, "links/escapes-skill", "warning", `link ${url} points outside the skill folder; it will break when the skill is installed on its own`, line, link.column));
        }
        continue;
      }
      linked.add(target);
      if (!present.has(target) && !isDir(target)) {
        out.push(diagnostic(skill.file, "links/broken", "error", `link target ${url} does not exist`, line, link.column));
      }
    }
    for (const code of skill.markdown.inlineCode) {
      const m = /^(?:\.\/)?((?:references|assets|scripts)\/[\w./-]+)$/.exec(code.value);
      if (!m) continue;
      const target = normaliseRelative(m[1]);
      linked.add(target);
      if (!present.has(target) && !isDir(target) && !/[*{}<>]|\/$/.test(m[1])) {
        out.push(diagnostic(skill.file, "files/missing", "warning", `mentions ${m[1]} but the file does not exist`, fileLine(skill, code.line), 1));
      }
    }
    const unlinked = skill.files.filter((f) => f.rel.startsWith("references/") && !linked.has(f.rel));
    const mentioned = occurringStrings(skill.text, unlinked.map((f) => path.posix.basename(f.rel)));
    for (const f of skill.files) {
      if (!f.rel.startsWith("references/")) continue;
      const file = path.posix.join(skill.displayPath, f.rel);
      if (f.size === 0 || f.blank) out.push(diagnostic(file, "references/empty-file", "warning", "empty reference file"));
      else if (f.binary) out.push(diagnostic(file, "references/binary-file", "warning", "binary file in references/ (agents read references as text)"));
      if (!linked.has(f.rel) && !mentioned.has(path.posix.basename(f.rel))) {
        out.push(diagnostic(file, "references/orphan-file", "warning", "not linked or mentioned from SKILL.md, so the agent will never load it"));
      }
      if (f.rel.split("/").length > 3) out.push(diagnostic(file, "references/nesting", "info", "reference files should be one level deep below references/"));
    }
    const bodyLines = skill.body.split("\n").length;
    if (bodyLines > 500) out.push(diagnostic(skill.file, "skill/body-length", "warning", `body is ${bodyLines} lines; the Agent Skills guidance is under 500 (move detail to references/)`, skill.bodyStartLine, 1));
    if (skill.frontmatter.present && /\r/.test(skill.text)) out.push(diagnostic(skill.file, "file/crlf", "info", "CRLF line endings (accepted)", 1, 1));
    return out;
  }
};

// src/validate/skill-frontmatter.ts
var skillFrontmatter = {
  id: "skill/frontmatter",
  appliesTo: "skill",
  description: "name (1-64, kebab-case, equals the folder), description (1-1024, no angle brackets), known keys, compatibility <= 500, metadata string map, allowed-tools string.",
  check(skill) {
    const out = [];
    const fm = skill.frontmatter;
    if (!fm.data) return out;
    const data = fm.data;
    const at = (key) => fm.keyLines[key] ?? 1;
    const err = (rule, key, message, severity = "error") => out.push(diagnostic(skill.file, rule, severity, message, at(key), 1));
    if (!("name" in data)) err("skill/name-required", "name", "frontmatter must have a `name`");
    else if (typeof data.name !== "string") err("skill/name-type", "name", `name must be a string, found ${typeof data.name}`);
    else {
      const name = data.name;
      if (name.length === 0 || name.length > 64) err("skill/name-length", "name", `name must be 1-64 characters, found ${name.length}`);
      if (!KEBAB_NAME.test(name)) err("skill/name-format", "name", `name "${name}" must be lowercase letters, digits and single hyphens, not starting or ending with a hyphen`);
      if (name !== skill.dirName) err("skill/name-matches-directory", "name", `name "${name}" must equal the folder name "${skill.dirName}"`);
    }
    if (!("description" in data)) err("skill/description-required", "description", "frontmatter must have a `description`");
    else if (typeof data.description !== "string") {
      const kind = Array.isArray(data.description) ? "a list" : data.description === null ? "empty" : `a ${typeof data.description}`;
      err("skill/description-type", "description", `description must be a string, found ${kind}`);
    } else {
      const d = data.description.trim();
      if (d.length === 0) err("skill/description-empty", "description", "description must not be empty");
      if (d.length > 1024) err("skill/description-length", "description", `description is ${d.length} characters; the limit is 1024`);
      if (/[<>]/.test(d)) err("skill/description-angle-brackets", "description", "description must not contain < or > (skill-creator rejects them)");
    }
    for (const key of Object.keys(data)) {
      if (SPEC_SKILL_KEYS.has(key)) continue;
      if (CLAUDE_CODE_SKILL_KEYS.has(key)) continue;
      err("skill/unknown-key", key, `unknown frontmatter key "${key}" (Agent Skills allows ${[...SPEC_SKILL_KEYS].join(", ")}; Claude Code adds ${[...CLAUDE_CODE_SKILL_KEYS].join(", ")})`, "warning");
    }
    if ("compatibility" in data) {
      if (typeof data.compatibility !== "string" || data.compatibility.length === 0 || data.compatibility.length > 500) {
        err("skill/compatibility", "compatibility", "compatibility must be a string of 1-500 characters");
      }
    }
    if ("metadata" in data) {
      const m = data.metadata;
      if (typeof m !== "object" || m === null || Array.isArray(m) || Object.values(m).some((v) => typeof v !== "string")) {
        err("skill/metadata", "metadata", "metadata must map strings to strings");
      }
    }
    if ("allowed-tools" in data && typeof data["allowed-tools"] !== "string") {
      err("skill/allowed-tools", "allowed-tools", "allowed-tools should be a space-separated string (the Agent Skills spec form)", "warning");
    }
    if ("license" in data && typeof data.license !== "string") err("skill/license", "license", "license must be a string");
    return out;
  }
};

// src/validate/injection.ts
var skillInjection = {
  id: "skill/injection-attempt",
  appliesTo: "skill",
  description: injectionAttemptRule.description,
  check(skill) {
    return injectionAttemptRule.find(skill).map((h) => diagnostic(h.file, "skill/injection-attempt", "error", injectionAttemptRule.describe(h), h.line, h.column));
  }
};

// src/validate/index.ts
var VALIDATION_RULES = [skillFrontmatter, skillFiles, skillInjection, pluginStructure];
function validateSkillDocument(skill) {
  const out = [...skill.diagnostics];
  for (const rule of VALIDATION_RULES) if (rule.appliesTo === "skill") out.push(...rule.check(skill));
  return out;
}
var SEVERITY_ORDER = { error: 0, warning: 1, info: 2 };
async function validate(paths) {
  const { targets, diagnostics } = await discoverTargets(paths);
  const out = [...diagnostics];
  for (const target of targets) {
    if (target.kind === "skill") {
      const parsed = await parseSkill(target.dir, { displayPath: target.displayPath });
      out.push(...parsed.ok ? validateSkillDocument(parsed.skill) : parsed.diagnostics);
    } else {
      const plugin = await parsePlugin(target.dir, { displayPath: target.displayPath });
      out.push(...plugin.diagnostics);
      for (const skill of plugin.skills) out.push(...validateSkillDocument(skill));
      for (const c of [...plugin.agents, ...plugin.commands]) out.push(...c.diagnostics);
      for (const rule of VALIDATION_RULES) if (rule.appliesTo === "plugin") out.push(...rule.check(plugin));
      out.push(...await hookScriptDiagnostics(plugin));
    }
  }
  const seen = /* @__PURE__ */ new Set();
  const unique = out.filter((d) => {
    const key = `${d.file}|${d.line}|${d.column}|${d.ruleId}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  unique.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return {
    targets: targets.length,
    diagnostics: unique,
    errors: unique.filter((d) => d.severity === "error").length,
    warnings: unique.filter((d) => d.severity === "warning").length
  };
}

// src/cli/validate-command.ts
async function runValidate(paths, flags, ui) {
  const report = await validate(paths);
  if (flags.output === "json") {
    ui.stdout(`${JSON.stringify(report, null, 2)}
`);
  } else {
    const shown = flags.quiet ? report.diagnostics.filter((d) => d.severity === "error") : report.diagnostics;
    const c = import_picocolors.default.createColors(ui.color);
    const lines = shown.map((d) => formatDiagnostic(d, ui.color));
    const summary = `${report.targets} target(s) checked: ${report.errors} error(s), ${report.warnings} warning(s)`;
    lines.push("", report.errors > 0 ? c.red(summary) : report.warnings > 0 ? c.yellow(summary) : c.green(summary));
    ui.stdout(`${lines.join("\n")}
`);
  }
  return report.errors > 0 ? EXIT.FAILED : EXIT.OK;
}
export {
  runValidate
};
//# sourceMappingURL=validate-command-OJQ7MI45.js.map
