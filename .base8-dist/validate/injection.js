import { diagnostic } from '../model/diagnostic.js';
import { injectionAttemptRule } from '../rules/injection-attempt.js';
/** The shared INJECTION_ATTEMPT rule as a validation error, with file, line and column. */
export const skillInjection = {
    id: 'skill/injection-attempt',
    appliesTo: 'skill',
    description: injectionAttemptRule.description,
    check(skill) {
        return injectionAttemptRule.find(skill).map((h) => diagnostic(h.file, 'skill/injection-attempt', 'error', injectionAttemptRule.describe(h), h.line, h.column));
    },
};
//# sourceMappingURL=injection.js.map