import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  PLUGIN_MANIFEST_KEYS
} from "./chunk-ZJ3JHV56.js";
import {
  MAX_TEXT_BYTES,
  diagnostic,
  isInside,
  readJsonFile,
  readTextFile,
  walkFiles
} from "./chunk-CIIKNCXD.js";
import {
  InputError
} from "./chunk-KS2JGSJK.js";
import {
  __commonJS
} from "./chunk-KJFERDYH.js";

// ../../work/main/node_modules/picocolors/picocolors.js
var require_picocolors = __commonJS({
  "../../work/main/node_modules/picocolors/picocolors.js"(exports, module) {
    var p = process || {};
    var argv = p.argv || [];
    var env = p.env || {};
    var isColorSupported = !(!!env.NO_COLOR || argv.includes("--no-color")) && (!!env.FORCE_COLOR || argv.includes("--color") || p.platform === "win32" || (p.stdout || {}).isTTY && env.TERM !== "dumb" || !!env.CI);
    var formatter = (open, close, replace = open) => (input) => {
      let string = "" + input, index = string.indexOf(close, open.length);
      return ~index ? open + replaceClose(string, close, replace, index) + close : open + string + close;
    };
    var replaceClose = (string, close, replace, index) => {
      let result = "", cursor = 0;
      do {
        result += string.substring(cursor, index) + replace;
        cursor = index + close.length;
        index = string.indexOf(close, cursor);
      } while (~index);
      return result + string.substring(cursor);
    };
    var createColors = (enabled = isColorSupported) => {
      let f = enabled ? formatter : () => String;
      return {
        isColorSupported: enabled,
        reset: f("\x1B[0m", "\x1B[0m"),
        bold: f("\x1B[1m", "\x1B[22m", "\x1B[22m\x1B[1m"),
        dim: f("\x1B[2m", "\x1B[22m", "\x1B[22m\x1B[2m"),
        italic: f("\x1B[3m", "\x1B[23m"),
        underline: f("\x1B[4m", "\x1B[24m"),
        inverse: f("\x1B[7m", "\x1B[27m"),
        hidden: f("\x1B[8m", "\x1B[28m"),
        strikethrough: f("\x1B[9m", "\x1B[29m"),
        black: f("\x1B[30m", "\x1B[39m"),
        red: f("\x1B[31m", "\x1B[39m"),
        green: f("\x1B[32m", "\x1B[39m"),
        yellow: f("\x1B[33m", "\x1B[39m"),
        blue: f("\x1B[34m", "\x1B[39m"),
        magenta: f("\x1B[35m", "\x1B[39m"),
        cyan: f("\x1B[36m", "\x1B[39m"),
        white: f("\x1B[37m", "\x1B[39m"),
        gray: f("\x1B[90m", "\x1B[39m"),
        bgBlack: f("\x1B[40m", "\x1B[49m"),
        bgRed: f("\x1B[41m", "\x1B[49m"),
        bgGreen: f("\x1B[42m", "\x1B[49m"),
        bgYellow: f("\x1B[43m", "\x1B[49m"),
        bgBlue: f("\x1B[44m", "\x1B[49m"),
        bgMagenta: f("\x1B[45m", "\x1B[49m"),
        bgCyan: f("\x1B[46m", "\x1B[49m"),
        bgWhite: f("\x1B[47m", "\x1B[49m"),
        blackBright: f("\x1B[90m", "\x1B[39m"),
        redBright: f("\x1B[91m", "\x1B[39m"),
        greenBright: f("\x1B[92m", "\x1B[39m"),
        yellowBright: f("\x1B[93m", "\x1B[39m"),
        blueBright: f("\x1B[94m", "\x1B[39m"),
        magentaBright: f("\x1B[95m", "\x1B[39m"),
        cyanBright: f("\x1B[96m", "\x1B[39m"),
        whiteBright: f("\x1B[97m", "\x1B[39m"),
        bgBlackBright: f("\x1B[100m", "\x1B[49m"),
        bgRedBright: f("\x1B[101m", "\x1B[49m"),
        bgGreenBright: f("\x1B[102m", "\x1B[49m"),
        bgYellowBright: f("\x1B[103m", "\x1B[49m"),
        bgBlueBright: f("\x1B[104m", "\x1B[49m"),
        bgMagentaBright: f("\x1B[105m", "\x1B[49m"),
        bgCyanBright: f("\x1B[106m", "\x1B[49m"),
        bgWhiteBright: f("\x1B[107m", "\x1B[49m")
      };
    };
    module.exports = createColors();
    module.exports.createColors = createColors;
  }
});

// src/parse/skill.ts
import { readdirSync } from "node:fs";
import path from "node:path";

// src/parse/frontmatter.ts
import { createRequire } from "node:module";

