/**
 * A scripted model server for tests and benchmarks.
 *
 * It speaks enough of the Anthropic Messages API and the OpenAI Chat Completions API that the
 * REAL SDK clients (and the Claude Code binary behind the Agent SDK) can talk to it through their
 * base URL, so tests exercise the same HTTP, SSE and error paths as production without a network
 * or a key. A script decides each reply; it can also inject the faults real APIs produce
 * (429 with retry-after, 5xx/529, stalls, malformed bodies, cut streams, connection resets).
 */
import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { HANG_LIMIT_MS } from './cpu-time.js';
import { encodeAnthropicJson, encodeAnthropicSse, encodeOpenAiJson, encodeOpenAiSse, errorBody } from './model-wire.js';
import type { ReplyUsage, WireReply } from './model-wire.js';

export type ModelApi = 'anthropic' | 'openai';
export type JsonObject = Record<string, unknown>;

export interface ScriptRequest {
  api: ModelApi;
  /** Parsed JSON body of the request. */
  body: JsonObject;
  headers: IncomingHttpHeaders;
  /** 0-based position among the model requests this server has received (both APIs). */
  index: number;
  path: string;
}

interface ReplyCommon {
  /** Wait this long before answering (simulated model latency for benchmarks). */
  delayMs?: number;
  usage?: Partial<ReplyUsage>;
  /** Send no `usage` at all, as some OpenAI-compatible servers and proxies do. */
  omitUsage?: boolean;
  /** Model id echoed in the response; defaults to the requested model. */
  model?: string;
}

export type Reply =
  | string
  | (ReplyCommon & { text: string; stopReason?: string })
  | (ReplyCommon & { tool: { name: string; input: unknown; id?: string }; text?: string })
  /** A JSON value: a forced tool call when the Anthropic request forces one, else JSON text. */
  | (ReplyCommon & { json: unknown })
  | { fault: 'status'; status: number; retryAfter?: number; message?: string; delayMs?: number }
  /** Hold the connection open for `ms`, then drop it: a client timeout must fire first. */
  | { fault: 'stall'; ms: number }
  /** A 200 whose body is not valid JSON. */
  | { fault: 'malformed'; delayMs?: number }
  /** A 200 whose body is JSON but not a reply (no content blocks, no choices): a lying server or a gateway. */
  | { fault: 'not-a-reply' }
  /** Start the response (stream or body), then destroy the socket mid-way. */
  | { fault: 'cut'; delayMs?: number }
  /** Destroy the connection before any response byte. */
  | { fault: 'reset' };

export type Script = (request: ScriptRequest) => Reply | Promise<Reply>;

export interface RecordedRequest extends ScriptRequest {
  method: string;
  /** Raw URL including the query (e.g. `/v1/messages?beta=true`). */
  url: string;
  stream: boolean;
}

export interface ModelServer {
  /** Root URL, e.g. `http://127.0.0.1:41234` (Anthropic base URL). */
  readonly url: string;
  /** `${url}/v1`, the OpenAI-style base URL. */
  readonly openaiBaseURL: string;
  /** Every model request received, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Every request's URL and raw body, whatever its route (what reached the server, for leak checks). */
  readonly received: { url: string; body: string }[];
  /** Requests to paths this server does not implement (answered 404). */
  readonly unknownRequests: { method: string; url: string }[];
  /** Highest number of model requests in flight at once (for concurrency tests). */
  readonly maxInFlight: number;
  /** Resolves once `count` model requests (those `which` accepts, default all) have arrived: an event, not a poll. */
  requestsReached(count: number, which?: (request: RecordedRequest) => boolean): Promise<void>;
  /** Replace the script for subsequent requests. */
  setScript(script: Script | Reply[]): void;
  close(): Promise<void>;
}

/** Turn an array of replies into a script: reply `i` answers request `i`; the last one repeats. */
export function scriptFrom(replies: Reply[]): Script {
  if (replies.length === 0) throw new Error('scriptFrom needs at least one reply');
  return ({ index }) => replies[Math.min(index, replies.length - 1)] as Reply;
}

/** All text a request carries (system prompt and message text), for scripts that branch on content. */
export function requestText(request: ScriptRequest): string {
  const parts: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === 'object') {
      const block = value as JsonObject;
      if (typeof block.text === 'string') parts.push(block.text);
      if (block.content !== undefined) collect(block.content);
    }
  };
  collect(request.body.system);
  collect(request.body.messages);
  return parts.join('\n');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function routeOf(method: string, pathname: string): ModelApi | 'count_tokens' | undefined {
  if (method !== 'POST') return undefined;
  if (pathname === '/v1/messages') return 'anthropic';
  if (pathname === '/v1/messages/count_tokens') return 'count_tokens';
  if (pathname === '/v1/chat/completions' || pathname === '/chat/completions') return 'openai';
  return undefined;
}

function destroyHard(socket: Socket): void {
  // resetAndDestroy sends a TCP RST (ECONNRESET on the client), closer to a real reset than FIN.
  if (typeof socket.resetAndDestroy === 'function') socket.resetAndDestroy();
  else socket.destroy();
}

