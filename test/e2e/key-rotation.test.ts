/**
 * Rotating the payload key: runs under key A (one finished, one waiting for approval), the key
 * file rotated to key B and the worker restarted, a run under B and the waiting run finished
 * under B. Every run reads (`tourflow result`) and replays with the key file; the waiting run's
 * history holds payloads under both keys. With key A removed from the file, the old run no
 * longer reads, and the message names key A.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { str, type Payload } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import { Worker } from '@temporalio/worker';
import { createDataConverter } from '../../worker/codec.ts';
import { METADATA_KEY_ID } from '../../worker/encryption-codec.ts';
import { FileKeyProvider, addKey, readKeyFile } from '../../worker/key-file.ts';
import { workflowBundle } from '../../worker/worker.ts';
import { progressQuery, type RunProgress } from '../../workflows/messages.ts';
import { cli } from '../cli/support.ts';
import { pollUntil } from '../support/poll.ts';
import { startTestStack, type TestStack } from '../support/stack.ts';

const GATE = path.resolve(import.meta.dirname, '../cli/fixtures/gate.yaml');

/** The key IDs of a run's payloads as Temporal stores them, in history order, each once. */
async function keyIdsOf(client: Client, workflowId: string): Promise<string[]> {
  const ids = new Set<string>();
  const visit = (value: unknown): void => {
    if (!value || typeof value !== 'object' || value instanceof Uint8Array) return;
    const keyId = (value as Payload).metadata?.[METADATA_KEY_ID];
    if (keyId instanceof Uint8Array) ids.add(str(keyId));
    for (const item of Object.values(value)) visit(item);
  };
  visit(await client.workflow.getHandle(workflowId).fetchHistory());
  return [...ids];
}

describe('key rotation', () => {
  let dir: string;
  let keyFile: string;
  let stack: TestStack | undefined;
  const taskQueue = `rotation-${randomUUID()}`;
  const tag = randomUUID().slice(0, 8);
  // The CLI reads the key file, not the test run's key.
  const env = () => ({ TOURFLOW_ENCRYPTION_KEYS: undefined, TOURFLOW_ENCRYPTION_KEY_FILE: keyFile });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-rotation-'));
    keyFile = path.join(dir, 'keys.json');
    await addKey(keyFile, { id: `key-a-${tag}` });
  });
  afterAll(async () => {
    await stack?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('reads and replays runs of the old key and the new, and names the old key once it is gone', async () => {
    const [keyA, keyB] = [`key-a-${tag}`, `key-b-${tag}`];
    stack = await startTestStack({ taskQueue, encryption: { keyFile } });
    const underA = await stack.run('demo.yaml', {}, `rotation-a-${tag}`);
    expect(underA.result?.status, underA.message).toBe('completed');
    const waiting = await stack.start(GATE, { label: `rotation ${tag}` }, `rotation-gate-${tag}`);
    await pollUntil(
      async () =>
        ((await waiting.handle.query(progressQuery)) as RunProgress).steps[0]?.state === 'waiting' || undefined,
      'the gate to wait',
    );
    await stack.close();
    stack = undefined;

    // Rotation: a new key, made active; the worker restarts with the file.
    expect((await addKey(keyFile, { id: keyB })).active).toBe(keyB);
    stack = await startTestStack({ taskQueue, encryption: { keyFile } });
    const underB = await stack.run('demo.yaml', {}, `rotation-b-${tag}`);
    expect(underB.result?.status, underB.message).toBe('completed');
    expect((await cli(['approve', waiting.workflowId, 'gate'], { env: env() })).code).toBe(0);

    const { client } = stack;
    expect(await keyIdsOf(client, underA.workflowId)).toEqual([keyA]);
    expect(await keyIdsOf(client, underB.workflowId)).toEqual([keyB]);
    const gateResult = await cli(['result', waiting.workflowId, '--json'], { env: env() });
    expect(gateResult.code, gateResult.err).toBe(0);
    expect(JSON.parse(gateResult.out)).toMatchObject({ status: 'completed', outputs: { label: `rotation ${tag}` } });
    expect(await keyIdsOf(client, waiting.workflowId)).toEqual([keyA, keyB]);

    const bundle = await workflowBundle();
    const replay = async (workflowId: string) =>
      Worker.runReplayHistory(
        { workflowBundle: bundle, dataConverter: createDataConverter(await FileKeyProvider.load(keyFile)) },
        await client.workflow.getHandle(workflowId).fetchHistory(),
        workflowId,
      );
    for (const run of [underA, underB, waiting]) {
      await replay(run.workflowId);
      expect((await cli(['result', run.workflowId], { env: env() })).code, `${run.workflowId} reads`).toBe(0);
    }

    // Key A retired too early: the old run no longer reads, and says which key it needs.
    const file = (await readKeyFile(keyFile))!;
    await writeFile(keyFile, JSON.stringify({ ...file, keys: file.keys.filter((key) => key.id !== keyA) }), {
      mode: 0o600,
    });
    const lost = await cli(['result', underA.workflowId], { env: env() });
    expect(lost.code).toBe(1);
    expect(lost.err).toBe(
      `error: payload encrypted with key "${keyA}", which key file ${keyFile} does not hold; add that key back (from your key backup) to read the runs it encrypted`,
    );
    // The worker fails the workflow task; its (encrypted) failure and the worker's log name the key.
    await expect(replay(underA.workflowId)).rejects.toThrow(/Replay failed due workflow task failure/);
    expect((await cli(['result', underB.workflowId], { env: env() })).code).toBe(0);
  }, 240_000);
});