// src/parse/simple-yaml.ts
var KEY_LINE = /^([A-Za-z_][A-Za-z0-9_-]*):(?:[ ]+(.*?))?[ ]*$/;
var NOT_A_PLAIN_STRING = /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~)$|^[-+.0-9]|^[[\]{}&*!|>'"%@`#,?:~=<]/;
function parseSimpleYaml(text) {
  const data = {};
  const keyLines = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === "") continue;
    const m = KEY_LINE.exec(line);
    if (!m) return void 0;
    const key = m[1];
    const raw = m[2];
    if (raw === void 0 || raw === "" || key in data) return void 0;
    let value;
    if (raw.startsWith('"')) {
      if (raw.length < 2 || !raw.endsWith('"')) return void 0;
      value = raw.slice(1, -1);
      if (/["\\]/.test(value)) return void 0;
    } else if (raw.startsWith("'")) {
      if (raw.length < 2 || !raw.endsWith("'")) return void 0;
      const inner = raw.slice(1, -1);
      if (/'(?!')/.test(inner.replace(/''/g, ""))) return void 0;
      value = inner.replace(/''/g, "'");
    } else {
      if (NOT_A_PLAIN_STRING.test(raw) || raw.includes(": ") || raw.includes(" #") || raw.endsWith(":") || raw.includes("	")) return void 0;
      value = raw;
    }
    data[key] = value;
    keyLines[key] = i + 1;
  }
  return { data, keyLines };
}

