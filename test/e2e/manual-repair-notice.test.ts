/**
 * `onManualRepair: { notify }`: a run whose undo fails ends needing manual repair and tells the
 * worker's webhook (a real local HTTP server) once, naming the run and how many changes were
 * left behind, never what they were; a run that rolls back cleanly tells nothing. On the real
 * dev server, the sandbox over HTTP refusing the undo's deletes with a 409, which no retry
 * changes (test/e2e/out-of-retries.test.ts has undos that run out of retries).
 */
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';
import { startWebhookServer, type WebhookServer } from '../support/webhook-server.ts';

describe('a run needing manual repair tells a webhook', () => {
  let stack: TestStack;
  let hook: WebhookServer;
  let file: string;

  beforeAll(async () => {
    hook = await startWebhookServer();
    stack = await startTestStack({ encryption: false, webhooks: { ops: hook.url('ops') } });
    // tours created in parallel, then a step that fails: the saga deletes the tours. Its run keys
    // are its own: a run ID is the playbook's name and the key, on a server every test file shares.
    const text = await readFile(path.resolve(import.meta.dirname, 'fixtures/tours-then-fail.yaml'), 'utf8');
    file = path.join(await mkdtemp(path.join(os.tmpdir(), 'tourflow-repair-')), 'tours-then-fail.yaml');
    await writeFile(file, text.replace('steps:\n', 'onManualRepair: { notify: ops }\nsteps:\n'));
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
    await hook?.close();
  });

  it('posts one notice with the run and the count left behind, and none for a clean rollback', async () => {
    const clean = await stack.run(file, { cities: ['Ulm'], badDayType: 'Nonsense' }, 'notice-clean');
    expect(clean.result?.status).toBe('rolledBack');
    expect(hook.requests).toEqual([]);

    stack.sandbox.faults.add({ match: { method: 'DELETE', path: '^/v1/tours/' }, kind: 'status', status: 409 });
    try {
      const outcome = await stack.run(file, { cities: ['Bonn', 'Trier'], badDayType: 'Nonsense' }, 'notice-repair');
      expect(outcome.result?.status).toBe('needsManualRepair');
      expect(hook.requests.map((r) => r.body)).toEqual([
        {
          text:
            `Run ${outcome.workflowId} of playbook tours-then-fail failed and needs manual repair: 2 change(s) could not be undone. ` +
            `\`tourflow status ${outcome.workflowId}\` lists them.`,
        },
      ]);
    } finally {
      stack.sandbox.faults.clear();
    }
  }, 180_000);
});
