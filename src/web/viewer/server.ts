/**
 * The review server: node:http on 127.0.0.1 only. It serves the page (built afresh on every load, so new runs
 * and saved feedback show on reload) and reads and writes feedback.json.
 *
 * Unlike skill-creator's viewer, which kills whatever process holds its port, a busy port here just means the
 * next one is tried: nothing else is ever stopped. Requests must name this server as their Host (a page on
 * another site that rebinds its DNS name to 127.0.0.1 gets 403), and feedback must be posted as JSON from this
 * origin (a form on another site cannot send that without a preflight, which is never granted).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { InputError } from '../../errors.js';
import { writeJsonAs } from '../../evals/json-files.js';
import { Feedback } from '../../evals/schemas/feedback.js';
import { FEEDBACK_FILE } from '../../evals/workspace.js';
import { acquireLock, LockTimeoutError } from '../../logs/lock.js';
import { readFeedback } from './collect.js';

export const DEFAULT_VIEWER_PORT = 3117;
/** The host the server binds: never a public interface. */
export const VIEWER_HOST = '127.0.0.1';
/** Largest feedback body accepted: far above any review text, far below a memory problem. */
export const MAX_FEEDBACK_BODY_BYTES = 2 * 1024 * 1024;

export interface ViewerServerOptions {
  /** First port to try; 0 lets the system choose. */
  port: number;
  /** Ports tried after a busy one, one by one upwards. */
  portAttempts?: number;
  /** The folder whose feedback.json is read and written. */
  feedbackDir: string;
  /** The page, built on each GET /. */
  page: () => Promise<string>;
  /** The Content-Security-Policy sent with the page. */
  contentSecurityPolicy: string;
}

export interface ViewerServer {
  url: string;
  port: number;
  /** Ports that were busy before this one was bound. */
  busyPorts: number[];
  close(): Promise<void>;
}

/** How long a save waits for another viewer's save of the same feedback.json (each holds it for one small write). */
const FEEDBACK_LOCK_TIMEOUT_MS = 5_000;

/**
 * The logs' file lock, taken one attempt at a time with the waits in between on the event loop: acquireLock's own
 * wait blocks the thread, which would stall this server's other requests (and deadlock two servers in one process).
 */
async function lockWithoutBlocking(file: string, timeoutMs: number): Promise<() => void> {
  const deadline = Date.now() + timeoutMs;
  for (let delay = 1; ; delay = Math.min(delay * 2, 50)) {
    try {
      return acquireLock(file, { timeoutMs: 0 });
    } catch (error) {
      if (!(error instanceof LockTimeoutError)) throw error;
      if (Date.now() >= deadline) throw new HttpError(503, `feedback not saved: ${error.message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, delay));
  }
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    ...headers,
  });
  res.end(body);
}

async function readBody(req: IncomingMessage, limit: number): Promise<string> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit)
    throw new HttpError(413, `feedback body larger than ${limit} bytes`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw new HttpError(413, `feedback body larger than ${limit} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The parsed, checked feedback of a POST body; anything else is a 400 naming the problem. */
export function parseFeedbackBody(text: string): Feedback {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new HttpError(400, `body is not JSON: ${err instanceof Error ? err.message : String(err)}`);
  }
  const checked = Feedback.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new HttpError(400, `body is not feedback: ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
  }
  return checked.data;
}

/**
 * The posted reviews over the ones on disk, by run id: a review the page did not send (another tab's, or one for a
 * run that is no longer in the workspace) is kept, never dropped by a save. The posted status wins.
 */
export function mergeFeedback(onDisk: Feedback, posted: Feedback): Feedback {
  const byRun = new Map(onDisk.reviews.map((r) => [r.run_id, r]));
  for (const review of posted.reviews) byRun.set(review.run_id, review);
  return { ...onDisk, ...posted, reviews: [...byRun.values()] };
}

function listenOnce(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error): void => {
      server.off('listening', onListening);
      reject(err);
    };
    const onListening = (): void => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, VIEWER_HOST);
  });
}

/** Start the server on the first free port from `options.port`. */
export async function startViewerServer(options: ViewerServerOptions): Promise<ViewerServer> {
  const feedbackFile = path.join(options.feedbackDir, FEEDBACK_FILE);
  // One write at a time, in the order requests arrive, so a slow write never lands after a newer one.
  let writes: Promise<unknown> = Promise.resolve();
  let allowedHosts = new Set<string>();

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!allowedHosts.has(req.headers.host ?? ''))
      throw new HttpError(403, 'unknown Host: this server answers only as 127.0.0.1 or localhost');
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname === '/' && req.method === 'GET') {
      const csp = `${options.contentSecurityPolicy}; frame-ancestors 'none'`;
      send(res, 200, 'text/html; charset=utf-8', await options.page(), { 'Content-Security-Policy': csp });
      return;
    }
    if (url.pathname !== '/api/feedback') throw new HttpError(404, 'not found');
    if (req.method === 'GET') {
      send(res, 200, 'application/json; charset=utf-8', JSON.stringify(await readFeedback(options.feedbackDir)));
      return;
    }
    if (req.method !== 'POST') throw new HttpError(405, 'use GET or POST');
    const origin = req.headers.origin;
    if (origin !== undefined && !allowedHosts.has(origin.replace(/^http:\/\//, '')))
      throw new HttpError(403, 'feedback is accepted only from this page');
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
      throw new HttpError(415, 'send feedback as application/json');
    const posted = parseFeedbackBody(await readBody(req, MAX_FEEDBACK_BODY_BYTES));
    const written = writes.then(async () => {
      // The chain orders this server's saves; the file lock orders them with another viewer of the same iteration
      // (a second terminal, a second reviewer): without it, two read-merge-writes at once drop one side's reviews.
      const release = await lockWithoutBlocking(feedbackFile, FEEDBACK_LOCK_TIMEOUT_MS);
      try {
        return await writeJsonAs(
          feedbackFile,
          Feedback,
          mergeFeedback(await readFeedback(options.feedbackDir), posted),
        );
      } finally {
        release();
      }
    });
    writes = written.catch(() => undefined);
    const feedback = await written;
    send(
      res,
      200,
      'application/json; charset=utf-8',
      JSON.stringify({ ok: true, reviews: feedback.reviews.length, status: feedback.status }),
    );
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      const message = err instanceof Error ? err.message : String(err);
      if (!res.headersSent) send(res, status, 'text/plain; charset=utf-8', message);
      else res.end();
      // Drain what the client still sends (an over-long body) so the reply reaches it.
      req.resume();
    });
  });

  const attempts = options.portAttempts ?? 20;
  const busyPorts: number[] = [];
  for (let port = options.port; ; port++) {
    try {
      const bound = await listenOnce(server, port);
      allowedHosts = new Set([`127.0.0.1:${bound}`, `localhost:${bound}`]);
      return {
        url: `http://${VIEWER_HOST}:${bound}/`,
        port: bound,
        busyPorts,
        close: () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code !== 'EADDRINUSE' || options.port === 0 || busyPorts.length + 1 >= attempts || port >= 65535) {
        const tried = busyPorts.length > 0 ? ` (ports ${options.port}-${port} are all in use)` : '';
        throw new InputError(
          `cannot listen on ${VIEWER_HOST}:${port}: ${code ?? String(err)}${tried}; choose another with --port`,
        );
      }
      busyPorts.push(port);
    }
  }
}
