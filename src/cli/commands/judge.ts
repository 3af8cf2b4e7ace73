/**
 * `judge` CLI: score | compare | rubric | calibrate | bias | schema, a thin layer over
 * src/judgekit. Parse flags -> build judges through `deps.makeProvider` -> library call ->
 * renderer -> stdout or --out. Known problems are thrown as UsageError / InputError (exit 2 in
 * the main CLI); nothing here exits the process.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../../util/atomic-write.js';
import { extname } from 'node:path';
import { numberOption, readNumber } from '../../config/numbers.js';
import type { Command } from 'commander';
import { Option } from 'commander';
import { z } from 'zod';
import { InputError, UsageError } from '../../errors.js';
import { describeSettings, resolveSettings, type ResolvedSettings } from '../../config/resolve.js';
import { EXIT } from '../exit-codes.js';
import { parseJsonText } from '../../parse/json.js';
import { measuredInPart, notMeasured } from '../../judge/kit/unmeasured.js';
import { providerOptionsFrom } from '../../config/provider-setup.js';
import { addSettings, PROVIDER_FLAG_SETTINGS, typedSettings } from '../setting-flags.js';
import type { MadeProvider, ProviderSetupOptions } from '../../config/provider-setup.js';
import {
  CompareBatch,
  CompareLine,
  DEFAULT_COMPARE_CRITERIA,
  PairwiseResult,
  ScoreBatch,
  ScoreItemResult,
  ScoreLine,
  attachRubrics,
  calibratePairwise,
  calibrateScores,
  comparePair,
  comparePairs,
  formatRubrics,
  generateRubric,
  judgeSchemas,
  loadCriteria,
  loadRubrics,
  mapBatch,
  pairwiseBiasReport,
  parseCriteria,
  readJsonl,
  readLabelled,
  renderers,
  scoreBiasReport,
  scoreDirect,
  scorePanel,
  scoreScreened,
  summariseCompareBatch,
  summariseScoreBatch,
} from '../../judge/kit/index.js';
import type {
  CompareOptions,
  CriterionInput,
  JudgeOutput,
  JudgeRef,
  OutputFormat,
  Rubric,
  Scale,
  ScoreInput,
  ScreenOptions,
} from '../../judge/kit/index.js';

export type { MadeProvider };

export interface JudgeCommandDeps {
  makeProvider: (opts: ProviderSetupOptions) => Promise<MadeProvider>;
  /**
   * Where the judge commands resolve their settings from (flags > environment > config file > defaults):
   * the global --config file, the environment (default process.env) and the folder a config is looked for from.
   */
  settings?: { configFile?: () => string | undefined; env?: NodeJS.ProcessEnv; cwd?: string };
  /** Where results go without --out; default process.stdout. */
  stdout?: { write(text: string): unknown };
  /** Where "not measured" lines go; default process.stderr. */
  stderr?: { write(text: string): unknown };
  /** Sets the exit code: 3 when something could not be measured (a partial batch, an unmeasured item). */
  setExit?: (code: number) => void;
  /**
   * Ctrl-C. Every model call gets it, so the first Ctrl-C cancels the calls in flight and queued and the command
   * ends as a cancelled run (exit 130, nothing written) instead of spending on to the end of a batch.
   */
  signal?: AbortSignal;
}

interface CommonFlags {
  provider?: string;
  model?: string;
  baseUrl?: string;
  requestTimeout?: string;
  cache: boolean;
  output: OutputFormat;
  out?: string;
  verbose?: boolean;
}

/** The settings a judge command uses, as --verbose lists them. */
const JUDGE_COMMAND_SETTINGS = [
  'provider',
  'model',
  'judgeModels',
  'baseUrl',
  'concurrency',
  'requestTimeout',
  'cache',
  'cacheTtlDays',
  'cacheDir',
  'prices',
  'credentials',
  'configFile',
];

const list = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');

