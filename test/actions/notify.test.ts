/**
 * `notify` against a real HTTP server standing in for a Slack or Teams incoming webhook: the
 * body those webhooks take, retries of a 500 and of a lost answer under the same
 * Idempotency-Key, no retry of a 4xx, and the webhook's URL (a secret) in no result or error.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createActivities } from '../../activities/index.ts';
import type { StepCall, StepOutcome } from '../../activities/types.ts';
import { webhookBody } from '../../actions/notify/handlers.ts';
import { createApiClient } from '../../api/client/index.ts';
import type { RetryPolicy } from '../../api/retry-policy.ts';
import { loadConfig } from '../../worker/config.ts';
import { quickRetry } from '../support/batch-calls.ts';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server.ts';
import { failureOf } from './activity-harness.ts';
import { coversAction } from './write-coverage.ts';

describe('notify', () => {
  let hook: WebhookServer;
  let notify: (call: StepCall) => Promise<StepOutcome>;
  const client = createApiClient({ config: loadConfig({ env: {} }).api });
  let counter = 0;
  const call = (args: Record<string, string>, retry?: RetryPolicy): StepCall => ({
    action: 'notify',
    stepId: 'tell',
    itemKey: null,
    args,
    idempotencyKey: `notify-test-${++counter}/tell`,
    run: { workflowId: 'notify-test', playbook: 'test', now: '2027-03-01T09:00:00Z' },
    ...(retry ? { retry } : {}),
  });

  beforeAll(async () => {
    hook = await startWebhookServer();
    const activities = createActivities({
      client,
      outputDir: '/nonexistent',
      webhooks: { ops: hook.url('ops'), crew: hook.url('crew') },
    });
    notify = (activities as unknown as Record<string, typeof notify>).notify!;
  });
  afterEach(() => {
    hook.requests.length = 0;
  });
  afterAll(async () => {
    await hook?.close();
    await client.close();
  });

  it('posts {"text": …} as JSON to the named webhook, with the step\u2019s key, and returns only its name and status', async () => {
    const outcome = await notify(call({ webhook: 'ops', text: '3 guest requests wait for approval on 2027-03-27' }));
    expect(hook.requests).toHaveLength(1);
    const [request] = hook.requests;
    expect(request!.path).toContain('/s3cretWebhookTokenops');
    expect(request!.body).toEqual({ text: '3 guest requests wait for approval on 2027-03-27' });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers['idempotency-key']).toBe(`notify-test-${counter}/tell`);
    expect(outcome.output).toEqual({ webhook: 'ops', status: 200 });
    expect(outcome.undo).toEqual([]);
    expect(JSON.stringify(outcome)).not.toContain('s3cret');
  });

  it('tries a 500 and a 429 again by the step\u2019s retry policy, with the same body and key', async () => {
    hook.plan({ status: 500 }, { status: 429, retryAfter: '0' });
    const outcome = await notify(call({ webhook: 'crew', text: 'Load-in at 14:00' }, quickRetry(3)));
    expect(outcome.output).toEqual({ webhook: 'crew', status: 200 });
    expect(hook.requests).toHaveLength(3);
    expect(new Set(hook.requests.map((r) => JSON.stringify([r.body, r.headers['idempotency-key']]))).size).toBe(1);
  });

  it('posts again after a lost answer, under the same Idempotency-Key: at least once', async () => {
    coversAction('notify', 'lostAnswer');
    hook.plan('dropAfterCommit');
    const sent = call({ webhook: 'ops', text: 'Doors at 19:00' }, quickRetry(3));
    expect(sent.action).toBe('notify');
    const outcome = await notify(sent);
    expect(outcome.output).toEqual({ webhook: 'ops', status: 200 });
    // the webhook holds the message twice; a receiver that dedupes sees one key
    expect(hook.requests.map((r) => r.headers['idempotency-key'])).toEqual([
      `notify-test-${counter}/tell`,
      `notify-test-${counter}/tell`,
    ]);
  });

  it('does not try a 4xx again, and says so without the secret URL', async () => {
    hook.plan({ status: 404, body: 'no_service' });
    const failure = await failureOf(notify(call({ webhook: 'ops', text: 'x' }, quickRetry(3))));
    expect(hook.requests).toHaveLength(1);
    expect(failure.nonRetryable).toBe(true);
    expect(failure.message).toBe(
      'POST webhook "ops" failed with 404: no_service (refused: the webhook\u2019s URL in the worker\u2019s configuration may be wrong or revoked)',
    );
  });

  it('a webhook out of attempts fails naming it, not its URL', async () => {
    hook.plan({ status: 503, body: `upstream ${hook.url('ops')} down` }, { status: 503 });
    const failure = await failureOf(notify(call({ webhook: 'ops', text: 'x' }, quickRetry(2))));
    expect(hook.requests).toHaveLength(2);
    expect(failure.message).toContain('POST webhook "ops" failed with 503');
    expect(failure.message).not.toContain('s3cret');
    expect(JSON.stringify(failure.details)).not.toContain('s3cret');
  });

  it('a webhook name the worker does not have is the playbook\u2019s mistake, naming those it has', async () => {
    const failure = await failureOf(notify(call({ webhook: 'opz', text: 'x' })));
    expect(failure.nonRetryable).toBe(true);
    expect(failure.message).toBe(
      'notify: the worker has no webhook named "opz" (it has ops, crew): name it in the worker\u2019s TOURFLOW_WEBHOOKS (name=URL, comma-separated) or TOURFLOW_WEBHOOKS_FILE and restart the worker',
    );
    expect(hook.requests).toEqual([]);
  });

  it('gives a Power Automate workflow (Teams "Workflows") an Adaptive Card, every other webhook {"text": …}', () => {
    expect(webhookBody('https://hooks.slack.com/services/T0/B0/x', 'hi')).toEqual({ text: 'hi' });
    expect(webhookBody('https://contoso.webhook.office.com/webhookb2/x', 'hi')).toEqual({ text: 'hi' });
    const card = webhookBody(
      'https://prod-12.westeurope.logic.azure.com:443/workflows/abc/triggers/manual/paths/invoke?sig=x',
      'hi',
    ) as {
      type: string;
      attachments: { contentType: string; content: { type: string; body: unknown[] } }[];
    };
    expect(card.type).toBe('message');
    expect(card.attachments[0]!.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0]!.content.body).toEqual([{ type: 'TextBlock', text: 'hi', wrap: true }]);
  });
});
