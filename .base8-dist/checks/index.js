import { compatAntiPatterns, compatChecks } from './compat/index.js';
import { defaultAntiPatterns, defaultChecks } from './default/index.js';
/** The one registry of static checks and anti-pattern rules, per methodology. */
export const REGISTRY = Object.freeze({
    default: { checks: defaultChecks, antiPatterns: defaultAntiPatterns },
    compat: { checks: compatChecks, antiPatterns: compatAntiPatterns },
});
//# sourceMappingURL=index.js.map