function parseScale(value: string): Scale {
  const n = readNumber(value.trim().replace(/^1-/, ''), { whole: true });
  if (n === 3 || n === 5 || n === 10) return n;
  throw new UsageError(`--scale must be 3, 5 or 10 (a 1-N scale), got "${value}"`);
}

const positiveInt = (flag: string) => numberOption(flag, { whole: true, min: 1 });
const fraction = (flag: string) => numberOption(flag, { min: 0, max: 1 });

function withCommon(command: Command): Command {
  return addSettings(command, 'judge', PROVIDER_FLAG_SETTINGS, {
    provider: 'anthropic | openai | ollama | claude-code ...',
    model: 'judge model (alias or id)',
    baseUrl: 'API base URL of the provider',
  })
    .addOption(new Option('--output <format>', 'output format').choices(Object.keys(renderers)).default('text'))
    .option('--out <file>', 'write the output to a file instead of stdout')
    .option('--verbose', 'say on stderr which judge runs and where each setting came from');
}

async function textOf(
  inline: string | undefined,
  file: string | undefined,
  flag: string,
  required: boolean,
): Promise<string | undefined> {
  if (inline !== undefined && file !== undefined)
    throw new UsageError(`use either --${flag} or --${flag}-file, not both`);
  if (file !== undefined) {
    try {
      return await readFile(file, 'utf8');
    } catch (error) {
      throw new InputError(`cannot read --${flag}-file ${file}: ${(error as Error).message}`, file, error);
    }
  }
  if (inline === undefined && required)
    throw new UsageError(`--${flag} (or --${flag}-file) is required without --input`);
  return inline;
}