// src/parse/frontmatter.ts
var requireCjs = createRequire(import.meta.url);
var yamlModule;
function yaml() {
  return yamlModule ??= requireCjs("yaml");
}
var MAX_FRONTMATTER_BYTES = 32 * 1024;
function tooLarge(yamlText) {
  if (yamlText.length <= MAX_FRONTMATTER_BYTES) return void 0;
  return `frontmatter is ${(yamlText.length / 1024).toFixed(0)} KiB; frontmatter over ${MAX_FRONTMATTER_BYTES / 1024} KiB is not parsed`;
}
function firstDuplicateKey(doc, isMap, isScalar, visit) {
  let duplicate;
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return void 0;
      const keys = /* @__PURE__ */ new Set();
      for (const item of map.items) {
        if (!isScalar(item.key)) continue;
        if (keys.has(item.key.value)) {
          duplicate = item.key;
          return visit.BREAK;
        }
        keys.add(item.key.value);
      }
      return void 0;
    }
  });
  return duplicate;
}
function parseFrontmatter(text, file) {
  const normalized = text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  const diagnostics = [];
  const none = (reason2) => ({
    present: false,
    data: void 0,
    keyLines: {},
    body: normalized,
    bodyStartLine: 1,
    diagnostics: reason2 ? [reason2] : []
  });
  const lineAt = (start) => {
    const end = normalized.indexOf("\n", start);
    return { text: normalized.slice(start, end === -1 ? normalized.length : end), next: end === -1 ? -1 : end + 1 };
  };
  const first = lineAt(0);
  if (first.text.trimEnd() !== "---") {
    return none(diagnostic(file, "frontmatter/missing", "error", "file must start with YAML frontmatter between `---` lines", 1, 1));
  }
  let close = -1;
  let yamlEnd = 0;
  let bodyStart = -1;
  for (let pos = first.next, i = 1; pos !== -1; i++) {
    const line = lineAt(pos);
    const l = line.text.trimEnd();
    if (l === "---" || l === "...") {
      close = i;
      yamlEnd = pos;
      bodyStart = line.next;
      break;
    }
    pos = line.next;
  }
  if (close === -1) {
    return none(diagnostic(file, "frontmatter/unclosed", "error", "frontmatter opened with `---` on line 1 is never closed", 1, 1));
  }
  const yamlText = normalized.slice(first.next, Math.max(first.next, yamlEnd - 1));
  const body = bodyStart === -1 ? "" : normalized.slice(bodyStart);
  const large = tooLarge(yamlText);
  if (large) {
    diagnostics.push(diagnostic(file, "frontmatter/too-large", "error", large, 1, 1));
    return { present: true, data: void 0, keyLines: {}, body, bodyStartLine: close + 2, diagnostics };
  }
  const simple = parseSimpleYaml(yamlText);
  if (simple) {
    const keyLines2 = Object.fromEntries(Object.entries(simple.keyLines).map(([k, l]) => [k, l + 1]));
    if (Object.keys(simple.data).length === 0) diagnostics.push(diagnostic(file, "frontmatter/empty", "error", "frontmatter is empty", 1, 1));
    return { present: true, data: simple.data, keyLines: keyLines2, body, bodyStartLine: close + 2, diagnostics };
  }
  const { LineCounter, parseDocument, isMap, isScalar, visit } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const keyLines = {};
  const unparsed = () => ({ present: true, data: void 0, keyLines, body, bodyStartLine: close + 2, diagnostics });
  if (doc.errors.length > 0) {
    for (const err of doc.errors.slice(0, 3)) {
      const pos = lineCounter.linePos(err.pos[0]);
      const firstLine = err.message.split("\n")[0] ?? err.message;
      diagnostics.push(diagnostic(file, "frontmatter/yaml-syntax", "error", `YAML syntax error: ${firstLine}`, pos.line + 1, pos.col));
    }
    return unparsed();
  }
  const duplicate = firstDuplicateKey(doc, isMap, isScalar, visit);
  if (duplicate) {
    const pos = lineCounter.linePos(duplicate.range?.[0] ?? 0);
    diagnostics.push(diagnostic(file, "frontmatter/yaml-syntax", "error", `YAML syntax error: Map keys must be unique (duplicate key "${String(duplicate.value)}")`, pos.line + 1, pos.col));
    return unparsed();
  }
  let value;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    diagnostics.push(diagnostic(file, "frontmatter/yaml-syntax", "error", `YAML cannot be expanded: ${err.message.split("\n")[0]}`, 2, 1));
    return unparsed();
  }
  if (value === null || value === void 0) {
    diagnostics.push(diagnostic(file, "frontmatter/empty", "error", "frontmatter is empty", 1, 1));
    return { present: true, data: {}, keyLines, body, bodyStartLine: close + 2, diagnostics };
  }
  if (typeof value !== "object" || Array.isArray(value)) {
    const kind = Array.isArray(value) ? "a list" : `a ${typeof value}`;
    diagnostics.push(diagnostic(file, "frontmatter/not-a-mapping", "error", `frontmatter must be a YAML mapping of keys to values, found ${kind}`, 2, 1));
    return { present: true, data: void 0, keyLines, body, bodyStartLine: close + 2, diagnostics };
  }
  if (isMap(doc.contents)) {
    for (const item of doc.contents.items) {
      if (isScalar(item.key) && item.key.range) {
        keyLines[String(item.key.value)] = lineCounter.linePos(item.key.range[0]).line + 1;
      }
    }
  }
  return { present: true, data: value, keyLines, body, bodyStartLine: close + 2, diagnostics };
}
function compatFrontmatter(rawText) {
  if (!rawText.startsWith("---")) return { data: {}, body: rawText, problem: void 0 };
  const first = rawText.indexOf("---");
  const second = rawText.indexOf("---", first + 3);
  if (second === -1) return { data: {}, body: rawText, problem: "frontmatter is never closed" };
  const yamlText = rawText.slice(first + 3, second);
  const body = rawText.slice(second + 3);
  const large = tooLarge(yamlText);
  if (large) return { data: {}, body, problem: large };
  const simple = parseSimpleYaml(yamlText);
  if (simple) return { data: simple.data, body, problem: void 0 };
  if (lastCompatYaml?.yamlText === yamlText) return { ...lastCompatYaml.parsed, body };
  const parsed = compatYamlData(yamlText);
  lastCompatYaml = { yamlText, parsed };
  return { ...parsed, body };
}
var lastCompatYaml;
function compatYamlData(yamlText) {
  let value;
  try {
    value = yaml().parse(yamlText, { version: "1.1", prettyErrors: false, uniqueKeys: false, maxAliasCount: 100 });
  } catch (err) {
    return { data: {}, problem: `YAML error: ${err.message.split("\n")[0]}` };
  }
  if (value === null || value === void 0) return { data: {}, problem: void 0 };
  if (typeof value !== "object" || Array.isArray(value)) {
    return { data: {}, problem: "frontmatter is not a mapping (PluginEval 0.1.x crashes here)" };
  }
  return { data: value, problem: void 0 };
}

