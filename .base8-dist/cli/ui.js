import pc from 'picocolors';
/** COLUMNS when it is a positive whole number (the user's explicit choice), else the terminal's width within 60-120, else 80. */
export function reportWidth(columnsEnv, terminalColumns) {
    const columns = Number(columnsEnv);
    if (columnsEnv !== undefined && columnsEnv.trim() !== '' && Number.isInteger(columns) && columns > 0)
        return columns;
    return terminalColumns ? Math.max(60, Math.min(terminalColumns, 120)) : 80;
}
/** `file:line:col  severity  rule  message`, the shape editors and CI annotate from. */
export function formatDiagnostic(d, color) {
    const c = pc.createColors(color);
    const where = `${d.file}${d.line > 0 ? `:${d.line}:${d.column || 1}` : ''}`;
    const sev = d.severity === 'error' ? c.red('error') : d.severity === 'warning' ? c.yellow('warning') : c.blue('info');
    return `${where}  ${sev}  ${c.dim(d.ruleId)}  ${d.message}`;
}
//# sourceMappingURL=ui.js.map