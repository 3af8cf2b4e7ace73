/** Reporters for `validate --output`: pure functions from a ValidationReport to text, by format name. */
import { validateJsonReporter } from './json.js';
import { validateJunitReporter } from './junit.js';
import { validateSarifReporter } from './sarif.js';
import { validateTextReporter } from './text.js';
import type { ValidateOutput, ValidateReporter } from './types.js';

export const VALIDATE_REPORTERS: Readonly<Record<ValidateOutput, ValidateReporter>> = Object.freeze({
  text: validateTextReporter,
  json: validateJsonReporter,
  sarif: validateSarifReporter,
  junit: validateJunitReporter,
});

export {
  VALIDATE_OUTPUT_FORMATS,
  VALIDATE_OUTPUTS,
  type ValidateOutput,
  type ValidateReporter,
  type ValidateReporterOptions,
} from './types.js';
export {
  summariseDiagnostics,
  pathPattern,
  messageShape,
  SUMMARY_MIN_FILES,
  type DiagnosticGroup,
} from './summarise.js';