// src/parse/markdown.ts
var FENCE_OPEN = /^ {0,3}(?:[-*+]\s+|\d{1,9}[.)]\s+)?\s*(`{3,}|~{3,})\s*([^`\s]*)?.*$/;
var ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
var TABLE_DELIMITER = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
var SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
var LINK = /!?\[((?:[^\][]|\[[^\]]*\])*)\]\(\s*<?([^()\s<>]*(?:\([^()\s]*\)[^()\s<>]*)*)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g;
var DEFINITION = /^ {0,3}\[([^\]]+)\]:\s*(?:<([^<>\s]+)>|([^<\s]\S*))(?:\s+.*)?$/;
function codeSpans(line) {
  const runStart = [];
  const runLength = [];
  for (let i = line.indexOf("`"); i !== -1; i = line.indexOf("`", i)) {
    const start = i;
    while (i < line.length && line.charCodeAt(i) === 96) i++;
    runStart.push(start);
    runLength.push(i - start);
  }
  const runs = runStart.length;
  if (runs < 2) return [];
  const closer = new Int32Array(runs).fill(-1);
  const openerLength = new Int32Array(runs);
  const nearest = /* @__PURE__ */ new Map();
  for (let r = runs - 1; r >= 0; r--) {
    const len = runLength[r];
    for (let k = len; k >= 1; k--) {
      const c = nearest.get(k);
      if (c !== void 0) {
        closer[r] = c;
        openerLength[r] = k;
        break;
      }
    }
    nearest.set(len, r);
  }
  const spans = [];
  for (let r = 0; r < runs; ) {
    const c = closer[r];
    if (c === -1) {
      r++;
      continue;
    }
    const runEnd = runStart[r] + runLength[r];
    spans.push({ start: runEnd - openerLength[r], end: runStart[c] + runLength[c], content: line.slice(runEnd, runStart[c]) });
    r = c + 1;
  }
  return spans;
}
function blankCodeSpans(line, spans) {
  let out = "";
  let from = 0;
  for (const span of spans) {
    out += line.slice(from, span.start) + " ".repeat(span.end - span.start);
    from = span.end;
  }
  return out + line.slice(from);
}
function linkPath(url) {
  const target = url.split("#")[0].split("?")[0];
  if (target === "" || target.startsWith("//") || /^[a-z][a-z0-9+.-]*:/i.test(target)) return void 0;
  return target;
}
function tableCells(line) {
  const trimmed = line.trim().replace(/^\|/, "").replace(/\|$/, "");
  return trimmed.split(/(?<!\\)\|/).length;
}
function analyseMarkdown(body) {
  const lines = body.split("\n");
  const facts = {
    headings: [],
    codeBlocks: [],
    tables: [],
    links: [],
    inlineCode: [],
    root: { heading: void 0, startLine: 1, endLine: lines.length, children: [] },
    codeLines: /* @__PURE__ */ new Set(),
    fenceLines: /* @__PURE__ */ new Set(),
    proseLines: new Array(lines.length),
    lineCount: lines.length
  };
  let previousProse = "";
  let inTable = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const lineNo = i + 1;
    const fence = line.includes("```") || line.includes("~~~") ? FENCE_OPEN.exec(line) : null;
    if (fence) {
      const marker = fence[1];
      const info = (fence[2] ?? "").trim();
      if (!(marker[0] === "`" && /`/.test(line.slice(line.indexOf(marker) + marker.length)))) {
        const closeRe = new RegExp(`^\\s*${marker[0] === "`" ? "`" : "~"}{${marker.length},}\\s*$`);
        let j = i + 1;
        while (j < lines.length && !closeRe.test(lines[j])) j++;
        const closed = j < lines.length;
        const end = closed ? j : lines.length - 1;
        facts.codeBlocks.push({
          lang: info.replace(/[{}]/g, "").split(/[\s,]/)[0] ?? "",
          fenced: true,
          startLine: lineNo,
          endLine: end + 1,
          value: lines.slice(i + 1, closed ? j : lines.length).join("\n"),
          closed
        });
        facts.fenceLines.add(lineNo);
        if (closed) facts.fenceLines.add(end + 1);
        for (let k = i; k <= end; k++) {
          facts.codeLines.add(k + 1);
          facts.proseLines[k] = "";
        }
        i = end;
        previousProse = "";
        inTable = false;
        continue;
      }
    }
    facts.proseLines[i] = line;
    const atx = line.includes("#") ? ATX.exec(line) : null;
    if (atx) {
      facts.headings.push({ depth: atx[1].length, text: (atx[2] ?? "").trim(), line: lineNo, lines: 1 });
      previousProse = "";
      inTable = false;
      continue;
    }
    const lead = line.trimStart()[0];
    if ((lead === "=" || lead === "-") && previousProse.trim() !== "" && !inTable && SETEXT.test(line) && !/^\s*([-*+]|\d+[.)])\s/.test(previousProse)) {
      facts.headings.push({ depth: line.trim()[0] === "=" ? 1 : 2, text: previousProse.trim(), line: lineNo - 1, lines: 2 });
      previousProse = "";
      continue;
    }
    if (line.includes("|")) {
      if (inTable) {
        facts.tables[facts.tables.length - 1].rows++;
      } else if (previousProse.includes("|") && line.includes("-") && TABLE_DELIMITER.test(line) && tableCells(previousProse) === tableCells(line)) {
        facts.tables.push({ line: lineNo - 1, rows: 1, columns: tableCells(previousProse) });
        inTable = true;
      }
    } else {
      inTable = false;
    }
    const spans = line.includes("`") ? codeSpans(line) : [];
    for (const span of spans) facts.inlineCode.push({ value: span.content.trim(), line: lineNo });
    if (line.includes("](")) {
      const withoutCode = spans.length > 0 ? blankCodeSpans(line, spans) : line;
      LINK.lastIndex = 0;
      for (let m = LINK.exec(withoutCode); m; m = LINK.exec(withoutCode)) {
        facts.links.push({ url: m[2], path: linkPath(m[2]), text: m[1], line: lineNo, column: m.index + 1 });
      }
    }
    if (line.includes("]:")) {
      const def = DEFINITION.exec(line);
      const url = def?.[2] ?? def?.[3];
      if (def && url !== void 0) facts.links.push({ url, path: linkPath(url), text: def[1], line: lineNo, column: 1 });
    }
    previousProse = line;
  }
  buildSections(facts);
  return facts;
}
function buildSections(facts) {
  const stack = [facts.root];
  for (const heading of facts.headings) {
    while (stack.length > 1 && stack[stack.length - 1].heading.depth >= heading.depth) {
      stack.pop().endLine = heading.line - 1;
    }
    const section = { heading, startLine: heading.line, endLine: facts.lineCount, children: [] };
    stack[stack.length - 1].children.push(section);
    stack.push(section);
  }
}
function allSections(root) {
  const out = [];
  const visit = (s) => {
    if (s.heading) out.push(s);
    s.children.forEach(visit);
  };
  visit(root);
  return out;
}

// src/parse/references.ts
import * as fs from "node:fs";
function readRegularText(abs, maxBytes) {
  let fd;
  try {
    fd = fs.openSync(abs, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return void 0;
    const buffer = Buffer.alloc(stat.size);
    const read = fs.readSync(fd, buffer, 0, stat.size, 0);
    const bytes = buffer.subarray(0, read);
    if (bytes.subarray(0, 8e3).includes(0)) return void 0;
    return bytes.toString("utf8").replace(/^\uFEFF/, "");
  } catch {
    return void 0;
  } finally {
    if (fd !== void 0) fs.closeSync(fd);
  }
}
function readReferenceTexts(files, maxBytes = MAX_TEXT_BYTES) {
  const out = [];
  for (const file of files) {
    if (!file.rel.startsWith("references/") || file.binary || file.size > maxBytes) continue;
    const text = readRegularText(file.abs, maxBytes);
    if (text !== void 0) out.push({ rel: file.rel, text });
  }
  return out;
}

// src/parse/skill.ts
async function listPaths(dir, depth = 4) {
  const out = /* @__PURE__ */ new Set();
  const visit = async (abs, rel, level) => {
    if (level > depth) return;
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.name === "node_modules" || e.name === ".git") continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      out.add(r);
      if (e.isDirectory()) await visit(path.join(abs, e.name), r, level + 1);
    }
  };
  await visit(dir, "", 1);
  return out;
}
async function listAgents(pluginRoot) {
  if (!pluginRoot) return [];
  try {
    return readdirSync(path.join(pluginRoot, "agents")).filter((n) => n.endsWith(".md")).map((n) => n.slice(0, -3));
  } catch {
    return [];
  }
}
var SKILL_FILE_NAMES = ["SKILL.md", "skill.md"];
async function findSkillFile(dir) {
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return void 0;
  }
  return SKILL_FILE_NAMES.find((n) => names.includes(n));
}
async function parseSkill(dir, options = {}) {
  const abs = path.resolve(dir);
  const displayPath = options.displayPath ?? dir;
  const fileName = await findSkillFile(abs);
  if (!fileName) {
    return { ok: false, diagnostics: [diagnostic(displayPath, "skill/missing-skill-md", "error", "no SKILL.md in this folder")] };
  }
  const file = `${displayPath}/${fileName}`;
  const read = await readTextFile(path.join(abs, fileName), file, void 0, abs);
  if (!read.ok) return { ok: false, diagnostics: [read.diagnostic] };
  const { text, rawText, bytes } = read.file;
  const diagnostics = [...read.file.diagnostics];
  if (fileName === "skill.md") {
    diagnostics.push(diagnostic(file, "skill/lowercase-file-name", "info", "skill.md is accepted; SKILL.md is the conventional name"));
  }
  const frontmatter = parseFrontmatter(text, file);
  diagnostics.push(...frontmatter.diagnostics);
  const data = frontmatter.data ?? {};
  const name = typeof data.name === "string" ? data.name : void 0;
  const description = typeof data.description === "string" ? data.description : "";
  const walk = await walkFiles(abs, displayPath, { sniff: (rel) => rel.startsWith("references/") || rel.startsWith("assets/") });
  const hasReferencesDir = walk.dirs.includes("references");
  const hasAssetsDir = walk.dirs.includes("assets");
  diagnostics.push(...walk.diagnostics);
  const skillsDir = options.context?.skillsDir ?? path.dirname(abs);
  const pluginRoot = options.context?.pluginRoot;
  const context = {
    skillsDir,
    pluginRoot,
    siblings: options.context?.siblings ?? await listPaths(skillsDir),
    agents: options.context?.agents ?? await listAgents(pluginRoot)
  };
  let markdown;
  let references;
  const skill = {
    kind: "skill",
    dir: abs,
    displayPath,
    dirName: path.basename(abs),
    file,
    fileName,
    bytes,
    text,
    rawText,
    frontmatter,
    name,
    description,
    body: frontmatter.body,
    bodyStartLine: frontmatter.bodyStartLine,
    // Built on first use: the compat methodology never reads the Markdown tree.
    get markdown() {
      return markdown ??= analyseMarkdown(frontmatter.body);
    },
    get references() {
      return references ??= readReferenceTexts(walk.files);
    },
    files: walk.files,
    dirs: walk.dirs,
    hasReferencesDir,
    hasAssetsDir,
    context,
    diagnostics
  };
  return { ok: true, skill };
}
var pathIndexes = /* @__PURE__ */ new WeakMap();
function pathIndex(skill) {
  const hit = pathIndexes.get(skill);
  if (hit) return hit;
  const dirsWithFiles = /* @__PURE__ */ new Set();
  for (const f of skill.files) {
    for (let slash = f.rel.lastIndexOf("/"); slash > 0; slash = f.rel.lastIndexOf("/", slash - 1)) {
      const dir = f.rel.slice(0, slash);
      if (dirsWithFiles.has(dir)) break;
      dirsWithFiles.add(dir);
    }
  }
  const index = { files: new Set(skill.files.map((f) => f.rel)), dirs: new Set(skill.dirs), dirsWithFiles };
  pathIndexes.set(skill, index);
  return index;
}
function topLevelFiles(skill, folder) {
  const prefix = `${folder}/`;
  return skill.files.filter((f) => f.rel.startsWith(prefix) && !f.rel.slice(prefix.length).includes("/"));
}
function filesUnder(skill, folder) {
  const prefix = `${folder}/`;
  return skill.files.filter((f) => f.rel.startsWith(prefix));
}
function fileLine(skill, bodyLine) {
  return bodyLine + skill.bodyStartLine - 1;
}

