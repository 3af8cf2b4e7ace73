/**
 * `judge` CLI: score | compare | rubric | calibrate | bias | schema, a thin layer over
 * src/judgekit. Parse flags -> build judges through `deps.makeProvider` -> library call ->
 * renderer -> stdout or --out. Known problems are thrown as UsageError / InputError (exit 2 in
 * the main CLI); nothing here exits the process.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../util/atomic-write.js';
import { extname } from 'node:path';
import { Option } from 'commander';
import { z } from 'zod';
import { InputError, UsageError } from '../errors.js';
import { EXIT } from './exit-codes.js';
import { CompareBatch, CompareLine, DEFAULT_COMPARE_CRITERIA, PairwiseResult, ScoreBatch, ScoreItemResult, ScoreLine, attachRubrics, calibratePairwise, calibrateScores, comparePair, comparePairs, formatRubrics, generateRubric, judgeSchemas, loadCriteria, loadRubrics, mapBatch, pairwiseBiasReport, parseCriteria, readJsonl, readLabelled, renderers, scoreBiasReport, scoreDirect, scorePanel, scoreScreened, summariseCompareBatch, summariseScoreBatch, } from '../judgekit/index.js';
const list = (value) => value.split(',').map((s) => s.trim()).filter((s) => s !== '');
function parseScale(value) {
    const n = Number(value.replace(/^1-/, ''));
    if (n === 3 || n === 5 || n === 10)
        return n;
    throw new UsageError(`--scale must be 3, 5 or 10 (a 1-N scale), got "${value}"`);
}
function positiveInt(flag) {
    return (value) => {
        const n = Number(value);
        if (!Number.isInteger(n) || n < 1)
            throw new UsageError(`${flag} must be a positive integer, got "${value}"`);
        return n;
    };
}
function fraction(flag) {
    return (value) => {
        const n = Number(value);
        if (!Number.isFinite(n) || n < 0 || n > 1)
            throw new UsageError(`${flag} must be a number from 0 to 1, got "${value}"`);
        return n;
    };
}
function withCommon(command) {
    return command
        .option('--provider <name>', 'anthropic | openai | ollama | claude-code ...')
        .option('--model <model>', 'judge model (alias or id)')
        .option('--base-url <url>', 'API base URL of the provider')
        .option('--no-cache', 'neither read nor write the response cache')
        .addOption(new Option('--output <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
        .option('--out <file>', 'write the output to a file instead of stdout');
}
async function textOf(inline, file, flag, required) {
    if (inline !== undefined && file !== undefined)
        throw new UsageError(`use either --${flag} or --${flag}-file, not both`);
    if (file !== undefined) {
        try {
            return await readFile(file, 'utf8');
        }
        catch (error) {
            throw new InputError(`cannot read --${flag}-file ${file}: ${error.message}`, file, error);
        }
    }
    if (inline === undefined && required)
        throw new UsageError(`--${flag} (or --${flag}-file) is required without --input`);
    return inline;
}
export function registerJudgeCommands(program, deps) {
    const stdout = deps.stdout ?? process.stdout;
    const judge = program.command('judge').description('LLM-as-judge: direct scores, pairwise comparisons, rubrics, calibration and bias checks');
    const judgeFor = async (flags, model) => {
        const made = await deps.makeProvider({
            ...(flags.provider !== undefined ? { provider: flags.provider } : {}),
            ...((model ?? flags.model) !== undefined ? { model: model ?? flags.model } : {}),
            ...(flags.baseUrl !== undefined ? { baseUrl: flags.baseUrl } : {}),
            noCache: !flags.cache,
        });
        return { provider: made.provider, model: made.model, description: made.description };
    };
    const stderr = deps.stderr ?? process.stderr;
    const emit = async (flags, value) => {
        const text = renderers[flags.output](value);
        if (flags.out === undefined)
            stdout.write(text);
        else
            await writeFileAtomic(flags.out, text);
        // Written first, then said: the items that succeeded are kept, the ones that failed are listed with the reason.
        const missing = notMeasured(value);
        for (const line of missing)
            stderr.write(`plugin-eval: judge: not measured: ${line}\n`);
        if (missing.length > 0) {
            stderr.write(`plugin-eval: judge: the run was partial (exit 3): ${missing.length} not measured, everything else written\n`);
            deps.setExit?.(EXIT.NOT_MEASURED);
        }
    };
    /** Criteria from --criteria and/or --rubric; each criterion keeps its own rubric. */
    const criteriaFrom = async (spec, rubricFile, scale, fallback) => {
        const given = spec !== undefined ? await loadCriteria(spec) : [];
        if (rubricFile === undefined) {
            if (given.length === 0 && fallback === undefined)
                throw new UsageError('give --criteria (a JSON/YAML file or name:weight,...) or --rubric FILE');
            return { criteria: given.length > 0 ? given : (fallback ?? []), warnings: [] };
        }
        const rubrics = await loadRubrics(rubricFile);
        return attachRubrics(given.length > 0 ? parseCriteria(given) : [], rubrics, scale);
    };
    withCommon(judge.command('score').description('score responses against weighted criteria (direct scoring)'))
        .option('--criteria <spec>', 'criteria file (JSON/YAML) or name:weight,...')
        .option('--scale <n>', 'score scale: 3, 5 or 10', parseScale, 5)
        .option('--rubric <file>', 'rubric file (YAML/JSON) from `judge rubric`')
        .option('--input <file>', 'JSONL batch: {"prompt", "response", "context"?, "reference"?, "id"?, "model"?} per line')
        .option('--prompt <text>').option('--prompt-file <file>')
        .option('--response <text>').option('--response-file <file>')
        .option('--context <text>', 'context the response had to use')
        .option('--reference <text>', 'reference answer')
        .option('--judge-model <models>', 'one judge model, or several (a,b,c) for a panel (median per criterion)', list)
        .option('--screen-model <model>', 'cheap model that screens items first')
        .option('--screen-threshold <x>', 'normalised score (0-1) the screen must exceed to decide an item', fraction('--screen-threshold'), 0.7)
        .option('--length-normalise', 'penalise responses far from the target length')
        .option('--target-length <chars>', 'length without penalty (with --length-normalise)', positiveInt('--target-length'), 500)
        .action(async (flags) => {
        const scale = flags.scale;
        const { criteria, warnings } = await criteriaFrom(flags.criteria, flags.rubric, scale);
        for (const w of warnings)
            process.stderr.write(`warning: ${w}\n`);
        const models = flags.judgeModel ?? [];
        const judges = models.length > 0 ? await Promise.all(models.map((m) => judgeFor(flags, m))) : [await judgeFor(flags)];
        const screen = flags.screenModel !== undefined ? await judgeFor(flags, flags.screenModel) : undefined;
        const options = {
            criteria, scale, threshold: flags.screenThreshold,
            ...(flags.lengthNormalise ? { lengthNormalise: { targetLength: flags.targetLength } } : {}),
        };
        const main = judges.length > 1 ? judges : judges[0];
        const run = async (item) => {
            if (screen !== undefined)
                return scoreScreened(screen, main, item, options);
            if (Array.isArray(main))
                return scorePanel(main, item, options);
            return scoreDirect(main.provider, item, { ...options, model: main.model });
        };
        if (flags.input !== undefined) {
            const items = await readJsonl(flags.input, ScoreLine);
            const results = await mapBatch(items, 4, run);
            const candidateModels = items.flatMap((i) => (i.model !== undefined ? [i.model] : []));
            return emit(flags, summariseScoreBatch(results, { candidateModels }));
        }
        const prompt = (await textOf(flags.prompt, flags.promptFile, 'prompt', true));
        const response = (await textOf(flags.response, flags.responseFile, 'response', true));
        await emit(flags, await run({ prompt, response, context: flags.context, reference: flags.reference }));
    });
    const compareFlags = (command) => withCommon(command)
        .option('--criteria <spec>', 'criteria file (JSON/YAML) or name:weight,... (default: overall quality)')
        .option('--passes <n>', 'judge calls per pair, alternating positions (default 2)', positiveInt('--passes'), 2)
        .option('--no-ties', 'the judge must pick a winner')
        .option('--likert5', 'five-point verdicts: A>>B, A>B, A=B, B>A, B>>A')
        .option('--judge-model <model>', 'judge model (same as --model)');
    const compareOptions = async (flags) => {
        if (typeof flags.judgeModel === 'string' && flags.judgeModel.includes(','))
            throw new UsageError('panels (--judge-model a,b,c) are for `judge score`; pairwise takes one judge model');
        const ref = await judgeFor(flags, flags.judgeModel);
        const criteria = flags.criteria !== undefined ? await loadCriteria(flags.criteria) : DEFAULT_COMPARE_CRITERIA;
        const options = { model: ref.model, criteria, passes: flags.passes, allowTies: flags.ties, likert5: Boolean(flags.likert5) };
        return { ref, options };
    };
    compareFlags(judge.command('compare').description('compare two responses with position swapping'))
        .option('--input <file>', 'JSONL batch: {"prompt", "responseA", "responseB", "id"?, "modelA"?, "modelB"?} per line')
        .option('--prompt <text>').option('--prompt-file <file>')
        .option('--response-a <text>').option('--response-a-file <file>')
        .option('--response-b <text>').option('--response-b-file <file>')
        .option('--context <text>').option('--reference <text>')
        .action(async (flags) => {
        const { ref, options } = await compareOptions(flags);
        if (flags.input !== undefined) {
            const items = await readJsonl(flags.input, CompareLine);
            return emit(flags, summariseCompareBatch(await comparePairs(ref.provider, items, options), { judgeModels: [ref.model] }));
        }
        const input = {
            prompt: (await textOf(flags.prompt, flags.promptFile, 'prompt', true)),
            responseA: (await textOf(flags.responseA, flags.responseAFile, 'response-a', true)),
            responseB: (await textOf(flags.responseB, flags.responseBFile, 'response-b', true)),
            context: flags.context,
            reference: flags.reference,
        };
        await emit(flags, await comparePair(ref.provider, input, options));
    });
    withCommon(judge.command('rubric').description('generate a scoring rubric; --out FILE.yaml|.json saves it for `judge score --rubric`'))
        .option('--criterion <name>', 'criterion to write a rubric for')
        .option('--criteria <spec>', 'several criteria (file or name,...): one rubric each')
        .option('--description <text>', 'what the criterion measures')
        .option('--scale <n>', 'score scale: 3, 5 or 10', parseScale, 5)
        .option('--domain <domain>', 'domain whose terminology to use, e.g. "code review"')
        .addOption(new Option('--strictness <level>').choices(['lenient', 'balanced', 'strict']).default('balanced'))
        .option('--no-examples', 'no example text per level')
        .action(async (flags) => {
        const targets = flags.criteria !== undefined ? await loadCriteria(flags.criteria) : [];
        if (flags.criterion !== undefined)
            targets.push({ name: flags.criterion, description: flags.description ?? '' });
        if (targets.length === 0)
            throw new UsageError('give --criterion NAME (or --criteria)');
        const ref = await judgeFor(flags);
        const rubrics = [];
        for (const t of parseCriteria(targets)) {
            rubrics.push(await generateRubric(ref.provider, {
                criterion: t.name, description: t.description, scale: flags.scale, strictness: flags.strictness,
                includeExamples: flags.examples, ...(flags.domain !== undefined ? { domain: flags.domain } : {}),
            }, { model: ref.model }));
        }
        const out = flags.out;
        if (out !== undefined && ['.yaml', '.yml', '.json'].includes(extname(out).toLowerCase())) {
            // Saved in the rubric file format, so `judge score --rubric` can read it back.
            await writeFileAtomic(out, formatRubrics(rubrics.length === 1 ? rubrics[0] : rubrics, out));
            return;
        }
        for (const r of rubrics)
            await emit(flags, r);
    });
    compareFlags(withCommonScoring(judge.command('calibrate').description('measure judge agreement with human labels')))
        .requiredOption('--input <file>', 'JSONL of labelled items: {"prompt","response","humanScore"} or {"prompt","responseA","responseB","humanVerdict"}')
        .option('--tolerance <points>', 'score differences up to this many points are not listed as disagreements', Number, 0)
        .action(async (flags) => {
        const labelled = await readLabelled(flags.input);
        if (labelled.mode === 'pairwise') {
            const { ref, options } = await compareOptions(flags);
            return emit(flags, await calibratePairwise(ref.provider, labelled.items, options));
        }
        const scale = flags.scale;
        const { criteria } = await criteriaFrom(flags.criteria, flags.rubric, scale, DEFAULT_COMPARE_CRITERIA);
        const ref = await judgeFor(flags, flags.judgeModel);
        await emit(flags, await calibrateScores(ref.provider, labelled.items, { model: ref.model, criteria, scale, tolerance: flags.tolerance }));
    });
    compareFlags(judge.command('bias').description('bias report over saved results (--results) or over pairs judged now (--input)'))
        .option('--results <file>', 'JSON output of `judge score|compare --input ... --output json`, or JSONL of results')
        .option('--input <file>', 'JSONL pairs to compare now, as for `judge compare --input`')
        .option('--candidate-model <models>', 'models that wrote the responses (self-enhancement check)', list)
        .action(async (flags) => {
        const bias = { candidateModels: flags.candidateModel ?? [], judgeModels: [flags.judgeModel ?? flags.model].filter((m) => typeof m === 'string') };
        if (flags.results !== undefined)
            return emit(flags, await biasOfSaved(flags.results, bias));
        if (flags.input === undefined)
            throw new UsageError('give --results FILE or --input FILE.jsonl');
        const { ref, options } = await compareOptions(flags);
        const items = await readJsonl(flags.input, CompareLine);
        await emit(flags, pairwiseBiasReport(await comparePairs(ref.provider, items, options), { ...bias, judgeModels: [ref.model] }));
    });
    judge.command('schema').description('print the JSON Schema of a judge output format')
        .argument('<name>', `one of: ${Object.keys(judgeSchemas).join(', ')}`)
        .action((name) => {
        const schema = judgeSchemas[name];
        if (schema === undefined)
            throw new UsageError(`unknown schema "${name}"; known: ${Object.keys(judgeSchemas).join(', ')}`);
        stdout.write(`${JSON.stringify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }), null, 2)}\n`);
    });
    return judge;
}
/** What a judge output failed to measure, one line each (empty when everything was measured). */
export function notMeasured(value) {
    if (!('kind' in value))
        return [];
    const oneLine = (text) => text.replace(/\s+/g, ' ').trim();
    switch (value.kind) {
        case 'score-batch':
        case 'compare-batch':
            return value.failed.map((f) => `item ${f.index + 1}${f.id !== undefined ? ` (id ${f.id})` : ''}: ${oneLine(f.reason)}`);
        case 'direct':
        case 'panel':
        case 'pairwise':
            return value.status === 'unmeasured' ? [oneLine(value.kind === 'panel' ? value.warnings.join('; ') : (value.reason ?? 'unmeasured'))] : [];
        case 'screened':
            return value.final.status === 'unmeasured' ? notMeasured(value.final) : [];
        case 'calibration':
            return value.unmeasured > 0 ? [`${value.unmeasured} of ${value.n} labelled items (left out of the agreement metrics)`] : [];
        default:
            return [];
    }
}
/** Scoring flags calibrate needs besides the compare ones. */
function withCommonScoring(command) {
    return command
        .option('--scale <n>', 'score scale: 3, 5 or 10', parseScale, 5)
        .option('--rubric <file>', 'rubric file for score calibration');
}
const SavedResults = z.union([CompareBatch, ScoreBatch, z.array(PairwiseResult).min(1), z.array(ScoreItemResult).min(1)]);
const SavedLine = z.union([PairwiseResult, ScoreItemResult]);
async function biasOfSaved(path, bias) {
    let text;
    try {
        text = await readFile(path, 'utf8');
    }
    catch (error) {
        throw new InputError(`cannot read --results ${path}: ${error.message}`, path, error);
    }
    let items;
    let whole;
    try {
        whole = JSON.parse(text);
    }
    catch {
        whole = undefined;
    }
    if (whole !== undefined) {
        const parsed = SavedResults.safeParse(whole);
        if (!parsed.success)
            throw new InputError(`${path}: not judge results:\n${z.prettifyError(parsed.error)}`, path);
        items = Array.isArray(parsed.data) ? parsed.data : parsed.data.items;
    }
    else {
        items = await readJsonl(path, SavedLine);
    }
    const pairwise = items.filter((i) => i.kind === 'pairwise');
    if (pairwise.length > 0 && pairwise.length !== items.length)
        throw new InputError(`${path}: mixes pairwise and score results`, path);
    return pairwise.length > 0 ? pairwiseBiasReport(pairwise, bias) : scoreBiasReport(items, bias);
}
//# sourceMappingURL=judge-commands.js.map