/**
 * Reading the eval workflow's JSON files: a run.json made large by a long session's tool inputs still reads
 * (the skill reader's 4 MiB bound is not theirs), so one such run cannot stop its whole iteration being graded.
 */
import { describe, expect, it } from 'vitest';
import { readJsonAs, RunRecord } from '../../src/evals/index.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-json-files-');

describe('readJsonAs', () => {
  it('reads a run.json over 4 MiB (an agent that wrote a large file keeps its input in tool_calls)', async () => {
    const content = 'order_id,total\n'.repeat(400_000);
    const record = { status: 'ok', runner: 'claude-agent-sdk', simulated: false, model: 'haiku', configuration: 'with_skill', started_at: 'a', ended_at: 'b', tool_calls: [{ name: 'Write', input: { file_path: 'big.csv', content } }] };
    const file = tree.write('run.json', JSON.stringify(record));
    expect(Buffer.byteLength(JSON.stringify(record))).toBeGreaterThan(4 * 1024 * 1024);
    const read = await readJsonAs(file, RunRecord);
    expect((read.tool_calls![0]!.input as { content: string }).content).toHaveLength(content.length);
  });
});