// src/parse/discover.ts
import { promises as fsp } from "node:fs";
import path3 from "node:path";

// src/parse/marketplace.ts
import { existsSync, statSync } from "node:fs";
import path2 from "node:path";
function describeRemote(source) {
  if (typeof source === "string") return `remote source ${source}`;
  const s = source;
  const where = [s.repo, s.url, s.package].find((v) => typeof v === "string");
  return `remote source (${String(s.source)}${where ? ` ${String(where)}` : ""})`;
}
async function readMarketplace(dir, displayPath) {
  const abs = path2.join(dir, ".claude-plugin", "marketplace.json");
  if (!existsSync(abs)) return void 0;
  const file = `${displayPath}/.claude-plugin/marketplace.json`;
  const { MarketplaceManifest } = await import("./manifests-CFEEVRA6.js");
  const m = await readJsonFile(abs, file, MarketplaceManifest, "marketplace/schema", dir);
  const diagnostics = [...m.diagnostics];
  const localPlugins = [];
  if (m.ok) {
    const pluginRoot = m.value.metadata?.pluginRoot ?? ".";
    const names = /* @__PURE__ */ new Set();
    for (const entry of m.value.plugins) {
      if (names.has(entry.name)) diagnostics.push(diagnostic(file, "marketplace/duplicate-plugin", "error", `plugin "${entry.name}" is listed twice`));
      names.add(entry.name);
      const source = typeof entry.source === "string" ? entry.source : void 0;
      if (!source || !/^\.{1,2}\//.test(source)) {
        diagnostics.push(diagnostic(file, "marketplace/remote-source", "warning", `plugin "${entry.name}" not scored: ${describeRemote(entry.source)} is not fetched`));
        continue;
      }
      const pluginDir = path2.resolve(dir, pluginRoot, source);
      const isDir2 = statSync(pluginDir, { throwIfNoEntry: false })?.isDirectory() ?? false;
      if (!isDir2) {
        diagnostics.push(diagnostic(file, "marketplace/missing-source", "error", `plugin "${entry.name}" not scored: source ${source} does not exist`));
        continue;
      }
      localPlugins.push({ name: entry.name, dir: pluginDir });
    }
  }
  return { manifest: m.ok ? m.value : void 0, localPlugins, diagnostics };
}

