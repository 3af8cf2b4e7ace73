/**
 * The review viewer of an evals workspace: collect what a run left, build one self-contained page, serve it on
 * 127.0.0.1.
 */
export {
  collectViewerData,
  promptFromTranscript,
  readFeedback,
  resolvePreviousTarget,
  resolveViewTarget,
  runIdOf,
  type CollectOptions,
  type ViewTarget,
} from './collect.js';
export { benchmarkView, tableOfValue } from './benchmark-view.js';
export { renderMarkdown } from './markdown.js';
export { escapeHtml } from '../../util/html-page.js';
export { BenchmarkView, OutputFileView, RunView, ViewerData } from './model.js';
export { DEFAULT_OUTPUT_LIMITS, DEFAULT_PAGE_BUDGET_BYTES, formatBytes, type OutputLimits } from './output-files.js';
export { buildPage, contentSecurityPolicy, embedJson } from './page.js';
export {
  DEFAULT_VIEWER_PORT,
  MAX_FEEDBACK_BODY_BYTES,
  VIEWER_HOST,
  parseFeedbackBody,
  startViewerServer,
  type ViewerServer,
  type ViewerServerOptions,
} from './server.js';
