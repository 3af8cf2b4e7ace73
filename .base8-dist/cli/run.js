import { Command, CommanderError, Option } from 'commander';
import { PluginEvalError, UsageError } from '../errors.js';
import { VERSION } from '../version.js';
import { EXIT } from './exit-codes.js';
import { addScoreOptions, runScore } from './score-command.js';
/** Which flags the user typed (a config file fills in the rest), and the --config file. */
function scoreContext(cmd) {
    const configFile = cmd.parent?.opts().config;
    return { explicit: (flag) => cmd.getOptionValueSource(flag) === 'cli', ...(configFile ? { configFile } : {}) };
}
/** Build the CLI. A thin shell: parse flags, call the library, print, return an exit code. */
export async function buildProgram(ui, setExit, argv = []) {
    const program = new Command('plugin-eval')
        .description('Measure the quality of Agent Skills and Claude Code plugins.')
        .version(VERSION)
        .option('--debug', 'show stack traces for unexpected errors')
        .option('--no-color', 'disable colours')
        .option('--config <file>', 'config file (default: plugin-eval.config.json or .plugin-eval.json here or in a parent folder)')
        .showSuggestionAfterError()
        .exitOverride();
    program.configureOutput({ writeOut: (s) => ui.stdout(s), writeErr: (s) => ui.stderr(s.replace(/\n$/, '')) });
    addScoreOptions(program.command('score').description('score skills, plugins, marketplaces or folders of them').argument('<path...>', 'skill folder, SKILL.md, plugin, marketplace or any folder holding skills'), { depth: 'quick' }).action(async (paths, flags, cmd) => setExit(await runScore(paths, flags, ui, scoreContext(cmd))));
    addScoreOptions(program.command('certify').description('score with every layer (deep depth) for a badge').argument('<path...>', 'skill or plugin'), { depth: 'deep' }).action(async (paths, flags, cmd) => setExit(await runScore(paths, flags, ui, scoreContext(cmd))));
    program
        .command('compare')
        .description('score two skills or plugins at quick depth and show each dimension with its delta')
        .argument('<a>', 'baseline')
        .argument('<b>', 'candidate')
        .addOption(new Option('--methodology <name>').choices(['default', 'compat']).default('default'))
        .addOption(new Option('--output <format>').choices(['text', 'json']).default('text'))
        .action(async (a, b, flags) => setExit(await (await import('./compare-command.js')).runCompare(a, b, flags, ui)));
    program
        .command('validate')
        .description('lint skills and plugins against the Agent Skills spec, skill-creator and Claude Code rules')
        .argument('<path...>', 'skills, plugins, marketplaces or folders')
        .addOption(new Option('--output <format>').choices(['text', 'json']).default('text'))
        .option('--quiet', 'only errors')
        .action(async (paths, flags) => setExit(await (await import('./validate-command.js')).runValidate(paths, flags, ui)));
    program
        .command('schema')
        .description('print the JSON Schema of a file format or output (no name: list them)')
        .argument('[name]', 'e.g. score-result, plugin-manifest, marketplace, hooks')
        .action(async (name) => setExit((await import('./schema-command.js')).runSchema(name, ui)));
    program
        .command('cache')
        .description('the response cache of LLM calls (SQLite under the user cache folder, PLUGIN_EVAL_CACHE_DIR to move it)')
        .argument('<action>', 'stats (entries, size, hits and misses across runs) or clear')
        .option('--json', 'stats as JSON')
        .action(async (action, flags) => {
        if (action !== 'stats' && action !== 'clear')
            throw new UsageError(`cache: unknown action "${action}"; use stats or clear`);
        setExit(await (await import('./cache-command.js')).runCache(action, ui, { json: flags.json === true }));
    });
    // The judge toolkit pulls in the LLM SDKs and many schemas; load it only when it is the command asked for,
    // so `score` starts fast. `plugin-eval --help` still lists it.
    if (argv.find((a) => !a.startsWith('-')) === 'judge') {
        const [{ registerJudgeCommands }, { makeProvider }] = await Promise.all([import('./judge-commands.js'), import('./provider-setup.js')]);
        registerJudgeCommands(program, {
            makeProvider,
            stdout: { write: (t) => ui.stdout(t) },
            stderr: { write: (t) => ui.stderr(t.replace(/\n$/, '')) },
            setExit,
        });
    }
    else {
        program.command('judge').description('LLM-as-judge toolkit: score, compare, rubric, calibrate, bias (see plugin-eval judge --help)').allowUnknownOption().argument('[args...]');
    }
    return program;
}
/** Run the CLI with the given argv; resolves to the exit code. Never throws. */
export async function runCli(argv, ui) {
    let code = EXIT.OK;
    const debug = argv.includes('--debug');
    const program = await buildProgram(ui, (c) => (code = c), argv);
    try {
        await program.parseAsync(argv, { from: 'user' });
        return code;
    }
    catch (err) {
        if (err instanceof CommanderError) {
            if (err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help')
                return EXIT.OK;
            return EXIT.INPUT; // commander already printed the message
        }
        if (err instanceof PluginEvalError) {
            if (err.code === 'CANCELLED') {
                ui.stderr('plugin-eval: cancelled; nothing was written');
                return EXIT.INTERRUPTED;
            }
            ui.stderr(`plugin-eval: ${err.message}`);
            if (err.code === 'NOT_MEASURED')
                ui.stderr('plugin-eval: stopped without a score: a result without this layer would claim a measurement that was never made (exit 3)');
            if (debug && err.stack)
                ui.stderr(err.stack);
            // A provider failure that outlived the retries means something could not be measured, not that it scored low.
            return err.code === 'PROVIDER' || err.code === 'NOT_MEASURED' ? EXIT.NOT_MEASURED : EXIT.INPUT;
        }
        ui.stderr(`plugin-eval: unexpected error: ${err instanceof Error ? err.message : String(err)}`);
        if (debug && err instanceof Error && err.stack)
            ui.stderr(err.stack);
        else
            ui.stderr('(run with --debug for details)');
        return EXIT.INPUT;
    }
}
//# sourceMappingURL=run.js.map