import { once } from 'node:events';
import path from 'node:path';
import { optionalNumberFlag } from '../../config/numbers.js';
import { UsageError } from '../../errors.js';
import { FEEDBACK_FILE } from '../../evals/workspace.js';
import { writeFileAtomic } from '../../util/atomic-write.js';
import {
  collectViewerData,
  resolvePreviousTarget,
  resolveViewTarget,
  type ViewTarget,
} from '../../web/viewer/collect.js';
import type { ViewerData } from '../../web/viewer/model.js';
import { buildPage, contentSecurityPolicy } from '../../web/viewer/page.js';
import { DEFAULT_VIEWER_PORT, startViewerServer } from '../../web/viewer/server.js';
import { EXIT } from '../exit-codes.js';
import type { Ui } from '../ui.js';

export interface ViewFlags {
  iteration?: string;
  static?: string;
  previousWorkspace?: string;
  /** false with --no-previous. */
  previous?: boolean;
  port?: string;
}

/** What the page holds, in one line, and every file that could not be read. */
function reportCollected(data: ViewerData, previous: ViewTarget | undefined, ui: Ui): void {
  const infra = data.runs.filter((r) => r.status.kind === 'infra').length;
  const parts = [
    `${data.runs.length} run(s)${infra > 0 ? ` (${infra} infrastructure error(s), shown as such, not graded)` : ''}`,
  ];
  parts.push(data.benchmark ? 'benchmark.json' : 'no benchmark.json');
  if (previous) parts.push(`previous: ${path.basename(previous.iterationDir)}`);
  ui.stderr(`plugin-eval: view ${data.title}: ${parts.join(', ')}`);
  const problems = [...data.problems, ...data.runs.flatMap((r) => r.problems)];
  for (const problem of problems) ui.stderr(`plugin-eval: could not read ${problem}`);
  if (problems.length > 0)
    ui.stderr(`plugin-eval: ${problems.length} file(s) could not be read; the page names them and shows the rest`);
}

/**
 * `plugin-eval view WORKSPACE`: the review viewer. Exit 0 after writing --static; 2 for a missing workspace, an
 * unreadable feedback.json (never overwritten) or a bad flag; 130 when the server is stopped with Ctrl-C.
 */
export async function runView(workspace: string, flags: ViewFlags, ui: Ui): Promise<number> {
  const iteration = optionalNumberFlag('--iteration', flags.iteration, { whole: true, min: 1 });
  const port = optionalNumberFlag('--port', flags.port, { whole: true, min: 0, max: 65535 });
  if (flags.static !== undefined && port !== undefined)
    throw new UsageError('--port: a --static page is a file, not served; use one or the other');
  if (flags.previous === false && flags.previousWorkspace !== undefined)
    throw new UsageError('--previous-workspace and --no-previous contradict each other');
  const target = resolveViewTarget(workspace, iteration);
  const previous = resolvePreviousTarget(target, flags.previous === false ? false : flags.previousWorkspace);

  if (flags.static !== undefined) {
    const data = await collectViewerData(target, { previous, mode: 'static' });
    reportCollected(data, previous, ui);
    await writeFileAtomic(flags.static, buildPage(data));
    ui.stdout(`${flags.static}\n`);
    return EXIT.OK;
  }

  // Read once before listening: an unreadable feedback.json stops here (exit 2) instead of at the first autosave.
  reportCollected(await collectViewerData(target, { previous, mode: 'server' }), previous, ui);
  const server = await startViewerServer({
    port: port ?? DEFAULT_VIEWER_PORT,
    feedbackDir: target.iterationDir,
    page: async () => buildPage(await collectViewerData(target, { previous, mode: 'server' })),
    contentSecurityPolicy: contentSecurityPolicy('server'),
  });
  if (server.busyPorts.length > 0)
    ui.stderr(`plugin-eval: port(s) ${server.busyPorts.join(', ')} in use (left alone); serving on ${server.port}`);
  ui.stdout(
    `Review viewer: ${server.url}  (feedback to ${path.join(target.iterationDir, FEEDBACK_FILE)}; Ctrl-C to stop)\n`,
  );
  if (ui.signal) {
    if (!ui.signal.aborted) await once(ui.signal, 'abort');
  } else {
    await new Promise<never>(() => undefined);
  }
  await server.close();
  ui.stderr('plugin-eval: viewer stopped');
  return EXIT.INTERRUPTED;
}
