/**
 * What `--output json` prints when a command stops before it has a report (`plugin-eval schema command-failure`);
 * sarif and junit carry the same in their own shapes (reporters/failure.ts).
 */
import { z } from 'zod';

export const CommandFailure = z.strictObject({
  ok: z.literal(false),
  command: z.string().describe('The command as typed (validate, score, ...), or plugin-eval'),
  exitCode: z.number().int().describe('The exit code the process ends with (README "Exit codes")'),
  error: z.strictObject({
    code: z
      .enum(['INPUT', 'NOT_MEASURED', 'CANCELLED', 'INTERNAL'])
      .describe('INPUT: exit 2 (bad path, flag or config); NOT_MEASURED: exit 3; CANCELLED: exit 130'),
    message: z.string().describe('What stopped it, as printed on stderr'),
  }),
});
export type CommandFailure = z.infer<typeof CommandFailure>;
