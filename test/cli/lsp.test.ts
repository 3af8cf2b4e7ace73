import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
  type MessageConnection,
} from 'vscode-jsonrpc/node';
import { tempTree } from '../support/tmp.js';
import { BUILT_BIN } from '../support/built.js';

/**
 * `plugin-eval lsp` driven by a real LSP client over stdio: the built bin as an editor starts it, spoken to with
 * vscode-jsonrpc's stream reader and writer. Every wait is for a message the server sends, never for time.
 */
const tree = tempTree('plugin-eval-lsp-');

interface Published {
  uri: string;
  version?: number;
  diagnostics: {
    range: { start: { line: number; character: number }; end: { line: number; character: number } };
    code: string;
    severity: number;
    source: string;
    data?: unknown;
  }[];
}

const SKILL =
  '---\nname: tidy\ndescription: Tidies notes. Use when notes need tidying.\n---\n\n# Tidy\n\nRead the notes.\n';
const HIDDEN = SKILL.replace('Read the notes', 'Read the\u200b notes');

let child: ChildProcessWithoutNullStreams;
let connection: MessageConnection;
/** Each publishDiagnostics notification, handed to whoever waits for the next one of its document. */
const waiting = new Map<string, ((p: Published) => void)[]>();
const nextPublished = (uri: string): Promise<Published> =>
  new Promise((resolve) => waiting.set(uri, [...(waiting.get(uri) ?? []), resolve]));

beforeAll(async () => {
  expect(existsSync(BUILT_BIN), 'run `npm run build` first (npm test does)').toBe(true);
  child = spawn(process.execPath, [BUILT_BIN, 'lsp', '--stdio'], {
    cwd: tree.root,
    env: { ...process.env, PLUGIN_EVAL_CODE_CACHE: 'off' },
  });
  connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  connection.onNotification('textDocument/publishDiagnostics', (p: Published) => {
    const queue = waiting.get(p.uri) ?? [];
    queue.shift()?.(p);
  });
  connection.listen();
  const init = await connection.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', {
    processId: process.pid,
    rootUri: pathToFileURL(tree.root).href,
    capabilities: {},
  });
  expect(init.capabilities.codeActionProvider).toBeDefined();
  await connection.sendNotification('initialized', {});
});

afterAll(async () => {
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  expect(await exited).toBe(0);
  connection.dispose();
});

describe('plugin-eval lsp', () => {
  it("publishes the unsaved buffer's diagnostics, follows edits, offers the fix, and clears on close", async () => {
    // On disk the skill is clean: what the server reports comes from the editor's text.
    const file = tree.write('skills/tidy/SKILL.md', SKILL);
    const uri = pathToFileURL(file).href;
    const opened = nextPublished(uri);
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'markdown', version: 1, text: HIDDEN },
    });
    const first = await opened;
    const hidden = first.diagnostics.find((d) => d.code === 'skill/invisible-unicode')!;
    expect(hidden).toMatchObject({ severity: 1, source: 'plugin-eval' });
    expect(hidden.range.start).toEqual({ line: 7, character: 8 });

    const actions = await connection.sendRequest<
      { title: string; kind: string; edit: { changes: Record<string, { newText: string; range: unknown }[]> } }[]
    >('textDocument/codeAction', {
      textDocument: { uri },
      range: hidden.range,
      context: { diagnostics: [hidden] },
    });
    const quickFix = actions.find((a) => a.kind === 'quickfix')!;
    expect(quickFix.title).toContain('skill/invisible-unicode');
    expect(quickFix.edit.changes[uri]).toEqual([
      { range: { start: { line: 7, character: 8 }, end: { line: 7, character: 9 } }, newText: '' },
    ]);
    expect(actions.some((a) => a.kind === 'source.fixAll')).toBe(true);

    // The editor applies the fix: the next diagnostics no longer have the problem.
    const edited = nextPublished(uri);
    await connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: 7, character: 8 }, end: { line: 7, character: 9 } }, text: '' }],
    });
    const second = await edited;
    expect(second.version).toBe(2);
    expect(second.diagnostics.map((d) => d.code)).not.toContain('skill/invisible-unicode');

    const closed = nextPublished(uri);
    await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    expect((await closed).diagnostics).toEqual([]);
  });

  it('a hostile document (over 4 MiB, binary, deeply nested) gets a bounded answer and the server goes on', async () => {
    const cases = [
      ['huge', `---\nname: huge\ndescription: x\n---\n${'a'.repeat(5 * 1024 * 1024)}`, 'file/too-large'],
      ['binary', `---\nname: binary\n---\n\u0000\u0001`, 'file/binary'],
      ['nested', `---\nname: nested\ndescription: ${'['.repeat(20_000)}\n---\nbody\n`, 'frontmatter/yaml-syntax'],
    ] as const;
    for (const [name, text, rule] of cases) {
      const uri = pathToFileURL(tree.write(`hostile/${name}/SKILL.md`, '')).href;
      const published = nextPublished(uri);
      await connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'markdown', version: 1, text },
      });
      expect((await published).diagnostics.map((d) => d.code)).toContain(rule);
      await connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    }
  });

  it('a plugin.json and an agent file get their diagnostics too', async () => {
    tree.write('plug/.claude-plugin/plugin.json', '{"name": "plug"}');
    const agent = tree.write('plug/agents/helper.md', '---\nname: helper\ndescription: Helps.\n---\nBody\n');
    const uri = pathToFileURL(agent).href;
    const published = nextPublished(uri);
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId: 'markdown', version: 1, text: '---\ndescription: Helps.\n---\nBody\n' },
    });
    expect((await published).diagnostics.map((d) => d.code)).toContain('agent/name-required');
    const manifest = pathToFileURL(path.join(tree.root, 'plug/.claude-plugin/plugin.json')).href;
    const manifestPublished = nextPublished(manifest);
    await connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri: manifest, languageId: 'json', version: 1, text: '{"name": ' },
    });
    expect((await manifestPublished).diagnostics.map((d) => d.code)).toContain('json/syntax');
  });
});
