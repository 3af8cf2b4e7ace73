/**
 * `plugin-eval lsp`: a Language Server over stdio (vscode-languageserver, loaded only here). It publishes validate's
 * diagnostics for SKILL.md, plugin.json, hooks.json, agents and commands as they are opened and edited (the editor's
 * text, not the disk's, for every open file), clears them on close, and offers the rules' certain fixes as quick
 * fixes and as one "fix all". Validation waits for a pause in typing and is bounded as validate is (4 MiB per file,
 * 32 KiB of frontmatter), so a hostile document costs one bounded validation, never a blocked server.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type * as Lsp from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { resolveSettings } from '../../config/resolve.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { ruleConfigOf } from '../../rules/config/apply-rule-config.js';
import { applyFixes } from '../../rules/fix/index.js';
import { RULE_FIXES } from '../../rules/registry/index.js';
import type { ValidateOptions } from '../../rules/validate/index.js';
import { debounce } from '../../util/debounce.js';
import { VERSION } from '../../version.js';
import type { Ui } from '../ui.js';
import { changedSpan, diagnosticsOf, fixedText } from '../lsp/documents.js';

/** Quiet time after the last edit before a document is validated again. */
const DEBOUNCE_MS = 200;

const SEVERITY = { error: 1, warning: 2, info: 3 } as const;

/** The file a document is, for file: URIs only (an unsaved or remote buffer has no folder to validate). */
function fileOf(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return path.resolve(fileURLToPath(uri));
  } catch {
    return undefined;
  }
}

/** A diagnostic's range: its line from its column to the line's end (line 0, the whole file: the first line). */
function rangeOf(doc: TextDocument, d: Diagnostic): Lsp.Range {
  const line = Math.max(0, Math.min(d.line - 1, doc.lineCount - 1));
  const start = doc.offsetAt({ line, character: 0 });
  const next = line + 1 < doc.lineCount ? doc.offsetAt({ line: line + 1, character: 0 }) : doc.getText().length;
  const length = doc
    .getText()
    .slice(start, next)
    .replace(/\r?\n$/, '').length;
  const character = d.line === 0 ? 0 : Math.min(Math.max(0, d.column - 1), length);
  return { start: { line, character }, end: { line, character: length } };
}

/** The edit that turns a document's text into `after`, as one replacement. */
function editTo(doc: TextDocument, after: string): Lsp.TextEdit {
  const span = changedSpan(doc.getText(), after);
  return { range: { start: doc.positionAt(span.start), end: doc.positionAt(span.end) }, newText: span.text };
}

export async function runLsp(ui: Ui, context: { configFile?: string | undefined } = {}): Promise<number> {
  const [lsp, { TextDocument: Documents }] = await Promise.all([
    import('vscode-languageserver/node'),
    import('vscode-languageserver-textdocument'),
  ]);
  const connection = lsp.createConnection(
    lsp.ProposedFeatures.all,
    new lsp.StreamMessageReader(process.stdin),
    new lsp.StreamMessageWriter(process.stdout),
  );
  // The rule configuration of the config file, as validate reads it; a bad file is said once and then left out.
  const options: ValidateOptions = {};
  try {
    const resolved = await resolveSettings({
      command: 'validate',
      ...(context.configFile !== undefined ? { config: context.configFile } : {}),
    });
    const ruleConfig = ruleConfigOf(resolved.settings, resolved.configFile);
    if (ruleConfig) options.ruleConfig = ruleConfig;
  } catch (error) {
    ui.stderr(`plugin-eval lsp: config file not used: ${error instanceof Error ? error.message : String(error)}`);
  }
  const documents = new lsp.TextDocuments(Documents);
  const published = new Map<string, Diagnostic[]>();

  const openTexts = (): Map<string, string> => {
    const out = new Map<string, string>();
    for (const doc of documents.all()) {
      const file = fileOf(doc.uri);
      if (file !== undefined) out.set(file, doc.getText());
    }
    return out;
  };

  const validateNow = async (uri: string): Promise<void> => {
    const doc = documents.get(uri);
    const file = fileOf(uri);
    if (doc === undefined || file === undefined) return;
    const version = doc.version;
    let found: Diagnostic[];
    try {
      found = await diagnosticsOf(file, openTexts(), options);
    } catch (error) {
      connection.console.error(`plugin-eval: ${file}: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    // An edit that arrived meanwhile has its own validation coming; a closed document keeps no diagnostics.
    const current = documents.get(uri);
    if (current === undefined || current.version !== version) return;
    published.set(uri, found);
    await connection.sendDiagnostics({
      uri,
      version,
      diagnostics: found.map((d) => ({
        range: rangeOf(current, d),
        severity: SEVERITY[d.severity],
        source: 'plugin-eval',
        code: d.ruleId,
        message: d.message,
        data: { line: d.line },
      })),
    });
  };

  const pendingValidation = debounce<string>(DEBOUNCE_MS, (uri) => void validateNow(uri));

  connection.onInitialize(() => ({
    capabilities: {
      textDocumentSync: lsp.TextDocumentSyncKind.Incremental,
      codeActionProvider: { codeActionKinds: [lsp.CodeActionKind.QuickFix, lsp.CodeActionKind.SourceFixAll] },
    },
    serverInfo: { name: 'plugin-eval', version: VERSION },
  }));
  documents.onDidChangeContent((e) => pendingValidation.schedule(e.document.uri));
  documents.onDidClose((e) => {
    pendingValidation.cancel(e.document.uri);
    published.delete(e.document.uri);
    void connection.sendDiagnostics({ uri: e.document.uri, diagnostics: [] });
  });

  connection.onCodeAction((params) => {
    const doc = documents.get(params.textDocument.uri);
    if (doc === undefined) return [];
    const text = doc.getText();
    const only = params.context.only;
    const wants = (kind: string) => only === undefined || only.some((k) => kind === k || kind.startsWith(`${k}.`));
    const actions: Lsp.CodeAction[] = [];
    if (wants(lsp.CodeActionKind.QuickFix))
      for (const d of params.context.diagnostics) {
        const line = (d.data as { line?: unknown } | undefined)?.line;
        if (d.source !== 'plugin-eval' || typeof d.code !== 'string' || typeof line !== 'number') continue;
        const after = fixedText(text, d.code, line);
        if (after === undefined) continue;
        actions.push({
          title: `plugin-eval: ${RULE_FIXES.get(d.code)!.does} (${d.code})`,
          kind: lsp.CodeActionKind.QuickFix,
          diagnostics: [d],
          isPreferred: true,
          edit: { changes: { [doc.uri]: [editTo(doc, after)] } },
        });
      }
    if (wants(lsp.CodeActionKind.SourceFixAll)) {
      const byRule = new Map<string, number[]>();
      for (const d of published.get(doc.uri) ?? [])
        if (RULE_FIXES.has(d.ruleId)) byRule.set(d.ruleId, [...(byRule.get(d.ruleId) ?? []), d.line]);
      const after = byRule.size > 0 ? applyFixes(text, byRule) : text;
      if (after !== text)
        actions.push({
          title: 'plugin-eval: fix all certain problems',
          kind: lsp.CodeActionKind.SourceFixAll,
          edit: { changes: { [doc.uri]: [editTo(doc, after)] } },
        });
    }
    return actions;
  });

  documents.listen(connection);
  connection.listen();
  // The server runs until the client's exit notification, which ends the process.
  return new Promise<number>(() => undefined);
}
