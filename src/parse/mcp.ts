/**
 * MCP servers (`.mcp.json`, or plugin.json's inline `mcpServers`) checked one by one, as Claude Code loads them: a
 * server that does not fit is dropped at load, so each is an error naming the server and its field.
 */
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type * as Manifests from '../model/manifests.js';
import { locateKeyPosition } from './json.js';
import { isPlainObject } from '../util/plain-object.js';

const REMOTE_TYPES = new Set(['http', 'sse', 'ws']);

/**
 * The servers of an MCP file's value: its `mcpServers` object when it has one, else the file's own keys (the form
 * without the wrapper, which Claude Code loads too).
 */
export function mcpServersOf(value: Record<string, unknown>): { servers: Record<string, unknown>; prefix: string[] } {
  if (!('mcpServers' in value)) return { servers: value, prefix: [] };
  return { servers: isPlainObject(value.mcpServers) ? value.mcpServers : {}, prefix: ['mcpServers'] };
}

/** One error per server of `servers` that Claude Code would drop; `prefix` is where `servers` sits in `text`. */
export function checkMcpServers(
  schemas: Pick<typeof Manifests, 'McpStdioServer' | 'McpRemoteServer'>,
  servers: Record<string, unknown>,
  where: { file: string; text: string; prefix: readonly string[]; ruleId: string },
): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [name, server] of Object.entries(servers)) {
    const at = [...where.prefix, name];
    const fail = (path: readonly PropertyKey[], message: string) => {
      const full = [...at, ...path.filter((p): p is string | number => typeof p !== 'symbol')];
      const pos = locateKeyPosition(where.text, full);
      out.push(diagnostic(where.file, where.ruleId, 'error', `${full.join('.')}: ${message}`, pos.line, pos.column));
    };
    if (!isPlainObject(server)) {
      fail([], 'must be an object: {"command": ..., "args": [...]} or {"type": "http", "url": ...}');
      continue;
    }
    const type = server.type;
    const schema =
      typeof type === 'string' && REMOTE_TYPES.has(type)
        ? schemas.McpRemoteServer
        : type === undefined || type === 'stdio'
          ? schemas.McpStdioServer
          : undefined;
    if (schema === undefined) {
      fail(
        ['type'],
        `unknown server type ${JSON.stringify(type).slice(0, 40)}: "stdio" (or none) for a local command, or ` +
          `"http", "sse" or "ws" for a remote server`,
      );
      continue;
    }
    const checked = schema.safeParse(server);
    if (!checked.success) for (const issue of checked.error.issues.slice(0, 5)) fail(issue.path, issue.message);
  }
  return out;
}
