#!/usr/bin/env node
import { EXIT } from './exit-codes.js';
import { runCli } from './run.js';
import { reportWidth } from './ui.js';
function processUi(argv) {
    const controller = new AbortController();
    process.once('SIGINT', () => controller.abort());
    const color = !argv.includes('--no-color') && !process.env.NO_COLOR && (Boolean(process.stdout.isTTY) || Boolean(process.env.FORCE_COLOR));
    return {
        stdout: (text) => process.stdout.write(text),
        stderr: (line) => process.stderr.write(`${line}\n`),
        color,
        stderrIsTTY: Boolean(process.stderr.isTTY),
        quiet: false,
        width: reportWidth(process.env.COLUMNS, process.stdout.isTTY ? process.stdout.columns : undefined),
        cutPaths: Boolean(process.stdout.isTTY),
        signal: controller.signal,
    };
}
const argv = process.argv.slice(2);
runCli(argv, processUi(argv)).then((code) => {
    process.exitCode = code;
}, () => {
    process.exitCode = EXIT.INPUT;
});
//# sourceMappingURL=main.js.map