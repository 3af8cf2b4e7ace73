import { ecosystemCoherence } from './ecosystem-coherence.js';
import { frontmatterQuality } from './frontmatter-quality.js';
import { harnessPortability } from './harness-portability.js';
import { orchestrationWiring } from './orchestration-wiring.js';
import { progressiveDisclosure } from './progressive-disclosure.js';
import { structuralCompleteness } from './structural-completeness.js';
import { tokenEfficiency } from './token-efficiency.js';
export { compatAntiPatterns } from './anti-patterns.js';
/** PluginEval 0.1.x's seven static sub-checks, in its order. */
export const compatChecks = [
    frontmatterQuality,
    orchestrationWiring,
    progressiveDisclosure,
    structuralCompleteness,
    tokenEfficiency,
    ecosystemCoherence,
    harnessPortability,
];
//# sourceMappingURL=index.js.map