export function registerJudgeCommands(program: Command, deps: JudgeCommandDeps): Command {
  const stdout = deps.stdout ?? process.stdout;
  const judge = program
    .command('judge')
    .description('LLM-as-judge: direct scores, pairwise comparisons, rubrics, calibration and bias checks');

  const stderr = deps.stderr ?? process.stderr;
  const signal = deps.signal ? { signal: deps.signal } : {};

  // One resolution per command run (a panel asks for several judges with the same flags).
  const resolvedFor = new WeakMap<CommonFlags, Promise<ResolvedSettings>>();
  const settingsOf = (flags: CommonFlags): Promise<ResolvedSettings> => {
    let resolved = resolvedFor.get(flags);
    if (resolved === undefined) {
      const configFile = deps.settings?.configFile?.();
      resolved = resolveSettings({
        command: 'judge',
        given: typedSettings(flags, PROVIDER_FLAG_SETTINGS),
        ...(configFile !== undefined ? { config: configFile } : {}),
        ...(deps.settings?.env ? { env: deps.settings.env } : {}),
        ...(deps.settings?.cwd ? { cwd: deps.settings.cwd } : {}),
      }).then((r) => {
        if (flags.verbose)
          stderr.write(
            `plugin-eval: judge: ` +
              `settings: ${describeSettings(r.provenance, { all: true, only: JUDGE_COMMAND_SETTINGS })}\n`,
          );
        return r;
      });
      resolvedFor.set(flags, resolved);
    }
    return resolved;
  };

  const judgeFor = async (flags: CommonFlags, model?: string): Promise<JudgeRef & { description: string }> => {
    const resolved = await settingsOf(flags);
    const made = await deps.makeProvider(providerOptionsFrom(resolved, model ?? resolved.settings.model));
    if (flags.verbose) stderr.write(`plugin-eval: judge: ${made.description}\n`);
    return { provider: made.provider, model: made.model, description: made.description };
  };

  const emit = async (flags: CommonFlags, value: JudgeOutput): Promise<void> => {
    const text = renderers[flags.output](value);
    if (flags.out === undefined) stdout.write(text);
    else await writeFileAtomic(flags.out, text);
    // Written first, then said: the items that succeeded are kept, the ones that failed are listed with the reason.
    const missing = notMeasured(value);
    const inPart = measuredInPart(value);
    for (const line of missing) stderr.write(`plugin-eval: judge: not measured: ${line}\n`);
    for (const line of inPart) stderr.write(`plugin-eval: judge: measured only in part: ${line}\n`);
    if (missing.length > 0 || inPart.length > 0) {
      const counts = [
        missing.length > 0 ? `${missing.length} not measured` : '',
        inPart.length > 0 ? `${inPart.length} measured only in part` : '',
      ]
        .filter(Boolean)
        .join(', ');
      stderr.write(`plugin-eval: judge: the run was partial (exit 3): ${counts}, everything else written\n`);
      deps.setExit?.(EXIT.NOT_MEASURED);
    }
  };

  /** Criteria from --criteria and/or --rubric; each criterion keeps its own rubric. */
  const criteriaFrom = async (
    spec: string | undefined,
    rubricFile: string | undefined,
    scale: Scale,
    fallback?: CriterionInput[],
  ) => {
    const given = spec !== undefined ? await loadCriteria(spec) : [];
    if (rubricFile === undefined) {
      if (given.length === 0 && fallback === undefined)
        throw new UsageError('give --criteria (a JSON/YAML file or name:weight,...) or --rubric FILE');
      return { criteria: given.length > 0 ? given : (fallback ?? []), warnings: [] as string[] };
    }
    const rubrics = await loadRubrics(rubricFile);
    return attachRubrics(given.length > 0 ? parseCriteria(given) : [], rubrics, scale);
  };

  withCommon(judge.command('score').description('score responses against weighted criteria (direct scoring)'))
    .option('--criteria <spec>', 'criteria file (JSON/YAML) or name:weight,...')
    .option('--scale <n>', 'score scale: 3, 5 or 10', parseScale, 5 as Scale)
    .option('--rubric <file>', 'rubric file (YAML/JSON) from `judge rubric`')
    .option('--input <file>', 'JSONL batch: {"prompt", "response", "context"?, "reference"?, "id"?, "model"?} per line')
    .option('--prompt <text>')
    .option('--prompt-file <file>')
    .option('--response <text>')
    .option('--response-file <file>')
    .option('--context <text>', 'context the response had to use')
    .option('--reference <text>', 'reference answer')
    .option('--judge-model <models>', 'one judge model, or several (a,b,c) for a panel (mean per criterion)', list)
    .option('--screen-model <model>', 'cheap model that screens items first')
    .option(
      '--screen-threshold <x>',
      'normalised score (0-1) the screen must exceed to decide an item',
      fraction('--screen-threshold'),
      0.7,
    )
    .option('--length-normalise', 'penalise responses far from the target length')
    .option(
      '--target-length <chars>',
      'length without penalty (with --length-normalise)',
      positiveInt('--target-length'),
      500,
    )
    .action(async (flags: CommonFlags & Record<string, unknown>) => {
      const scale = flags.scale as Scale;
      const { criteria, warnings } = await criteriaFrom(
        flags.criteria as string | undefined,
        flags.rubric as string | undefined,
        scale,
      );
      for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
      // A panel from --judge-model, else the config file's judgeModels (the same key `score` uses).
      const models = (flags.judgeModel as string[] | undefined) ?? (await settingsOf(flags)).settings.judgeModels ?? [];
      const judges =
        models.length > 0 ? await Promise.all(models.map((m) => judgeFor(flags, m))) : [await judgeFor(flags)];
      const screen = flags.screenModel !== undefined ? await judgeFor(flags, flags.screenModel as string) : undefined;
      const options: ScreenOptions = {
        criteria,
        scale,
        threshold: flags.screenThreshold as number,
        ...signal,
        ...(flags.lengthNormalise ? { lengthNormalise: { targetLength: flags.targetLength as number } } : {}),
      };
      const main = judges.length > 1 ? judges : (judges[0] as JudgeRef);
      const run = async (item: ScoreInput) => {
        if (screen !== undefined) return scoreScreened(screen, main, item, options);
        if (Array.isArray(main)) return scorePanel(main as JudgeRef[], item, options);
        return scoreDirect((main as JudgeRef).provider, item, { ...options, model: (main as JudgeRef).model });
      };
      if (flags.input !== undefined) {
        const items = await readJsonl(flags.input as string, ScoreLine);
        const results = await mapBatch(items, 4, run);
        const candidateModels = items.flatMap((i) => (i.model !== undefined ? [i.model] : []));
        return emit(flags, summariseScoreBatch(results, { candidateModels }));
      }
      const prompt = (await textOf(
        flags.prompt as string | undefined,
        flags.promptFile as string | undefined,
        'prompt',
        true,
      )) as string;
      const response = (await textOf(
        flags.response as string | undefined,
        flags.responseFile as string | undefined,
        'response',
        true,
      )) as string;
      await emit(
        flags,
        await run({
          prompt,
          response,
          context: flags.context as string | undefined,
          reference: flags.reference as string | undefined,
        }),
      );
    });

  const compareFlags = (command: Command): Command =>
    withCommon(command)
      .option('--criteria <spec>', 'criteria file (JSON/YAML) or name:weight,... (default: overall quality)')
      .option('--passes <n>', 'judge calls per pair, alternating positions (default 2)', positiveInt('--passes'), 2)
      .option('--no-ties', 'the judge must pick a winner')
      .option('--likert5', 'five-point verdicts: A>>B, A>B, A=B, B>A, B>>A')
      .option('--judge-model <model>', 'judge model (same as --model)');

  const compareOptions = async (flags: CommonFlags & Record<string, unknown>) => {
    if (typeof flags.judgeModel === 'string' && flags.judgeModel.includes(','))
      throw new UsageError('panels (--judge-model a,b,c) are for `judge score`; pairwise takes one judge model');
    const ref = await judgeFor(flags, flags.judgeModel as string | undefined);
    const criteria =
      flags.criteria !== undefined ? await loadCriteria(flags.criteria as string) : DEFAULT_COMPARE_CRITERIA;
    const options: CompareOptions = {
      model: ref.model,
      criteria,
      passes: flags.passes as number,
      allowTies: flags.ties as boolean,
      likert5: Boolean(flags.likert5),
      ...signal,
    };
    return { ref, options };
  };

  compareFlags(judge.command('compare').description('compare two responses with position swapping'))
    .option('--input <file>', 'JSONL batch: {"prompt", "responseA", "responseB", "id"?, "modelA"?, "modelB"?} per line')
    .option('--prompt <text>')
    .option('--prompt-file <file>')
    .option('--response-a <text>')
    .option('--response-a-file <file>')
    .option('--response-b <text>')
    .option('--response-b-file <file>')
    .option('--context <text>')
    .option('--reference <text>')
    .action(async (flags: CommonFlags & Record<string, unknown>) => {
      const { ref, options } = await compareOptions(flags);
      if (flags.input !== undefined) {
        const items = await readJsonl(flags.input as string, CompareLine);
        return emit(
          flags,
          summariseCompareBatch(await comparePairs(ref.provider, items, options), { judgeModels: [ref.model] }),
        );
      }
      const input = {
        prompt: (await textOf(
          flags.prompt as string | undefined,
          flags.promptFile as string | undefined,
          'prompt',
          true,
        )) as string,
        responseA: (await textOf(
          flags.responseA as string | undefined,
          flags.responseAFile as string | undefined,
          'response-a',
          true,
        )) as string,
        responseB: (await textOf(
          flags.responseB as string | undefined,
          flags.responseBFile as string | undefined,
          'response-b',
          true,
        )) as string,
        context: flags.context as string | undefined,
        reference: flags.reference as string | undefined,
      };
      await emit(flags, await comparePair(ref.provider, input, options));
    });

  withCommon(
    judge
      .command('rubric')
      .description('generate a scoring rubric; --out FILE.yaml|.json saves it for `judge score --rubric`'),
  )
    .option('--criterion <name>', 'criterion to write a rubric for')
    .option('--criteria <spec>', 'several criteria (file or name,...): one rubric each')
    .option('--description <text>', 'what the criterion measures')
    .option('--scale <n>', 'score scale: 3, 5 or 10', parseScale, 5 as Scale)
    .option('--domain <domain>', 'domain whose terminology to use, e.g. "code review"')
    .addOption(new Option('--strictness <level>').choices(['lenient', 'balanced', 'strict']).default('balanced'))
    .option('--no-examples', 'no example text per level')
    .action(async (flags: CommonFlags & Record<string, unknown>) => {
      const targets: CriterionInput[] =
        flags.criteria !== undefined ? await loadCriteria(flags.criteria as string) : [];
      if (flags.criterion !== undefined)
        targets.push({ name: flags.criterion as string, description: (flags.description as string | undefined) ?? '' });
      if (targets.length === 0) throw new UsageError('give --criterion NAME (or --criteria)');
      const ref = await judgeFor(flags);
      const rubrics: Rubric[] = [];
      for (const t of parseCriteria(targets)) {
        rubrics.push(
          await generateRubric(
            ref.provider,
            {
              criterion: t.name,
              description: t.description,
              scale: flags.scale as Scale,
              strictness: flags.strictness as Rubric['strictness'],
              includeExamples: flags.examples as boolean,
              ...(flags.domain !== undefined ? { domain: flags.domain as string } : {}),
            },
            { model: ref.model, ...signal },
          ),
        );
      }
      const out = flags.out;
      if (out !== undefined && ['.yaml', '.yml', '.json'].includes(extname(out).toLowerCase())) {
        // Saved in the rubric file format, so `judge score --rubric` can read it back.
        await writeFileAtomic(out, formatRubrics(rubrics.length === 1 ? (rubrics[0] as Rubric) : rubrics, out));
        return;
      }
      for (const r of rubrics) await emit(flags, r);
    });

  compareFlags(withCommonScoring(judge.command('calibrate').description('measure judge agreement with human labels')))
    .option(
      '--input <file>',
      'JSONL of labelled items: {"prompt","response","humanScore"} or ' +
        '{"prompt","responseA","responseB","humanVerdict"}',
    )
    .option(
      '--tolerance <points>',
      'score differences up to this many points are not listed as disagreements',
      Number,
      0,
    )
    .option(
      '--from-logs',
      'instead of --input: judge the logged skill executions people rated, and measure agreement with their ratings',
    )
    .option('--skill <plugin:skill>', 'with --from-logs: only this skill')
    .option(
      '--logs-dir <dir>',
      'with --from-logs: the logs folder (default: $CLAUDE_HOME/skills/logs, else ~/.claude/skills/logs)',
    )
    .action(async (flags: CommonFlags & Record<string, unknown>) => {
      if (flags.fromLogs) {
        if (flags.input !== undefined) throw new UsageError('use either --input or --from-logs, not both');
        const { runCalibrateFromLogs } = await import('../judge-calibrate-logs.js');
        return runCalibrateFromLogs(flags as CommonFlags & { skill?: string; logsDir?: string }, {
          judge: () => judgeFor(flags, flags.judgeModel as string | undefined),
          stdout,
          stderr,
          ...signal,
          ...(deps.setExit ? { setExit: deps.setExit } : {}),
          ...(deps.settings?.env ? { env: deps.settings.env } : {}),
        });
      }
      if (flags.input === undefined)
        throw new UsageError(
          "give --input FILE (labelled items) or --from-logs (people's ratings in the execution logs)",
        );
      const labelled = await readLabelled(flags.input as string);
      if (labelled.mode === 'pairwise') {
        const { ref, options } = await compareOptions(flags);
        return emit(flags, await calibratePairwise(ref.provider, labelled.items, options));
      }
      const scale = flags.scale as Scale;
      const { criteria } = await criteriaFrom(
        flags.criteria as string | undefined,
        flags.rubric as string | undefined,
        scale,
        DEFAULT_COMPARE_CRITERIA,
      );
      const ref = await judgeFor(flags, flags.judgeModel as string | undefined);
      await emit(
        flags,
        await calibrateScores(ref.provider, labelled.items, {
          model: ref.model,
          criteria,
          scale,
          tolerance: flags.tolerance as number,
          ...signal,
        }),
      );
    });

  compareFlags(
    judge.command('bias').description('bias report over saved results (--results) or over pairs judged now (--input)'),
  )
    .option('--results <file>', 'JSON output of `judge score|compare --input ... --output json`, or JSONL of results')
    .option('--input <file>', 'JSONL pairs to compare now, as for `judge compare --input`')
    .option('--candidate-model <models>', 'models that wrote the responses (self-enhancement check)', list)
    .action(async (flags: CommonFlags & Record<string, unknown>) => {
      const bias = {
        candidateModels: (flags.candidateModel as string[] | undefined) ?? [],
        judgeModels: [flags.judgeModel ?? flags.model].filter((m): m is string => typeof m === 'string'),
      };
      if (flags.results !== undefined) return emit(flags, await biasOfSaved(flags.results as string, bias));
      if (flags.input === undefined) throw new UsageError('give --results FILE or --input FILE.jsonl');
      const { ref, options } = await compareOptions(flags);
      const items = await readJsonl(flags.input as string, CompareLine);
      await emit(
        flags,
        pairwiseBiasReport(await comparePairs(ref.provider, items, options), { ...bias, judgeModels: [ref.model] }),
      );
    });

  judge
    .command('schema')
    .description('print the JSON Schema of a judge output format')
    .argument('<name>', `one of: ${Object.keys(judgeSchemas).join(', ')}`)
    .action((name: string) => {
      const schema = (judgeSchemas as Record<string, z.ZodType>)[name];
      if (schema === undefined)
        throw new UsageError(`unknown schema "${name}"; known: ${Object.keys(judgeSchemas).join(', ')}`);
      stdout.write(`${JSON.stringify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }), null, 2)}\n`);
    });

  return judge;
}