export async function startModelServer(script: Script | Reply[] = [{ text: 'ok' }]): Promise<ModelServer> {
  let current: Script = Array.isArray(script) ? scriptFrom(script) : script;
  const requests: RecordedRequest[] = [];
  const unknownRequests: { method: string; url: string }[] = [];
  const received: { url: string; body: string }[] = [];
  const timers = new Set<NodeJS.Timeout>();
  /** Waiters of requestsReached, checked as each request arrives. */
  const waiters = new Set<() => boolean>();
  let inFlight = 0;
  let maxInFlight = 0;

  /** A sleep that ends early (returning false) when the client goes away. */
  const hold = (res: ServerResponse, ms: number): Promise<boolean> =>
    new Promise((resolve) => {
      if (ms <= 0) return resolve(!res.destroyed);
      const timer = setTimeout(() => {
        timers.delete(timer);
        res.off('close', onClose);
        resolve(!res.destroyed);
      }, ms);
      const onClose = (): void => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      };
      timers.add(timer);
      res.once('close', onClose);
    });

  const answer = async (
    api: ModelApi,
    body: JsonObject,
    stream: boolean,
    reply: Reply,
    res: ServerResponse,
  ): Promise<void> => {
    const r: Exclude<Reply, string> = typeof reply === 'string' ? { text: reply } : reply;
    if ('fault' in r) {
      switch (r.fault) {
        case 'reset':
          destroyHard(res.socket as Socket);
          return;
        case 'stall':
          if (await hold(res, r.ms)) res.socket?.destroy();
          return;
        case 'status': {
          if (!(await hold(res, r.delayMs ?? 0))) return;
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (r.retryAfter !== undefined) headers['retry-after'] = String(r.retryAfter);
          res.writeHead(r.status, headers).end(JSON.stringify(errorBody(api, r.status, r.message)));
          return;
        }
        case 'malformed':
          if (!(await hold(res, r.delayMs ?? 0))) return;
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end('{"id": "msg_01", "type": "message", "content": [');
          return;
        case 'not-a-reply':
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"nonsense": true}');
          return;
        case 'cut': {
          if (!(await hold(res, r.delayMs ?? 0))) return;
          const wire: WireReply = {
            kind: 'text',
            text: 'this reply will never finish '.repeat(8),
            usage: {},
            model: String(body.model ?? 'scripted'),
          };
          const full = stream
            ? api === 'anthropic'
              ? encodeAnthropicSse(wire, body)
              : encodeOpenAiSse(wire, body)
            : JSON.stringify(api === 'anthropic' ? encodeAnthropicJson(wire, body) : encodeOpenAiJson(wire, body));
          const half = full.slice(0, Math.floor(full.length / 2));
          res.writeHead(
            200,
            stream
              ? { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' }
              : { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(full)) },
          );
          res.write(half, () => setTimeout(() => res.socket?.destroy(), 5));
          return;
        }
      }
    }
    if (!(await hold(res, r.delayMs ?? 0))) return;
    const model = r.model ?? String(body.model ?? 'scripted');
    const usage = r.usage ?? {};
    const common = { usage, model, ...(r.omitUsage ? { omitUsage: true } : {}) };
    let wire: WireReply;
    if ('tool' in r)
      wire = { kind: 'tool', name: r.tool.name, input: r.tool.input, id: r.tool.id, text: r.text, ...common };
    else if ('json' in r) wire = { kind: 'json', value: r.json, ...common };
    else wire = { kind: 'text', text: r.text, stopReason: r.stopReason, ...common };
    if (stream) {
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.end(api === 'anthropic' ? encodeAnthropicSse(wire, body) : encodeOpenAiSse(wire, body));
    } else {
      const payload = api === 'anthropic' ? encodeAnthropicJson(wire, body) : encodeOpenAiJson(wire, body);
      res
        .writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` })
        .end(JSON.stringify(payload));
    }
  };

  const server = createServer((req, res) => {
    void (async () => {
      const method = req.method ?? 'GET';
      const rawUrl = req.url ?? '/';
      const route = routeOf(method, new URL(rawUrl, 'http://x').pathname);
      const text = await readBody(req);
      received.push({ url: rawUrl, body: text });
      if (route === undefined) {
        unknownRequests.push({ method, url: rawUrl });
        res
          .writeHead(404, { 'content-type': 'application/json' })
          .end(JSON.stringify(errorBody('anthropic', 404, `no route ${method} ${rawUrl}`)));
        return;
      }
      let body: JsonObject;
      try {
        body = JSON.parse(text) as JsonObject;
      } catch {
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify(errorBody('anthropic', 400, 'body is not JSON')));
        return;
      }
      if (route === 'count_tokens') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ input_tokens: Math.ceil(text.length / 4) }));
        return;
      }
      const stream = body.stream === true;
      const request: RecordedRequest = {
        api: route,
        body,
        headers: req.headers,
        index: requests.length,
        path: new URL(rawUrl, 'http://x').pathname,
        method,
        url: rawUrl,
        stream,
      };
      requests.push(request);
      for (const reached of waiters) if (reached()) waiters.delete(reached);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      res.once('close', () => {
        inFlight -= 1;
      });
      let reply: Reply;
      try {
        reply = await current({
          api: request.api,
          body,
          headers: req.headers,
          index: request.index,
          path: request.path,
        });
      } catch (error) {
        // A throwing script is a test bug: make it loud on the client side as a non-retryable 400.
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify(errorBody(route, 400, `script threw: ${String(error)}`)));
        return;
      }
      await answer(route, body, stream, reply, res);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500).end(String(error));
      else res.destroy();
    });
  });
  // An idle keep-alive connection stays open until close() ends it (closeAllConnections): a server that dropped it
  // after a second raced a busy client reusing it, and the agent reported ECONNRESET, an infrastructure failure
  // that only a loaded machine produced.
  server.keepAliveTimeout = HANG_LIMIT_MS;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  return {
    url,
    openaiBaseURL: `${url}/v1`,
    requests,
    received,
    unknownRequests,
    get maxInFlight() {
      return maxInFlight;
    },
    requestsReached(count, which = () => true) {
      return new Promise<void>((resolve) => {
        const reached = (): boolean => {
          if (requests.filter(which).length < count) return false;
          resolve();
          return true;
        };
        if (!reached()) waiters.add(reached);
      });
    },
    setScript(next) {
      current = Array.isArray(next) ? scriptFrom(next) : next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
