// Drives the user's own installed `claude` (found on PATH, as the runner's default `auto` does) through the Claude
// agent runner against the scripted model server, and checks activation and usage by the server's rule. Run it where
// a Claude Code is installed: `node scripts/check-installed-claude.mjs [PATH_DIR]` (after `npm run build`).
// Not part of the test suite: CI machines have no user-installed Claude Code, and installing one there would test
// the bundled binary under another name.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadModelServer } from '../bench/lib/model-server.mjs';
import { ClaudeAgentRunner, findClaudeOnPath } from '../dist/agent/claude-agent-runner.js';

const pathDirs = process.argv[2] ? `${process.argv[2]}${path.delimiter}${process.env.PATH}` : process.env.PATH;
const claude = findClaudeOnPath(pathDirs);
if (claude === undefined) {
  console.error('no `claude` on PATH: give the folder holding it as the first argument');
  process.exit(2);
}
const { startModelServer } = await loadModelServer();
const promptOf = (request) => {
  const content = request.body.messages?.[0]?.content;
  return typeof content === 'string'
    ? content
    : (content ?? [])
        .filter((b) => b.type === 'text')
        .map((b) => b.text)
        .join('\n');
};
const turnOf = (request) => (request.body.messages ?? []).filter((m) => m.role === 'assistant').length;
// The rule: ZEBRA looks around (Glob), then calls the Skill tool, then answers; anything else answers at once.
const server = await startModelServer((request) => {
  if (!promptOf(request).includes('ZEBRA')) return { text: 'No skill needed.', usage: { input: 100, output: 10 } };
  const turn = turnOf(request);
  if (turn === 0) return { tool: { name: 'Glob', input: { pattern: '**/*.md' } }, usage: { input: 100, output: 10 } };
  if (turn === 1)
    return { tool: { name: 'Skill', input: { skill: 'release-notes' } }, usage: { input: 200, output: 20 } };
  return { text: 'Release notes: done.', usage: { input: 300, output: 30 } };
});
const root = mkdtempSync(path.join(tmpdir(), 'plugin-eval-installed-claude-'));
const skillDir = path.join(root, 'release-notes');
mkdirSync(skillDir);
writeFileSync(
  path.join(skillDir, 'SKILL.md'),
  '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
    'notes.\n---\n\nGroup commits by type.\n',
);
const runner = new ClaudeAgentRunner({
  baseURL: server.url,
  apiKey: 'sk-ant-offline-check',
  executable: 'auto',
  env: { PATH: pathDirs },
  maxRetries: 0,
  realHome: path.join(root, 'home'),
});
let failed = false;
try {
  for (const [prompt, expected] of [
    ['ZEBRA: notes for v1.2', true],
    ['What is 2 + 2?', false],
  ]) {
    const started = performance.now();
    const result = await runner.run({
      prompt,
      install: { kind: 'skill', dir: skillDir, name: 'release-notes' },
      model: 'claude-haiku-5-5',
    });
    const ok = result.status === 'ok' && result.activated === expected;
    failed ||= !ok;
    console.log(
      `${ok ? 'ok  ' : 'FAIL'} ${JSON.stringify(prompt)}: ` +
        `status ${result.status}${result.infraError ? ` (${result.infraError.message})` : ''}, ` +
        `activated ${result.activated} (expected ${expected}), ` +
        `tokens ` +
        `in/out ${result.usage.inputTokens}/${result.usage.outputTokens}, ${Math.round(performance.now() - started)} ` +
        `ms`,
    );
  }
  console.log(`executable: ${claude}; model requests seen by the server: ${server.requests.length}`);
} finally {
  await server.close();
  rmSync(root, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
