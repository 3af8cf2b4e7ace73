/**
 * Reading the eval workflow's JSON files: bytes that are not UTF-8 are refused naming the file and line (never
 * decoded as U+FFFD into a prompt or a review), and a run.json made large by a long session's tool inputs still reads
 * (the skill reader's 4 MiB bound is not theirs), so one such run cannot stop its whole iteration being graded.
 */
import { describe, expect, it } from 'vitest';
import { EvalsFileInput, readJsonAs, RunRecord } from '../../src/evals/index.js';
import { InputError } from '../../src/errors.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-json-files-');

describe('readJsonAs', () => {
  it('refuses a file with bytes that are not UTF-8, naming file and line (exit 2), where it decoded them as U+FFFD', async () => {
    const file = tree.write(
      'latin1.json',
      Buffer.concat([
        Buffer.from('{"skill_name": "s",\n "evals": [{"id": 1, "prompt": "caf'),
        Buffer.from([0xe9]),
        Buffer.from('"}]}\n'),
      ]),
    );
    const read = readJsonAs(file, EvalsFileInput);
    await expect(read).rejects.toBeInstanceOf(InputError);
    await expect(read).rejects.toThrow(`${file}:2: not valid UTF-8`);
    // The same text in UTF-8 reads, accent kept.
    const good = tree.write('utf8.json', '{"skill_name": "s",\n "evals": [{"id": 1, "prompt": "café"}]}\n');
    expect((await readJsonAs(good, EvalsFileInput)).evals[0]!.prompt).toBe('café');
  });

  it('reads a run.json over 4 MiB (an agent that wrote a large file keeps its input in tool_calls)', async () => {
    const content = 'order_id,total\n'.repeat(400_000);
    const record = {
      status: 'ok',
      runner: 'claude-agent-sdk',
      simulated: false,
      model: 'haiku',
      configuration: 'with_skill',
      started_at: 'a',
      ended_at: 'b',
      tool_calls: [{ name: 'Write', input: { file_path: 'big.csv', content } }],
    };
    const file = tree.write('run.json', JSON.stringify(record));
    expect(Buffer.byteLength(JSON.stringify(record))).toBeGreaterThan(4 * 1024 * 1024);
    const read = await readJsonAs(file, RunRecord);
    expect((read.tool_calls![0]!.input as { content: string }).content).toHaveLength(content.length);
  });
});
