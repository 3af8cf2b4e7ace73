/**
 * hooks/unquoted-plugin-root's fix: double quotes around each unquoted `${CLAUDE_PLUGIN_ROOT}/...` in a hook command
 * of hooks.json or plugin.json, written as `\"` inside the JSON string; nothing else in the file changes. Certain
 * only when the file is JSON without duplicate keys (which value Claude Code reads would be a guess) and the edited
 * string reads back as the quoted command; otherwise the text is left as it is.
 */
import { locateValueOffsets } from '../../parse/json.js';
import { lineLocator } from '../../util/text.js';
import type { RuleFix } from '../types.js';
import { jsonForFix } from './json-fix-input.js';
import { unquotedPluginRoots } from './plugin-root-quoting.js';
import { isPlainObject } from '../../util/plain-object.js';

/** The path of every hook command that expands the variable unquoted, in hooks.json's or plugin.json's `hooks`. */
function commandsToQuote(root: unknown): (string | number)[][] {
  if (!isPlainObject(root)) return [];
  const mappings: { at: (string | number)[]; mapping: unknown }[] = Array.isArray(root.hooks)
    ? root.hooks.map((mapping: unknown, i) => ({ at: ['hooks', i], mapping }))
    : [{ at: ['hooks'], mapping: root.hooks }];
  const out: (string | number)[][] = [];
  for (const { at, mapping } of mappings) {
    if (!isPlainObject(mapping)) continue;
    for (const [event, groups] of Object.entries(mapping)) {
      if (!Array.isArray(groups)) continue;
      groups.forEach((group: unknown, g) => {
        if (!isPlainObject(group) || !Array.isArray(group.hooks)) return;
        group.hooks.forEach((hook: unknown, h) => {
          if (!isPlainObject(hook) || hook.type !== 'command' || typeof hook.command !== 'string') return;
          if (unquotedPluginRoots(hook.command).length > 0) out.push([...at, event, g, 'hooks', h, 'command']);
        });
      });
    }
  }
  return out;
}

/**
 * The JSON string literal starting at `start` with `"` added around each unquoted use, as `\"`, or undefined when the
 * literal does not read back as expected.
 */
function quotedLiteral(text: string, start: number): { end: number; literal: string } | undefined {
  // Where each character of the decoded string starts in the literal (an escape is one character, `\uXXXX` too).
  const rawAt: number[] = [];
  let i = start + 1;
  while (i < text.length && text[i] !== '"') {
    rawAt.push(i);
    i += text[i] !== '\\' ? 1 : text[i + 1] === 'u' ? 6 : 2;
  }
  if (text[i] !== '"') return undefined;
  rawAt.push(i);
  const end = i + 1;
  const literal = text.slice(start, end);
  const command = JSON.parse(literal) as unknown;
  if (typeof command !== 'string' || command.length !== rawAt.length - 1) return undefined;
  let quotedLiteral = literal;
  let quoted = command;
  for (const use of unquotedPluginRoots(command).reverse()) {
    for (const k of [use.end, use.start]) {
      const r = rawAt[k]! - start;
      quotedLiteral = `${quotedLiteral.slice(0, r)}\\"${quotedLiteral.slice(r)}`;
      quoted = `${quoted.slice(0, k)}"${quoted.slice(k)}`;
    }
  }
  return JSON.parse(quotedLiteral) === quoted && unquotedPluginRoots(quoted).length === 0
    ? { end, literal: quotedLiteral }
    : undefined;
}

function quotePluginRoot(file: string, lines: readonly number[]): string {
  const json = jsonForFix(file);
  if (json === undefined) return file;
  const { bom, text, root } = json;
  const offsets = locateValueOffsets(text, commandsToQuote(root));
  const lineOf = lineLocator(text);
  const wanted = new Set(lines);
  const starts = offsets.filter((o) => o >= 0 && (wanted.has(0) || wanted.has(lineOf(o)))).sort((a, b) => a - b);
  // Rebuilt in one pass from the first edit to the last, so many edits cost no more than one copy of the file.
  const parts: string[] = [];
  let copied = 0;
  for (const start of starts) {
    const quoted = quotedLiteral(text, start);
    if (quoted === undefined) continue;
    parts.push(text.slice(copied, start), quoted.literal);
    copied = quoted.end;
  }
  if (parts.length === 0) return file;
  parts.push(text.slice(copied));
  return bom + parts.join('');
}

export const quotePluginRootFix: RuleFix = {
  does: 'wraps each unquoted `${CLAUDE_PLUGIN_ROOT}/...` in double quotes (`\\"` in the JSON string)',
  apply: quotePluginRoot,
};
