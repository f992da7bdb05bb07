/**
 * `notify`: POSTs a message to a webhook of the worker's configuration. The URL is a secret:
 * it is read here from the worker's configuration and masked in every error; the step's
 * arguments, result and history hold the webhook's name only.
 *
 * Body: `{"text": …}`, which Slack's incoming webhooks and Microsoft Teams' (Office 365
 * connector) incoming webhooks both take; a Power Automate workflow URL (`*.logic.azure.com`,
 * `*.powerplatform.com`: Teams' "Workflows" webhooks) gets a message with one Adaptive Card
 * holding the text, the form those flows post to a channel.
 *
 * Retries: 408, 429 (after its `Retry-After`), 5xx and lost answers are tried again by the
 * step's retry policy (`api/retry-policy.ts`), any other 4xx is not. A webhook keeps no
 * idempotency keys, so a message whose answer was lost may be posted twice: every attempt
 * carries the same `Idempotency-Key` header (the step's key) for a receiver that dedupes, and a
 * rare duplicate is accepted over a lost alert (docs/playbooks.md, `notify`).
 */
import { request } from 'undici';
import { ApiError, callRetries, createRedactor, withRetry } from '../../api/client/index.ts';
import { errorFromNetwork, isRetryableStatus, parseRetryAfter } from '../../api/client/classify.ts';
import type { ActionContext, ActionModule } from '../../activities/action.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { parseArgs, stepError } from '../../activities/actions/common.ts';
import { notifyArgs, type NotifyArgs } from './catalogue.ts';

/** How long one POST may take, headers and body. */
const POST_TIMEOUT_MS = 15_000;

/** Hosts of Power Automate workflows (Teams "Workflows" webhooks), which take an Adaptive Card. */
const CARD_HOSTS = /(^|\.)(logic\.azure\.com|powerplatform\.com)$/i;

/** The body a webhook at `url` takes for `text`. */
export function webhookBody(url: string, text: string): object {
  if (!CARD_HOSTS.test(new URL(url).hostname)) return { text };
  const card = {
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    type: 'AdaptiveCard',
    version: '1.4',
    body: [{ type: 'TextBlock', text, wrap: true }],
  };
  return {
    type: 'message',
    attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }],
  };
}

/** One POST; an `ApiError` (retryable or not, as the API client's) for anything but a 2xx. */
async function post(url: string, args: NotifyArgs, ctx: ActionContext): Promise<number> {
  const endpoint = `POST webhook "${args.webhook}"`;
  // the URL, its path (the secret part of a Slack or Teams URL) and opaque tokens are masked
  const redact = createRedactor(() => [url, new URL(url).pathname, new URL(url).search.slice(1)]);
  let answer: Awaited<ReturnType<typeof request>>;
  try {
    answer = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': ctx.key() },
      body: JSON.stringify(webhookBody(url, args.text)),
      headersTimeout: POST_TIMEOUT_MS,
      bodyTimeout: POST_TIMEOUT_MS,
      signal: ctx.signal,
    });
  } catch (error) {
    throw errorFromNetwork(endpoint, error, redact);
  }
  const text = await answer.body.text().catch(() => '');
  if (answer.statusCode >= 200 && answer.statusCode < 300) return answer.statusCode;
  const status = answer.statusCode;
  const said = text.trim().slice(0, 200);
  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(answer.headers['retry-after']) : undefined;
  const message = redact(
    `${endpoint} failed with ${status}${said ? `: ${said}` : ''}${isRetryableStatus(status) ? '' : ' (refused: the webhook\u2019s URL in the worker\u2019s configuration may be wrong or revoked)'}`,
  );
  throw new ApiError(message, { status, endpoint, retryable: isRetryableStatus(status), retryAfterMs });
}

async function notify(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, notifyArgs, call.args);
  const url = ctx.webhooks[args.webhook];
  if (url === undefined) {
    const names = Object.keys(ctx.webhooks);
    throw stepError(
      `notify: the worker has no webhook named "${args.webhook}" (${names.length > 0 ? `it has ${names.join(', ')}` : 'it has none'}): ` +
        'name it in the worker\u2019s TOURFLOW_WEBHOOKS (name=URL, comma-separated) or TOURFLOW_WEBHOOKS_FILE and restart the worker',
    );
  }
  const retries = callRetries();
  const status = await withRetry(retries?.options, () => post(url, args, ctx), ctx.signal, retries?.onRetry);
  return {
    output: { webhook: args.webhook, status },
    undo: [],
    describe: `posted a message to webhook ${args.webhook}`,
  };
}

export const notifyActions = {
  actions: { notify: { run: notify } },
  undo: {},
} satisfies ActionModule;
