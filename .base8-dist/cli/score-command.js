import { Option } from 'commander';
import { score } from '../api/score.js';
import { UsageError } from '../errors.js';
import { DEPTH_PLAN, DEPTHS } from '../model/dimensions.js';
import { REPORTER_NAMES, REPORTERS } from '../reporters/index.js';
import { isBelowThreshold } from '../score/display.js';
import { VERSION } from '../version.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { EXIT } from './exit-codes.js';
import { progressBar } from './io.js';
import { formatDiagnostic } from './ui.js';
export function parseThreshold(value) {
    if (value === undefined)
        return undefined;
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0 || n > 100)
        throw new UsageError(`--threshold must be a number from 0 to 100, got "${value}"`);
    return n;
}
function parseJobs(value) {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > 64)
        throw new UsageError(`--jobs must be a whole number from 1 to 64, got "${value}"`);
    return n;
}
/** `score` and `certify` share everything but the depth. */
export function addScoreOptions(cmd, defaults) {
    return cmd
        .addOption(new Option('--depth <depth>', 'quick (static), standard (+ LLM judge), deep (+ Monte Carlo), thorough').choices(DEPTHS).default(defaults.depth))
        .addOption(new Option('--output <format>', 'output format').choices(REPORTER_NAMES).default('text'))
        .addOption(new Option('--format <shape>', 'JSON shape: native, or plugineval (PluginEval 0.1.x result shape)').choices(['native', 'plugineval']).default('native'))
        .option('--threshold <n>', 'exit 1 when any composite score is below n (0-100)')
        .addOption(new Option('--methodology <name>', 'default (fixed static analysis) or compat (PluginEval 0.1.x exactly)').choices(['default', 'compat']).default('default'))
        .option('--jobs <n>', 'targets scored at once', '4')
        .option('-o, --out <file>', 'write the report to a file (atomically) instead of stdout')
        .option('--provider <name>', 'LLM provider for the judge: anthropic, openai, ollama, claude-code (default: from the environment)')
        .option('--model <model>', 'judge model (alias haiku|sonnet|opus or an id)')
        .option('--judge-model <models>', 'a panel of judge models, comma-separated')
        .option('--judges <n>', 'independent judge samples per model', '1')
        .option('--base-url <url>', 'base URL of an OpenAI-compatible or Anthropic-compatible server')
        .option('--concurrency <n>', 'LLM calls in flight at once (halves on rate limits)', '4')
        .option('--budget-tokens <n>', 'token budget for the skill text shown to the judge', '24000')
        .option('--no-cache', 'neither read nor write the response cache');
}
/** The config file, loaded only when one exists (it needs zod, which a plain `score` never loads). */
async function loadCliConfig(explicitFile) {
    const { findConfigFile } = await import('../config/find.js');
    const file = explicitFile ?? findConfigFile(process.cwd());
    if (!file)
        return { config: {} };
    const { resolveConfig } = await import('../config/load.js');
    return resolveConfig(file);
}
function positiveInt(flag, value, max) {
    if (value === undefined)
        return undefined;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max)
        throw new UsageError(`${flag} must be a whole number from 1 to ${max}, got "${value}"`);
    return n;
}
/** The judge setup for depths that ask for Layer 2: provider selection, cache, concurrency (flags > config). */
async function judgeSetup(flags, config) {
    if (!DEPTH_PLAN[flags.depth].layers.includes('judge'))
        return undefined;
    const { makeProvider } = await import('./provider-setup.js');
    const judgeModels = flags.judgeModel?.split(',').map((m) => m.trim()).filter(Boolean) ?? config.judgeModels;
    const concurrency = positiveInt('--concurrency', flags.concurrency, 64) ?? config.concurrency;
    const provider = flags.provider ?? config.provider;
    const model = flags.model ?? config.model ?? judgeModels?.[0];
    const baseUrl = flags.baseUrl ?? config.baseURL;
    const made = await makeProvider({
        ...(provider ? { provider } : {}),
        ...(model ? { model } : {}),
        ...(baseUrl ? { baseUrl } : {}),
        noCache: !flags.cache || config.cache?.enabled === false,
        ...(concurrency ? { concurrency } : {}),
        ...(config.prices ? { prices: config.prices } : {}),
        ...(config.cache?.ttlDays ? { cacheTtlDays: config.cache.ttlDays } : {}),
    });
    const judges = positiveInt('--judges', flags.judges, 20) ?? config.judges;
    const budgetTokens = positiveInt('--budget-tokens', flags.budgetTokens, 1_000_000);
    return {
        provider: made.provider,
        model: made.model,
        description: made.description,
        ...(judgeModels && judgeModels.length > 1 ? { judgeModels } : {}),
        ...(judges ? { judges } : {}),
        ...(budgetTokens ? { budgetTokens } : {}),
    };
}
/**
 * `explicit` says which flags the user typed (commander's option value source), so a config file can supply
 * defaults for the rest.
 */
