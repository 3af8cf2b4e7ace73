import type { ValidationReport } from '../../validate/index.js';

/** Output formats of `validate --output`. */
export const VALIDATE_OUTPUTS = ['text', 'json', 'sarif', 'junit'] as const;
export type ValidateOutput = (typeof VALIDATE_OUTPUTS)[number];

export interface ValidateReporterOptions {
  /** ANSI colours (text only). */
  color: boolean;
  /** Errors only (text only: the machine formats always carry every diagnostic). */
  quiet?: boolean;
  /** plugin-eval's version, for SARIF's tool driver. */
  toolVersion: string;
}

/** A pure function from a validation report to the output's text. */
export type ValidateReporter = (report: ValidationReport, options: ValidateReporterOptions) => string;
