/**
 * The bench's Temporal side, shared by every measurement (`BenchEnv`): a dev server of its own
 * (or the one given), the prebuilt workflow bundle, the worker build, and the clients of the
 * plain and the encrypted variant.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from '@temporalio/client';
import type { Plan } from '../definitions/plan-types.ts';
import { createDataConverter } from '../worker/codec.ts';
import { loadConfig } from '../worker/config.ts';
import { keysFromList } from '../worker/key-file.ts';
import { startDevServer, type DevServer } from '../worker/dev-server.ts';
import { connectClient } from '../worker/temporal.ts';
import { workflowBundle } from '../worker/worker.ts';
import type { RunBenchOptions } from './bench.ts';
import { buildWorker } from './build.ts';
import { onInterrupt } from './children.ts';
import type { BenchEnv } from './measure.ts';
import type { BenchOptions } from './options.ts';

/**
 * Starts what the measurements share; `close` closes the client connection, removes the bundle
 * and stops the dev server (one given in `existing` is left running).
 */
export async function startTemporal(
  options: BenchOptions,
  plan: Plan,
  existing: RunBenchOptions['temporal'],
  log: (line: string) => void,
): Promise<{ env: BenchEnv; close: () => Promise<void> }> {
  const server: Pick<DevServer, 'address' | 'namespace' | 'pid' | 'stop'> = existing
    ? { ...existing, stop: async () => undefined }
    : await startDevServer({ ui: false });
  if (options.profileDir) await mkdir(options.profileDir, { recursive: true });
  const build = options.workerFrom === 'build' ? await buildWorker() : undefined;
  if (build?.warnings)
    log(
      `The build reported errors; its workers run what it emitted:\n${build.warnings.split('\n').slice(0, 10).join('\n')}`,
    );
  const bundlePath = path.join(os.tmpdir(), `tourflow-bench-bundle-${process.pid}.js`);
  await writeFile(bundlePath, (await workflowBundle()).code);
  const client = await connectClient(
    loadConfig({
      env: {},
      overrides: { temporal: { address: server.address, namespace: server.namespace, encryption: { off: true } } },
    }).temporal,
  );
  // The encrypted variant's key, new for each bench; its client shares the connection.
  const encryptionKeys = `bench-${randomBytes(3).toString('hex')}:${randomBytes(32).toString('base64')}`;
  const dataConverter = createDataConverter(keysFromList(encryptionKeys, undefined));
  const encryptedClient = new Client({ connection: client.connection, namespace: server.namespace, dataConverter });
  const tuning = {
    ...(options.maxConcurrentActivities
      ? { maxConcurrentActivityTaskExecutions: options.maxConcurrentActivities }
      : {}),
    ...(options.maxConcurrentWorkflowTasks
      ? { maxConcurrentWorkflowTaskExecutions: options.maxConcurrentWorkflowTasks }
      : {}),
  };
  const env: BenchEnv = {
    client,
    encryptedClient,
    encryptionKeys,
    temporal: { address: server.address, namespace: server.namespace, pid: server.pid },
    bundlePath,
    workerEntry: build?.entry,
    runTimeoutMs: options.runTimeoutMinutes * 60_000,
    workerNodeArgs: [
      ...options.workerNodeArgs,
      ...(options.profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(options.profileDir)] : []),
    ],
    scriptNodeArgs: options.scriptNodeArgs,
    ...(options.profileDir ? { profileDir: path.resolve(options.profileDir) } : {}),
    plan,
    latencyMs: options.latencyMs,
    tuning,
  };
  const interrupt = onInterrupt(async () => {
    await server.stop();
    await rm(bundlePath, { force: true });
  });
  const close = async () => {
    interrupt.release();
    await client.connection.close();
    await server.stop();
    await rm(bundlePath, { force: true });
  };
  return { env, close };
}
