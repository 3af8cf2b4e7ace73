/**
 * feedback.json: what the reviewer wrote in the viewer. The viewer's shape is `{reviews: [{run_id, feedback,
 * timestamp}], status}`; the agentskills.io docs use a plain map `{"eval-name": "text"}`. Both are read (the map
 * becomes reviews), the viewer's shape is written.
 */
import { z } from 'zod';

export const Review = z.object({ run_id: z.string().min(1), feedback: z.string(), timestamp: z.string() }).loose();
export type Review = z.infer<typeof Review>;

export const Feedback = z
  .object({ reviews: z.array(Review), status: z.string().default('in_progress') })
  .loose()
  .meta({
    id: 'Feedback',
    title: 'feedback.json',
    description: 'Reviewer feedback per run, written by the review viewer',
  });
export type Feedback = z.infer<typeof Feedback>;

export const FeedbackInput = z.union([
  Feedback,
  z
    .record(z.string(), z.string())
    // A broken viewer file ({"status": "complete"}, {"reviews": "x"}) is not a map of run ids: refuse it.
    .refine((map) => !('reviews' in map) && !('status' in map), {
      message: 'expected {"reviews": [{run_id, feedback, timestamp}], "status"} or a map of run id to feedback text',
    })
    .transform(
      (map): Feedback => ({
        reviews: Object.entries(map).map(([run_id, feedback]) => ({ run_id, feedback, timestamp: '' })),
        status: 'in_progress',
      }),
    ),
]);
