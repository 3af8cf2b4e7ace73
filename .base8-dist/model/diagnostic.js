export function diagnostic(file, ruleId, severity, message, line = 0, column = 0) {
    return { file, line, column, severity, ruleId, message };
}
//# sourceMappingURL=diagnostic.js.map