/**
 * The one mapping from resolved settings to the provider set-up (which provider, model, endpoint, cache, concurrency,
 * request timeout, prices): every command that builds a judge or a provider uses it, so a setting means the same thing everywhere.
 * Light on purpose (types only): provider-setup.ts itself loads the SDKs and is imported only when a provider is made.
 */
import type { ResolvedSettings } from '../config/resolve.js';
import type { SettingKey } from '../config/settings.js';
import type { ProviderSetupOptions } from './provider-setup.js';

/** `model`: the model this use asks for; default the `model` setting, else the first `judgeModels`. */
export function providerOptionsFrom(resolved: Pick<ResolvedSettings, 'settings' | 'provenance'>, model?: string): ProviderSetupOptions {
  const s = resolved.settings;
  const chosen = model ?? s.model ?? s.judgeModels?.[0];
  return {
    ...(s.provider !== undefined ? { provider: s.provider, ...(resolved.provenance.provider ? { providerFrom: resolved.provenance.provider } : {}) } : {}),
    ...(chosen !== undefined ? { model: chosen } : {}),
    ...(s.baseUrl !== undefined ? { baseUrl: s.baseUrl } : {}),
    noCache: !s.cache,
    concurrency: s.concurrency,
    requestTimeoutMs: Math.round(s.requestTimeout * 1000),
    ...(s.prices ? { prices: s.prices } : {}),
    ...(s.cacheTtlDays ? { cacheTtlDays: s.cacheTtlDays } : {}),
    ...(s.cacheDir ? { cacheDir: s.cacheDir } : {}),
  };
}

/** The provider flags of the judge and evals commands, in the order --help lists them. */
export const PROVIDER_FLAG_SETTINGS: readonly SettingKey[] = ['provider', 'model', 'baseUrl', 'requestTimeout', 'cache'];