// src/parse/discover.ts
var exists = (p) => fsp.stat(p).then(() => true, () => false);
var isDir = (p) => fsp.stat(p).then((s) => s.isDirectory(), () => false);
function display(abs, given, root) {
  if (abs === root) return given.replace(/\/+$/, "") || ".";
  return path3.join(given, path3.relative(root, abs)).split(path3.sep).join("/");
}
async function isPlugin(dir) {
  if (await exists(path3.join(dir, ".claude-plugin", "plugin.json"))) return true;
  if (!await isDir(path3.join(dir, ".claude-plugin"))) return false;
  return await isDir(path3.join(dir, "skills")) || await isDir(path3.join(dir, "agents"));
}
function reason(err) {
  const code = err.code;
  if (code === "ENOENT") return "no such file or directory";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  return `cannot access (${code ?? String(err)})`;
}
async function realKey(dir) {
  return fsp.realpath(dir).catch(() => dir);
}
async function discoverTargets(paths, options = {}) {
  const maxDepth = options.maxDepth ?? 8;
  const found = [];
  const diagnostics = [];
  const seen = /* @__PURE__ */ new Set();
  for (const given of paths) {
    let abs = path3.resolve(given);
    let stat;
    try {
      stat = await fsp.stat(abs);
    } catch (err) {
      throw new InputError(`${given}: ${reason(err)}`, given);
    }
    let givenDir = given;
    if (stat.isFile()) {
      if (!/^skill\.md$/i.test(path3.basename(abs))) throw new InputError(`${given}: expected a skill folder, SKILL.md, a plugin, a marketplace or a folder of skills`, given);
      abs = path3.dirname(abs);
      givenDir = path3.dirname(given);
    }
    let reached = 0;
    const add = async (t) => {
      reached++;
      const key = await realKey(t.dir);
      if (seen.has(key)) return;
      seen.add(key);
      found.push({ ...t, key });
    };
    const problems = diagnostics.length;
    await discoverIn(abs, givenDir, abs, maxDepth, 0, add, diagnostics);
    if (reached === 0) {
      const denied = diagnostics.slice(problems).find((d) => d.message === "permission denied");
      if (denied) throw new InputError(`${denied.file}: permission denied`, given);
      throw new InputError(`${given}: no SKILL.md, plugin or marketplace found here (searched ${maxDepth} levels deep)`, given);
    }
  }
  const plugins = new Map(found.filter((t) => t.kind === "plugin").map((t) => [t.key, t]));
  const owningPlugin = (key) => {
    for (let dir = path3.dirname(key); dir !== path3.dirname(dir); dir = path3.dirname(dir)) {
      const plugin = plugins.get(dir);
      if (plugin) return plugin;
    }
    return void 0;
  };
  const targets = [];
  for (const { key, ...t } of found) {
    const owner = t.kind === "skill" && plugins.size > 0 ? owningPlugin(key) : void 0;
    if (owner) {
      diagnostics.push(diagnostic(t.displayPath, "input/merged", "info", `scored as part of plugin ${owner.displayPath}`));
      continue;
    }
    targets.push(t);
  }
  return { targets, diagnostics };
}
async function discoverIn(dir, given, root, maxDepth, depth, add, diagnostics) {
  const shown = display(dir, given, root);
  if (await findSkillFile(dir)) {
    await add({ kind: "skill", dir, displayPath: shown });
    return;
  }
  if (await isPlugin(dir)) {
    await add({ kind: "plugin", dir, displayPath: shown });
    return;
  }
  const marketplace = await readMarketplace(dir, shown);
  if (marketplace) {
    diagnostics.push(...marketplace.diagnostics);
    if (marketplace.manifest) {
      for (const { name, dir: pluginDir } of marketplace.localPlugins) {
        if (pluginDir === dir || await isPlugin(pluginDir)) {
          await add({ kind: "plugin", dir: pluginDir, displayPath: display(pluginDir, given, root) });
          continue;
        }
        let reached = false;
        await discoverIn(pluginDir, given, root, maxDepth, depth + 1, async (t) => {
          reached = true;
          await add(t);
        }, diagnostics);
        if (!reached) {
          diagnostics.push(diagnostic(`${shown}/.claude-plugin/marketplace.json`, "marketplace/empty-source", "warning", `plugin "${name}" not scored: ${display(pluginDir, given, root)} holds no plugin or skill`));
        }
      }
      return;
    }
  }
  if (depth >= maxDepth) return;
  let entries;
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch (err) {
    diagnostics.push(diagnostic(shown, "file/unreadable", "error", reason(err)));
    return;
  }
  entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  for (const e of entries) {
    if (!e.isDirectory() || e.name.startsWith(".") || e.name === "node_modules") continue;
    await discoverIn(path3.join(dir, e.name), given, root, maxDepth, depth + 1, add, diagnostics);
  }
}

