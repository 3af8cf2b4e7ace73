import { type Diagnostic } from '../model/diagnostic.js';
import type { MarketplaceManifest } from '../model/manifests.js';
export interface Marketplace {
    manifest: MarketplaceManifest | undefined;
    /** Local plugin folders the marketplace lists (remote sources are not fetched). */
    localPlugins: {
        name: string;
        dir: string;
    }[];
    diagnostics: Diagnostic[];
}
/** Read and check `.claude-plugin/marketplace.json` under `dir`, or undefined when there is none. */
export declare function readMarketplace(dir: string, displayPath: string): Promise<Marketplace | undefined>;
