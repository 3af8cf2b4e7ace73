import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { diagnostic } from '../model/diagnostic.js';
import { readJsonFile } from './json.js';
/** A remote plugin source in words: `github x/y`, `url https://...`, or the string as given. */
function describeRemote(source) {
    if (typeof source === 'string')
        return `remote source ${source}`;
    const s = source;
    const where = [s.repo, s.url, s.package].find((v) => typeof v === 'string');
    return `remote source (${String(s.source)}${where ? ` ${String(where)}` : ''})`;
}
/** Read and check `.claude-plugin/marketplace.json` under `dir`, or undefined when there is none. */
export async function readMarketplace(dir, displayPath) {
    const abs = path.join(dir, '.claude-plugin', 'marketplace.json');
    if (!existsSync(abs))
        return undefined;
    const file = `${displayPath}/.claude-plugin/marketplace.json`;
    const { MarketplaceManifest } = await import('../model/manifests.js');
    const m = await readJsonFile(abs, file, MarketplaceManifest, 'marketplace/schema', dir);
    const diagnostics = [...m.diagnostics];
    const localPlugins = [];
    if (m.ok) {
        const pluginRoot = m.value.metadata?.pluginRoot ?? '.';
        const names = new Set();
        for (const entry of m.value.plugins) {
            if (names.has(entry.name))
                diagnostics.push(diagnostic(file, 'marketplace/duplicate-plugin', 'error', `plugin "${entry.name}" is listed twice`));
            names.add(entry.name);
            const source = typeof entry.source === 'string' ? entry.source : undefined;
            if (!source || !/^\.{1,2}\//.test(source)) {
                // Remote sources (github, url, git, npm...) would need a download; say so rather than skip silently.
                diagnostics.push(diagnostic(file, 'marketplace/remote-source', 'warning', `plugin "${entry.name}" not scored: ${describeRemote(entry.source)} is not fetched`));
                continue;
            }
            const pluginDir = path.resolve(dir, pluginRoot, source);
            const isDir = statSync(pluginDir, { throwIfNoEntry: false })?.isDirectory() ?? false;
            if (!isDir) {
                diagnostics.push(diagnostic(file, 'marketplace/missing-source', 'error', `plugin "${entry.name}" not scored: source ${source} does not exist`));
                continue;
            }
            localPlugins.push({ name: entry.name, dir: pluginDir });
        }
    }
    return { manifest: m.ok ? m.value : undefined, localPlugins, diagnostics };
}
//# sourceMappingURL=marketplace.js.map