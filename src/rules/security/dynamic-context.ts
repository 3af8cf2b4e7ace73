/**
 * `` !`command` `` in a SKILL.md or command file: Claude Code runs the command when the file is loaded, before the
 * model asks for any tool, and puts its output in the prompt ("dynamic context"). Its loader matches the pattern
 * anywhere in the file, inside fenced code and across code spans too, so this rule does the same: every match is a
 * command that runs (or fails the load).
 */
import { quote, sourceLines, type SecurityHit, type SecuritySource } from './source.js';

const DYNAMIC = /!`([^`\n]{1,500})`/g;

export function findDynamicContext(source: SecuritySource): SecurityHit[] {
  if (!source.text.includes('!`')) return [];
  const out: SecurityHit[] = [];
  for (const line of sourceLines(source.text)) {
    if (!line.text.includes('!`')) continue;
    for (const m of line.text.matchAll(DYNAMIC)) {
      out.push({
        line: line.number,
        column: m.index + 1,
        message: `dynamic context runs a shell command when this file loads: "${quote(m[1]!)}"`,
      });
    }
  }
  return out;
}