// src/parse/plugin.ts
import { promises as fsp2, realpathSync } from "node:fs";
import path4 from "node:path";
async function listDir(abs) {
  try {
    const entries = await fsp2.readdir(abs, { withFileTypes: true });
    return entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  } catch {
    return [];
  }
}
var exists2 = (p) => fsp2.stat(p).then(() => true, () => false);
function linksInside(link, root) {
  try {
    return isInside(realpathSync(link), realpathSync(root));
  } catch {
    return true;
  }
}
async function parseMarkdownComponent(abs, file, kind, within) {
  const read = await readTextFile(abs, file, void 0, within);
  if (!read.ok) return read.diagnostic;
  return markdownComponentFromText(read.file.text, { abs, file, kind }, read.file.diagnostics);
}
function markdownComponentFromText(text, where, readDiagnostics = []) {
  const { abs, file, kind } = where;
  const frontmatter = parseFrontmatter(text, file);
  return {
    kind,
    file,
    abs,
    stem: path4.basename(abs, ".md"),
    text,
    frontmatter,
    data: frontmatter.data ?? {},
    body: frontmatter.body,
    markdown: analyseMarkdown(frontmatter.body),
    diagnostics: [...readDiagnostics, ...frontmatter.diagnostics.filter((d) => kind === "agent" || d.ruleId !== "frontmatter/missing")]
  };
}
async function parsePlugin(dir, options = {}) {
  const abs = path4.resolve(dir);
  const displayPath = options.displayPath ?? dir;
  const rel = (p) => `${displayPath}/${p}`;
  const diagnostics = [];
  const { HooksFile, McpFile, PluginManifest } = await import("./manifests-CFEEVRA6.js");
  const hasManifestDir = await exists2(path4.join(abs, ".claude-plugin"));
  let manifest;
  const manifestPath = path4.join(abs, ".claude-plugin", "plugin.json");
  if (await exists2(manifestPath)) {
    const m = await readJsonFile(manifestPath, rel(".claude-plugin/plugin.json"), PluginManifest, "plugin/manifest-schema", abs);
    diagnostics.push(...m.diagnostics);
    if (m.ok) {
      manifest = m.value;
      for (const key of Object.keys(m.value)) {
        if (!PLUGIN_MANIFEST_KEYS.has(key)) {
          diagnostics.push(diagnostic(rel(".claude-plugin/plugin.json"), "plugin/manifest-unknown-key", "warning", `unknown key "${key}"`));
        }
      }
    }
  }
  const marketplace = await readMarketplace(abs, displayPath);
  if (marketplace) diagnostics.push(...marketplace.diagnostics);
  const skills = [];
  const skillsDir = path4.join(abs, "skills");
  const [siblings, agentNames] = await Promise.all([listPaths(skillsDir), listAgents(abs)]);
  for (const entry of await listDir(skillsDir)) {
    if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
    const skillDir = path4.join(skillsDir, entry.name);
    if (entry.isSymbolicLink() && !linksInside(skillDir, abs)) {
      diagnostics.push(diagnostic(rel(`skills/${entry.name}`), "file/symlink-escapes", "warning", "symlink points outside the plugin folder; not followed"));
      continue;
    }
    if (!await findSkillFile(skillDir)) continue;
    const parsed = await parseSkill(skillDir, { displayPath: rel(`skills/${entry.name}`), context: { skillsDir, pluginRoot: abs, siblings, agents: agentNames } });
    if (parsed.ok) skills.push(parsed.skill);
    else diagnostics.push(...parsed.diagnostics);
  }
  const components = async (folder, kind) => {
    const out = [];
    for (const entry of await listDir(path4.join(abs, folder))) {
      if (!entry.name.endsWith(".md") || entry.isDirectory()) continue;
      const c = await parseMarkdownComponent(path4.join(abs, folder, entry.name), rel(`${folder}/${entry.name}`), kind, abs);
      if ("kind" in c) out.push(c);
      else diagnostics.push(c);
    }
    return out;
  };
  const agents = await components("agents", "agent");
  const commands = await components("commands", "command");
  let hooks;
  const hooksPath = path4.join(abs, "hooks", "hooks.json");
  const hasHooksFile = await exists2(hooksPath);
  if (hasHooksFile) {
    const h = await readJsonFile(hooksPath, rel("hooks/hooks.json"), HooksFile, "hooks/schema", abs);
    diagnostics.push(...h.diagnostics);
    if (h.ok) hooks = h.value;
  }
  const mcpPath = path4.join(abs, ".mcp.json");
  if (await exists2(mcpPath)) {
    const m = await readJsonFile(mcpPath, rel(".mcp.json"), McpFile, "mcp/schema", abs);
    diagnostics.push(...m.diagnostics);
  }
  return {
    kind: "plugin",
    dir: abs,
    displayPath,
    dirName: path4.basename(abs),
    name: manifest?.name ?? path4.basename(abs),
    hasManifestDir,
    manifest,
    skills,
    agents,
    commands,
    hooks,
    hasHooksFile,
    diagnostics
  };
}

// src/util/paths.ts
function normaliseRelative(url) {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
  }
  const out = [];
  for (const part of decoded.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === ".." && out.length > 0 && out[out.length - 1] !== "..") out.pop();
    else out.push(part);
  }
  return out.join("/");
}

export {
  parseFrontmatter,
  compatFrontmatter,
  analyseMarkdown,
  allSections,
  listPaths,
  parseSkill,
  pathIndex,
  topLevelFiles,
  filesUnder,
  fileLine,
  normaliseRelative,
  discoverTargets,
  markdownComponentFromText,
  parsePlugin,
  require_picocolors
};
//# sourceMappingURL=chunk-B4F6H7IR.js.map