/** Scoring flags calibrate needs besides the compare ones. */
function withCommonScoring(command: Command): Command {
  return command
    .option('--scale <n>', 'score scale: 3, 5 or 10', parseScale, 5 as Scale)
    .option('--rubric <file>', 'rubric file for score calibration');
}

const SavedResults = z.union([
  CompareBatch,
  ScoreBatch,
  z.array(PairwiseResult).min(1),
  z.array(ScoreItemResult).min(1),
]);
const SavedLine = z.union([PairwiseResult, ScoreItemResult]);

async function biasOfSaved(
  path: string,
  bias: { candidateModels: string[]; judgeModels: string[] },
): Promise<JudgeOutput> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new InputError(`cannot read --results ${path}: ${(error as Error).message}`, path, error);
  }
  let items: (PairwiseResult | ScoreItemResult)[];
  // One JSON document (what --out wrote) or, failing that, JSON Lines.
  const whole = parseJsonText(text, path);
  if (whole.ok) {
    const parsed = SavedResults.safeParse(whole.value);
    if (!parsed.success) throw new InputError(`${path}: not judge results:\n${z.prettifyError(parsed.error)}`, path);
    items = Array.isArray(parsed.data) ? parsed.data : parsed.data.items;
  } else {
    items = await readJsonl(path, SavedLine);
  }
  const pairwise = items.filter((i): i is PairwiseResult => i.kind === 'pairwise');
  if (pairwise.length > 0 && pairwise.length !== items.length)
    throw new InputError(`${path}: mixes pairwise and score results`, path);
  return pairwise.length > 0 ? pairwiseBiasReport(pairwise, bias) : scoreBiasReport(items as ScoreItemResult[], bias);
}
