import { artifactUri, LEVELS, region, SARIF_SCHEMA, type SarifLevel } from '../sarif.js';
import type { ValidateReporter } from './types.js';

/**
 * SARIF 2.1.0 for `validate`: one run, one result per diagnostic (never summarised) at its error/warning/note level,
 * each rule declared once in the driver. Diagnostics' paths are already as the user gave them, so URIs are those
 * paths (file:// when absolute). What the rule configuration left out is in the run's properties.
 */
export const validateSarifReporter: ValidateReporter = (report, options) => {
  const rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: SarifLevel } }[] = [];
  const ruleIndex = new Map<string, number>();
  const results = report.diagnostics.map((d) => {
    const level = LEVELS[d.severity];
    let index = ruleIndex.get(d.ruleId);
    if (index === undefined) {
      index = rules.push({ id: d.ruleId, shortDescription: { text: d.ruleId }, defaultConfiguration: { level } }) - 1;
      ruleIndex.set(d.ruleId, index);
    }
    return {
      ruleId: d.ruleId,
      ruleIndex: index,
      level,
      message: { text: d.message },
      locations: [
        { physicalLocation: { artifactLocation: { uri: artifactUri('', d.file) }, ...region(d.line, d.column) } },
      ],
    };
  });
  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'plugin-eval', version: options.toolVersion, semanticVersion: options.toolVersion, rules },
        },
        invocations: [{ executionSuccessful: true }],
        results,
        properties: { targets: report.checked, disabledDiagnostics: report.disabled },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};