export async function runScore(paths, typed, ui, options = {}) {
    const { config } = await loadCliConfig(options.configFile);
    const explicit = options.explicit ?? (() => true);
    const flags = {
        ...typed,
        ...(config.methodology && !explicit('methodology') ? { methodology: config.methodology } : {}),
        ...(config.depth && !explicit('depth') ? { depth: config.depth } : {}),
        ...(config.threshold !== undefined && typed.threshold === undefined ? { threshold: String(config.threshold) } : {}),
        ...(explicit('judges') ? {} : { judges: undefined }),
        ...(explicit('concurrency') ? {} : { concurrency: undefined }),
    };
    const threshold = parseThreshold(flags.threshold);
    const jobs = parseJobs(flags.jobs);
    const judge = await judgeSetup(flags, config);
    if (judge && !ui.quiet)
        ui.stderr(`plugin-eval: judge: ${judge.description}${judge.judgeModels ? `; panel ${judge.judgeModels.join(', ')}` : ''}`);
    const bar = progressBar(ui.stderrIsTTY && !ui.quiet);
    // JSON Lines to stdout streams: each result is written as it is scored and then dropped, so memory stays
    // flat on a marketplace of thousands of skills.
    const streaming = flags.output === 'jsonl' && !flags.out;
    // The exit code depends only on these two facts, gathered as results arrive in either mode.
    let belowThreshold = false;
    let withErrors = false;
    let partial = false;
    // Said on stderr too, whatever the output format: a partial result must not pass unnoticed in CI logs.
    const gapLines = [];
    const run = await score(paths, {
        retainResults: !streaming,
        onResult: (r) => {
            // Decided on the composite as the reports show it (compat: unrounded, as PluginEval).
            belowThreshold ||= isBelowThreshold(r.composite.score, r.methodology, threshold);
            withErrors ||= r.diagnostics.some((d) => d.severity === 'error');
            partial ||= r.measurement.status === 'partial';
            for (const g of r.measurement.gaps) {
                gapLines.push(`plugin-eval: partial: ${r.target.path}: ${g.dimension} ${g.measured ? 'measured only in part' : 'not measured'} by ${g.layer}: ${firstLine(g.reason)}`);
            }
            if (streaming)
                ui.stdout(REPORTERS.jsonl([r], { color: false, width: ui.width, format: flags.format, toolVersion: VERSION }));
        },
        methodology: flags.methodology,
        depth: flags.depth,
        ...(judge ? { judge } : {}),
        jobs,
        signal: ui.signal,
        onProgress: (done, total, target) => total > 1 && bar.update(done, total, target.displayPath),
    });
    bar.finish();
    const results = run.results;
    const exit = () => exitCode({ failures: run.failures.length, belowThreshold, withErrors, partial, methodology: flags.methodology });
    if (streaming) {
        reportProblems(run, ui, gapLines);
        return exit();
    }
    const report = REPORTERS[flags.output](results, {
        color: ui.color && !flags.out && (flags.output === 'text'),
        width: ui.width,
        cutPaths: ui.cutPaths === true && !flags.out,
        format: flags.format,
        toolVersion: VERSION,
        ...(threshold !== undefined ? { threshold } : {}),
    });
    if (flags.out)
        await writeFileAtomic(flags.out, report.endsWith('\n') ? report : `${report}\n`);
    else
        ui.stdout(report.endsWith('\n') ? report : `${report}\n`);
    reportProblems(run, ui, gapLines);
    return exit();
}
const firstLine = (text) => text.split('\n', 1)[0] ?? '';
function reportProblems(run, ui, gapLines) {
    for (const line of gapLines)
        ui.stderr(line);
    if (gapLines.length > 0)
        ui.stderr('plugin-eval: the run was partial (exit 3): failed dimensions are scored from the other layers alone and no threshold is passed');
    for (const d of run.diagnostics)
        ui.stderr(formatDiagnostic(d, ui.color));
    for (const f of run.failures) {
        ui.stderr(`plugin-eval: could not score ${f.target.displayPath}:`);
        for (const d of f.diagnostics)
            ui.stderr(`  ${formatDiagnostic(d, ui.color)}`);
    }
}
/**
 * 2 if any target was unusable; 3 if any result is partial (a layer failed to measure something: the score
 * is not what a complete run would give, so it can neither pass nor fail a threshold); 1 if any score is
 * below the threshold or (default methodology) has errors.
 */
export function exitCode(run) {
    if (run.failures > 0)
        return EXIT.INPUT;
    if (run.partial)
        return EXIT.NOT_MEASURED;
    if (run.belowThreshold)
        return EXIT.FAILED;
    // PluginEval exits 0 whatever the diagnostics; compat keeps that so existing CI gates behave the same.
    if (run.methodology === 'default' && run.withErrors)
        return EXIT.FAILED;
    return EXIT.OK;
}
//# sourceMappingURL=score-command.js.map