/**
 * `notify`: a message to a chat channel through one of the worker's named webhooks (Slack,
 * Microsoft Teams). The playbook names the webhook; its URL, a secret, stays in the worker's
 * configuration. Workflow-safe: no I/O; the worker's handler is in `handlers.ts`.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { outputs, text, wholeNumber } from '../../definitions/actions/outputs.ts';

/** Longest message: Slack cuts a `text` at 40,000 characters, Teams refuses a body over 28 KB. */
export const MAX_NOTIFY_TEXT = 20_000;

export const notifyArgs = z.strictObject({
  webhook: z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z0-9_-]*$/,
      'expected a webhook name from the worker\u2019s configuration (TOURFLOW_WEBHOOKS), not a URL',
    )
    .describe(
      'The name of a webhook in the worker\u2019s configuration (`TOURFLOW_WEBHOOKS=ops=https://…`), never its URL.',
    ),
  text: z
    .string()
    .min(1)
    .max(MAX_NOTIFY_TEXT)
    .describe('The message, plain text (Slack and Teams render *bold* and links their own way).'),
});
export type NotifyArgs = z.infer<typeof notifyArgs>;

export const notify = defineAction({
  name: 'notify',
  description:
    'Post a message through one of the worker\u2019s named webhooks (Slack, Microsoft Teams). 429 and 5xx answers and lost answers are retried by the step\u2019s retry policy with the same `Idempotency-Key` header: at least once, a rare duplicate possible.',
  args: notifyArgs,
  outputs: outputs({
    webhook: text('the webhook\u2019s name'),
    status: wholeNumber('the HTTP status the webhook answered'),
  }),
  calls: ['POST {webhook URL}'],
  kind: ActionKind.create,
  compensation: { describe: 'none: a message once posted cannot be called back; it stays in the channel', calls: [] },
});
