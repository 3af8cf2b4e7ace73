import type * as YamlModule from 'yaml';
import { parseSimpleYaml } from './simple-yaml.js';
import { yamlPackage as yaml } from './yaml-package.js';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import { lineCount } from '../util/text.js';

/**
 * Frontmatter larger than this is reported and not parsed. The largest in the shared corpus is under 1 KiB (agents
 * load every skill's frontmatter into context, and Claude Code caps the description at 1,024 characters), while the
 * YAML parser needs about a second per 200 KB of hostile YAML (deep flow collections, thousands of keys).
 */
export const MAX_FRONTMATTER_BYTES = 32 * 1024;

/** Why a frontmatter is too large to parse, or undefined. Counts UTF-16 code units (one per byte for ASCII). */
function tooLarge(yamlText: string): string | undefined {
  if (yamlText.length <= MAX_FRONTMATTER_BYTES) return undefined;
  return (
    `frontmatter is ${(yamlText.length / 1024).toFixed(0)} KiB; frontmatter over ${MAX_FRONTMATTER_BYTES / 1024} ` +
    `KiB is not parsed`
  );
}

/** The first duplicate key of any mapping in the document, in one pass (the yaml package's own check is quadratic). */
function firstDuplicateKey(
  doc: YamlModule.Document,
  isMap: typeof YamlModule.isMap,
  isScalar: typeof YamlModule.isScalar,
  visit: typeof YamlModule.visit,
): YamlModule.Scalar | undefined {
  let duplicate: YamlModule.Scalar | undefined;
  visit(doc, {
    Map(_, map) {
      if (!isMap(map)) return undefined;
      const keys = new Set<unknown>();
      for (const item of map.items) {
        if (!isScalar(item.key)) continue;
        if (keys.has(item.key.value)) {
          duplicate = item.key;
          return visit.BREAK;
        }
        keys.add(item.key.value);
      }
      return undefined;
    },
  });
  return duplicate;
}

/**
 * Why Claude Code reads this frontmatter differently from YAML, and the line, or undefined. Claude Code ends the
 * frontmatter at the first `---` after the opening line wherever it stands (inside a value too), and never at `...`.
 */
function claudeCodeFenceProblem(
  yamlText: string,
  closedByDots: boolean,
): { message: string; line: number } | undefined {
  const cut = yamlText.indexOf('---');
  if (cut === -1) {
    if (!closedByDots) return undefined;
    return {
      message:
        'the frontmatter closes with `...`, which Claude Code does not accept: it reads no frontmatter (every field dropped); close it with `---`',
      line: lineCount(yamlText) + 2,
    };
  }
  const line = lineCount(yamlText.slice(0, cut)) + 1;
  let readable = true;
  try {
    yaml().parse(yamlText.slice(0, cut), { prettyErrors: false, uniqueKeys: false, maxAliasCount: 100 });
  } catch {
    readable = false;
  }
  const effect = readable
    ? 'it reads only what comes before it (the value there is cut and every key after it dropped)'
    : 'what comes before it is not valid YAML, so it loads the file with empty metadata (every field dropped)';
  return {
    message: `Claude Code ends the frontmatter at the first \`---\`, here inside it: ${effect}; write the text without three hyphens in a row`,
    line,
  };
}

export interface Frontmatter {
  /** True when the file starts with a `---` fence that is closed again. */
  present: boolean;
  /** The mapping, or undefined when absent, malformed or not a mapping. */
  data: Record<string, unknown> | undefined;
  /** 1-based line of each top-level key, for diagnostics. */
  keyLines: Record<string, number>;
  /** Body text (LF line endings) and the file line it starts on. */
  body: string;
  bodyStartLine: number;
  diagnostics: Diagnostic[];
}

/**
 * Strict, position-aware frontmatter reader for the default methodology. Accepts CRLF (the caller has already
 * removed any BOM); a YAML error is an error diagnostic at its real line, never a silent empty mapping.
 */
