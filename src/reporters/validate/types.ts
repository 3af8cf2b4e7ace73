import type { ValidationReport } from '../../rules/validate/index.js';
import type { OutputTraits } from '../types.js';

/**
 * Output formats of `validate --output` (each one's reporter is the same name's row of VALIDATE_REPORTERS). Kept apart
 * from the reporters: the eager CLI needs the names for `--output`'s choices, and validate loads its reporters lazily.
 */
export const VALIDATE_OUTPUT_FORMATS = {
  text: { forTerminal: true, streams: false },
  json: { forTerminal: false, streams: false },
  sarif: { forTerminal: false, streams: false },
  junit: { forTerminal: false, streams: false },
} as const satisfies Record<string, OutputTraits>;
export type ValidateOutput = keyof typeof VALIDATE_OUTPUT_FORMATS;
export const VALIDATE_OUTPUTS = Object.keys(VALIDATE_OUTPUT_FORMATS) as [ValidateOutput, ...ValidateOutput[]];

export interface ValidateReporterOptions {
  /** ANSI colours (text only). */
  color: boolean;
  /** Errors only (text only: the machine formats always carry every diagnostic). */
  quiet?: boolean;
  /** Under each summary of a repeated diagnostic, the files it stands for (text only). */
  listFiles?: boolean;
  /** plugin-eval's version, for SARIF's tool driver. */
  toolVersion: string;
}

/** A pure function from a validation report to the output's text. */
export type ValidateReporter = (report: ValidationReport, options: ValidateReporterOptions) => string;
