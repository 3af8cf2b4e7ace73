/**
 * The library's `validate(paths, options)`: the linter, behind the same argument guard as `score` (check-options.ts).
 */
import { validate as validatePaths, type ValidateOptions, type ValidationReport } from '../rules/validate/index.js';
import { checkValidateArguments } from './check-options.js';

/**
 * Validate every skill and plugin under the given paths. Throws UsageError for bad arguments, InputError for unusable
 * paths.
 */
export async function validate(paths: readonly string[], options: ValidateOptions = {}): Promise<ValidationReport> {
  checkValidateArguments(paths, options);
  return validatePaths(paths, options);
}
