import { diagnostic, type Diagnostic } from '../../../model/diagnostic.js';
import type { Finding } from '../types.js';

/** Check findings as diagnostics; a finding without its own file is about `file`. */
export function findingsAsDiagnostics(findings: readonly Finding[], file: string): Diagnostic[] {
  return findings.map((f) => diagnostic(f.file ?? file, f.ruleId, f.severity, f.message, f.line ?? 0, f.column ?? 0));
}
