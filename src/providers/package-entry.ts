/**
 * The `plugin-eval/providers` entry point: the provider layer (providers/index.ts) plus `createProvider`, which
 * assembles a provider with reliability and the response cache. It lives here, above both folders, because
 * providers/ must not import cache/ (cache/ wraps providers).
 */
export * from './index.js';
export { createProvider } from './provider-stack.js';
export type { ProviderStackOptions } from './provider-stack.js';
