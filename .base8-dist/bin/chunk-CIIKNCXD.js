import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);
import {
  positionAt
} from "./chunk-W5GF6CLU.js";

// src/parse/fs.ts
import { isUtf8 } from "node:buffer";
import * as fs from "node:fs";
import path from "node:path";

// src/model/diagnostic.ts
function diagnostic(file, ruleId, severity, message, line = 0, column = 0) {
  return { file, line, column, severity, ruleId, message };
}

// src/parse/fs.ts
var MAX_TEXT_BYTES = 4 * 1024 * 1024;
function describeFsError(err) {
  const code = err.code;
  switch (code) {
    case "ENOENT":
      return "file does not exist (or is a broken symlink)";
    case "EACCES":
    case "EPERM":
      return "permission denied";
    case "EISDIR":
      return "is a directory, expected a file";
    case "ELOOP":
      return "symlink loop";
    default:
      return code ? `cannot read (${code})` : `cannot read (${String(err)})`;
  }
}
function firstInvalidUtf8Line(buf) {
  let line = 1;
  for (let i = 0; i < buf.length; ) {
    const b = buf[i];
    if (b === 10) line++;
    let need;
    if (b < 128) need = 0;
    else if (b >= 194 && b <= 223) need = 1;
    else if (b >= 224 && b <= 239) need = 2;
    else if (b >= 240 && b <= 244) need = 3;
    else return line;
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === void 0 || (c & 192) !== 128) return line;
    }
    i += need + 1;
  }
  return 0;
}
function looksBinary(buf) {
  return buf.subarray(0, 8e3).includes(0);
}
async function readTextFile(absPath, displayPath, maxBytes = MAX_TEXT_BYTES, within) {
  let buf;
  try {
    const real = fs.realpathSync(absPath);
    if (within !== void 0 && !isInside(real, fs.realpathSync(within))) {
      return { ok: false, diagnostic: diagnostic(displayPath, "file/symlink-escapes", "error", `symlink points outside ${path.basename(within) || within}; not followed`) };
    }
    const fd = fs.openSync(real, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
    try {
      const stat = fs.fstatSync(fd);
      if (!stat.isFile()) {
        return { ok: false, diagnostic: diagnostic(displayPath, "file/unreadable", "error", stat.isDirectory() ? "is a directory, expected a file" : "not a regular file (a FIFO, socket or device)") };
      }
      if (stat.size > maxBytes) {
        return {
          ok: false,
          diagnostic: diagnostic(
            displayPath,
            "file/too-large",
            "error",
            `file is ${(stat.size / 1048576).toFixed(1)} MiB; files over ${(maxBytes / 1048576).toFixed(0)} MiB are not analysed (an agent would load all of it into context)`
          )
        };
      }
      buf = fs.readFileSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  } catch (err) {
    return { ok: false, diagnostic: diagnostic(displayPath, "file/unreadable", "error", describeFsError(err)) };
  }
  const diagnostics = [];
  if (looksBinary(buf)) {
    return { ok: false, diagnostic: diagnostic(displayPath, "file/binary", "error", "binary content (NUL bytes) where Markdown text was expected") };
  }
  const rawText = buf.toString("utf8");
  if (!isUtf8(buf)) {
    const line = firstInvalidUtf8Line(buf);
    diagnostics.push(diagnostic(displayPath, "file/invalid-utf8", "error", "invalid UTF-8; bad bytes were replaced with U+FFFD for analysis", line, 1));
  }
  const hadBom = rawText.charCodeAt(0) === 65279;
  const text = hadBom ? rawText.slice(1) : rawText;
  if (hadBom) diagnostics.push(diagnostic(displayPath, "file/bom", "info", "UTF-8 byte order mark at start of file (ignored)", 1, 1));
  return { ok: true, file: { text, rawText, bytes: buf.length, hadBom, hasCrlf: text.includes("\r\n"), diagnostics } };
}
function isInside(real, root) {
  return real === root || real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}
var SKIP_DIRS = /* @__PURE__ */ new Set(["node_modules", ".git"]);
async function walkFiles(root, displayRoot, options = {}) {
  const maxFiles = options.maxFiles ?? 1e4;
  const files = [];
  const dirs = [];
  const diagnostics = [];
  let realRoot;
  try {
    realRoot = fs.realpathSync(root);
  } catch (err) {
    diagnostics.push(diagnostic(displayRoot, "file/unreadable", "error", describeFsError(err)));
    return { files, dirs, diagnostics };
  }
  const visited = /* @__PURE__ */ new Set([realRoot]);
  const display = (rel) => displayRoot ? `${displayRoot}/${rel}` : rel;
  async function visit(dirAbs, relDir) {
    let entries;
    try {
      entries = fs.readdirSync(dirAbs, { withFileTypes: true });
    } catch (err) {
      diagnostics.push(diagnostic(display(relDir || "."), "file/unreadable", "error", describeFsError(err)));
      return;
    }
    entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    for (const entry of entries) {
      if (files.length >= maxFiles) {
        diagnostics.push(diagnostic(display(relDir || "."), "file/too-many", "warning", `more than ${maxFiles} files; the rest were not listed`));
        return;
      }
      const rel = relDir ? `${relDir}/${entry.name}` : entry.name;
      const abs = path.join(dirAbs, entry.name);
      let isDir = entry.isDirectory();
      let isFile = entry.isFile();
      let target;
      if (entry.isSymbolicLink()) {
        try {
          target = fs.realpathSync(abs);
        } catch (err) {
          diagnostics.push(diagnostic(display(rel), "file/broken-symlink", "warning", `symlink cannot be resolved: ${describeFsError(err)}`));
          continue;
        }
        if (!isInside(target, realRoot)) {
          diagnostics.push(diagnostic(display(rel), "file/symlink-escapes", "warning", "symlink points outside the skill directory; not followed"));
          continue;
        }
        const st = fs.statSync(target, { throwIfNoEntry: false });
        isDir = st?.isDirectory() ?? false;
        isFile = st?.isFile() ?? false;
        if (isDir && visited.has(target)) {
          diagnostics.push(diagnostic(display(rel), "file/symlink-loop", "warning", "symlink loop; not followed"));
          continue;
        }
      }
      if (!isDir && !isFile && (entry.isFIFO() || entry.isSocket() || entry.isCharacterDevice() || entry.isBlockDevice() || target !== void 0)) {
        diagnostics.push(diagnostic(display(rel), "file/special", "warning", "not a regular file or folder (a FIFO, socket or device); not read"));
        continue;
      }
      if (isDir) {
        if (SKIP_DIRS.has(entry.name)) continue;
        if (target !== void 0) visited.add(target);
        dirs.push(rel);
        await visit(abs, rel);
      } else if (isFile) {
        let size;
        let binary = false;
        let blank = false;
        try {
          if (options.sniff && options.sniff(rel)) {
            const fd = fs.openSync(abs, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
            try {
              const st = fs.fstatSync(fd);
              if (!st.isFile()) continue;
              size = st.size;
              const head = Buffer.alloc(Math.min(size, 8e3));
              fs.readSync(fd, head, 0, head.length, 0);
              binary = looksBinary(head);
              blank = size <= head.length && head.toString("latin1").trim() === "";
            } finally {
              fs.closeSync(fd);
            }
          } else {
            size = fs.statSync(abs).size;
          }
        } catch (err) {
          diagnostics.push(diagnostic(display(rel), "file/unreadable", "warning", describeFsError(err)));
          continue;
        }
        files.push({ rel, abs, size, binary, ...blank ? { blank } : {} });
      }
    }
  }
  await visit(root, "");
  return { files, dirs, diagnostics };
}

// src/parse/json.ts
function parseJsonText(text, file) {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    const message = err.message;
    const at = /position (\d+)/.exec(message);
    const pos = at ? positionAt(text, Number(at[1])) : /line (\d+) column (\d+)/.exec(message);
    const line = pos ? "line" in pos ? pos.line : Number(pos[1]) : 0;
    const column = pos ? "column" in pos ? pos.column : Number(pos[2]) : 0;
    const reason = message.replace(/^JSON\.parse: /, "").replace(/ in JSON at position \d+.*$/, "").replace(/\s*\(line \d+ column \d+\)$/, "");
    return { ok: false, diagnostic: diagnostic(file, "json/syntax", "error", `invalid JSON: ${reason}`, line, column) };
  }
}
async function readJsonFile(abs, file, schema, ruleId, within) {
  const read = await readTextFile(abs, file, void 0, within);
  if (!read.ok) return { ok: false, diagnostics: [read.diagnostic] };
  const parsed = parseJsonText(read.file.text, file);
  if (!parsed.ok) return { ok: false, diagnostics: [...read.file.diagnostics, parsed.diagnostic] };
  const result = schema.safeParse(parsed.value);
  if (!result.success) {
    const diagnostics = result.error.issues.slice(0, 10).map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join(".") : "(top level)";
      const line = locateKey(read.file.text, issue.path);
      const msg = issue.code === "invalid_type" && issue.path.length === 0 ? `must be a JSON object` : issue.message;
      return diagnostic(file, ruleId, "error", `${where}: ${msg}`, line, line > 0 ? 1 : 0);
    });
    return { ok: false, diagnostics: [...read.file.diagnostics, ...diagnostics] };
  }
  return { ok: true, value: result.data, raw: parsed.value, diagnostics: read.file.diagnostics };
}
function locateKey(text, path2) {
  const key = [...path2].reverse().find((p) => typeof p === "string");
  if (typeof key !== "string") return path2.length === 0 ? 1 : 0;
  const idx = text.indexOf(`"${key}"`);
  return idx === -1 ? 0 : positionAt(text, idx).line;
}

export {
  diagnostic,
  MAX_TEXT_BYTES,
  readTextFile,
  isInside,
  walkFiles,
  parseJsonText,
  readJsonFile,
  locateKey
};
//# sourceMappingURL=chunk-CIIKNCXD.js.map