export function parseFrontmatter(text: string, file: string): Frontmatter {
  const normalized = text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text;
  const diagnostics: Diagnostic[] = [];
  const none = (reason?: Diagnostic): Frontmatter => ({
    present: false,
    data: undefined,
    keyLines: {},
    body: normalized,
    bodyStartLine: 1,
    diagnostics: reason ? [reason] : [],
  });
  // Walk lines by index only as far as the closing fence: splitting and re-joining the whole file to cut the
  // body off cost more than the rest of the parse.
  const lineAt = (start: number) => {
    const end = normalized.indexOf('\n', start);
    return { text: normalized.slice(start, end === -1 ? normalized.length : end), next: end === -1 ? -1 : end + 1 };
  };
  const first = lineAt(0);
  if (first.text.trimEnd() !== '---') {
    return none(
      diagnostic(
        file,
        'frontmatter/missing',
        'error',
        'file must start with YAML frontmatter between `---` lines',
        1,
        1,
      ),
    );
  }
  let close = -1;
  let yamlEnd = 0;
  let bodyStart = -1;
  for (let pos = first.next, i = 1; pos !== -1; i++) {
    const line = lineAt(pos);
    const l = line.text.trimEnd();
    if (l === '---' || l === '...') {
      close = i;
      yamlEnd = pos;
      bodyStart = line.next;
      break;
    }
    pos = line.next;
  }
  if (close === -1) {
    return none(
      diagnostic(
        file,
        'frontmatter/unclosed',
        'error',
        'frontmatter opened with `---` on line 1 is never closed',
        1,
        1,
      ),
    );
  }
  const yamlText = normalized.slice(first.next, Math.max(first.next, yamlEnd - 1));
  const body = bodyStart === -1 ? '' : normalized.slice(bodyStart);
  const large = tooLarge(yamlText);
  if (large) {
    diagnostics.push(diagnostic(file, 'frontmatter/too-large', 'error', large, 1, 1));
    return { present: true, data: undefined, keyLines: {}, body, bodyStartLine: close + 2, diagnostics };
  }
  const fence = claudeCodeFenceProblem(yamlText, normalized.slice(yamlEnd).startsWith('...'));
  if (fence) diagnostics.push(diagnostic(file, 'frontmatter/claude-code-fence', 'error', fence.message, fence.line, 1));
  const simple = parseSimpleYaml(yamlText);
  if (simple) {
    const keyLines = Object.fromEntries(Object.entries(simple.keyLines).map(([k, l]) => [k, l + 1]));
    if (Object.keys(simple.data).length === 0)
      diagnostics.push(diagnostic(file, 'frontmatter/empty', 'error', 'frontmatter is empty', 1, 1));
    return { present: true, data: simple.data, keyLines, body, bodyStartLine: close + 2, diagnostics };
  }
  const { LineCounter, parseDocument, isMap, isScalar, visit } = yaml();
  const lineCounter = new LineCounter();
  const doc = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const keyLines: Record<string, number> = {};
  const unparsed = () => ({ present: true, data: undefined, keyLines, body, bodyStartLine: close + 2, diagnostics });
  if (doc.errors.length > 0) {
    for (const err of doc.errors.slice(0, 3)) {
      const pos = lineCounter.linePos(err.pos[0]);
      const firstLine = err.message.split('\n')[0] ?? err.message;
      diagnostics.push(
        diagnostic(file, 'frontmatter/yaml-syntax', 'error', `YAML syntax error: ${firstLine}`, pos.line + 1, pos.col),
      );
    }
    return unparsed();
  }
  const duplicate = firstDuplicateKey(doc, isMap, isScalar, visit);
  if (duplicate) {
    const pos = lineCounter.linePos(duplicate.range?.[0] ?? 0);
    diagnostics.push(
      diagnostic(
        file,
        'frontmatter/yaml-syntax',
        'error',
        `YAML syntax error: Map keys must be unique (duplicate key "${String(duplicate.value)}")`,
        pos.line + 1,
        pos.col,
      ),
    );
    return unparsed();
  }
  let value: unknown;
  try {
    // maxAliasCount stops "billion laughs" alias bombs; the yaml package throws when it is exceeded.
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (err) {
    diagnostics.push(
      diagnostic(
        file,
        'frontmatter/yaml-syntax',
        'error',
        `YAML cannot be expanded: ${(err as Error).message.split('\n')[0]}`,
        2,
        1,
      ),
    );
    return unparsed();
  }
  if (value === null || value === undefined) {
    diagnostics.push(diagnostic(file, 'frontmatter/empty', 'error', 'frontmatter is empty', 1, 1));
    return { present: true, data: {}, keyLines, body, bodyStartLine: close + 2, diagnostics };
  }
  if (typeof value !== 'object' || Array.isArray(value)) {
    const kind = Array.isArray(value) ? 'a list' : `a ${typeof value}`;
    diagnostics.push(
      diagnostic(
        file,
        'frontmatter/not-a-mapping',
        'error',
        `frontmatter must be a YAML mapping of keys to values, found ${kind}`,
        2,
        1,
      ),
    );
    return { present: true, data: undefined, keyLines, body, bodyStartLine: close + 2, diagnostics };
  }
  if (isMap(doc.contents)) {
    for (const item of doc.contents.items) {
      if (isScalar(item.key) && item.key.range) {
        keyLines[String(item.key.value)] = lineCounter.linePos(item.key.range[0]).line + 1;
      }
    }
  }
  return {
    present: true,
    data: value as Record<string, unknown>,
    keyLines,
    body,
    bodyStartLine: close + 2,
    diagnostics,
  };
}

export interface CompatFrontmatter {
  data: Record<string, unknown>;
  body: string;
  /** Why PluginEval would have silently seen `{}`; reported as a diagnostic in compat mode. */
  problem: string | undefined;
}

/**
 * PluginEval 0.1.x's reader, quirks included: frontmatter only when the text starts with `---` (so a BOM defeats
 * it), split on the first two `---` anywhere (like Python's `split("---", 2)`), and a YAML error silently yields `{}`.
 */
export function compatFrontmatter(rawText: string): CompatFrontmatter {
  if (!rawText.startsWith('---')) return { data: {}, body: rawText, problem: undefined };
  const first = rawText.indexOf('---');
  const second = rawText.indexOf('---', first + 3);
  if (second === -1) return { data: {}, body: rawText, problem: 'frontmatter is never closed' };
  const yamlText = rawText.slice(first + 3, second);
  const body = rawText.slice(second + 3);
  // Not PluginEval's behaviour (it parses any size); the same limit as the default reader, so compat stays linear.
  const large = tooLarge(yamlText);
  if (large) return { data: {}, body, problem: large };
  const simple = parseSimpleYaml(yamlText);
  if (simple) return { data: simple.data, body, problem: undefined };
  // A tip's simulation re-reads the same frontmatter with another body: the full YAML parse is the costly part.
  if (lastCompatYaml?.yamlText === yamlText) return { ...lastCompatYaml.parsed, body };
  const parsed = compatYamlData(yamlText);
  lastCompatYaml = { yamlText, parsed };
  return { ...parsed, body };
}

let lastCompatYaml: { yamlText: string; parsed: Omit<CompatFrontmatter, 'body'> } | undefined;

function compatYamlData(yamlText: string): Omit<CompatFrontmatter, 'body'> {
  let value: unknown;
  try {
    // PyYAML's safe_load accepts duplicate keys and keeps the last value.
    value = yaml().parse(yamlText, { version: '1.1', prettyErrors: false, uniqueKeys: false, maxAliasCount: 100 });
  } catch (err) {
    return { data: {}, problem: `YAML error: ${(err as Error).message.split('\n')[0]}` };
  }
  if (value === null || value === undefined) return { data: {}, problem: undefined };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { data: {}, problem: 'frontmatter is not a mapping (PluginEval 0.1.x crashes here)' };
  }
  return { data: value as Record<string, unknown>, problem: undefined };
}
