import { ecosystemCoherence } from './ecosystem-coherence.js';
import { frontmatterQuality } from './frontmatter-quality.js';
import { harnessPortability } from './harness-portability.js';
import { orchestrationWiring } from './orchestration-wiring.js';
import { progressiveDisclosure } from './progressive-disclosure.js';
import { structuralCompleteness } from './structural-completeness.js';
import { tokenEfficiency } from './token-efficiency.js';
export { defaultAntiPatterns } from './anti-patterns.js';
/** The default methodology's seven static sub-checks, in PluginEval's order. */
export const defaultChecks = [
    frontmatterQuality,
    orchestrationWiring,
    progressiveDisclosure,
    structuralCompleteness,
    tokenEfficiency,
    ecosystemCoherence,
    harnessPortability,
];
//# sourceMappingURL=index.js.map