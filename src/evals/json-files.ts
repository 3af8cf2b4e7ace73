/**
 * Reading (parse/json-reader.ts: a bad file is a message naming the file, line and field, exit 2) and writing the
 * eval workflow's JSON files; writes every file atomically after checking it against its own schema, so
 * nothing we write fails to read back (in our tools or in skill-creator's).
 */
import type { z } from 'zod';
import { fieldOf } from '../parse/json-reader.js';
import { writeFileAtomic } from '../util/atomic-write.js';

export { MAX_JSON_BYTES, parseJsonAs, readJsonAs } from '../parse/json-reader.js';

/** Check `value` against its schema, then write it as indented JSON, atomically. */
export async function writeJsonAs<S extends z.ZodType>(
  file: string,
  schema: S,
  value: z.input<S>,
): Promise<z.output<S>> {
  const checked = schema.safeParse(value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    // Our own output failing its schema is a bug, not bad input: say which field so it can be fixed.
    throw new Error(`internal: refusing to write ${file}: ${fieldOf(issue.path)}: ${issue.message}`);
  }
  await writeFileAtomic(file, `${JSON.stringify(checked.data, null, 2)}\n`);
  return checked.data;
}
