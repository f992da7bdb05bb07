/**
 * The end-to-end stack of one test file: the real Temporal dev server of the run (from the
 * global setup), an in-process sandbox over real HTTP, and a worker on a task queue of its own.
 */
import { randomUUID, randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { Client } from '@temporalio/client';
import { sandboxApiConfig, startSandbox, type RunningSandbox, type SandboxOptions } from '../../sandbox/index.ts';
import { loadConfig, type Config, type EncryptionConfig } from '../../worker/config.ts';
import { connectClient } from '../../worker/temporal.ts';
import { createWorker } from '../../worker/worker.ts';
import { compilePlaybookFile, resolveInputs } from '../../definitions/index.ts';
import type { JsonObject, Plan } from '../../definitions/plan-types.ts';
import { startRun, waitForOutcome, type RunOutcome, type StartedRun } from '../../cli/runs.ts';
import { EVENT_INPUT } from '../../definitions/trigger-types.ts';
import { scanHistories } from './history-scan.ts';

export const PLAYBOOKS = path.resolve(import.meta.dirname, '../../definitions/playbooks');

export interface TestStack {
  config: Config;
  client: Client;
  sandbox: RunningSandbox;
  /** Compiles a playbook file, failing the test on any compile error. */
  compile(file: string): Promise<Plan>;
  /**
   * Starts a playbook run on this stack's worker without waiting for it. A playbook with triggers
   * takes \`event\` among \`inputs\`: the event its trigger would hand it.
   */
  start(file: string, inputs?: Record<string, unknown>, runKey?: string): Promise<StartedRun>;
  /** Runs a playbook to its end on this stack's worker. */
  run(file: string, inputs?: Record<string, unknown>, runKey?: string): Promise<RunOutcome & { workflowId: string }>;
  close(): Promise<void>;
}

export interface TestStackOptions {
  outputDir?: string;
  /** The worker's input folder (\`file.upload\` reads files there). @default \`files\` in the working directory */
  inputDir?: string;
  /** Options of the stack's sandbox (faults, latency...). */
  sandbox?: SandboxOptions;
  /** @default a new one */
  taskQueue?: string;
  /**
   * How payloads are encrypted (`{ keyFile }`, `{ keys }`), or false for unencrypted payloads
   * (histories recorded for the replay test). @default the test run's key
   */
  encryption?: Partial<EncryptionConfig> | false;
  /** The worker holds the sandbox's read-only credential instead of the full one. */
  readOnly?: boolean;
  /** The worker's webhooks by name (\`notify\`); secrets, so no history may hold them. @default none */
  webhooks?: Record<string, string>;
}

/**
 * A sandbox seed of its own. Sandboxes with one seed make the same tour IDs in the same order, and
 * what is named after a tour on the shared Temporal server (a tour's watcher) must not meet
 * another test file's.
 */
export function uniqueSeed(): number {
  return randomInt(1, 2 ** 31);
}

export async function startTestStack(options: TestStackOptions = {}): Promise<TestStack> {
  const sandbox = await startSandbox({ autoApprove: true, ...options.sandbox });
  // Day sheets go to a folder of this stack's own unless the test names one, never the checkout.
  const ownOutput = options.outputDir ? undefined : await mkdtemp(path.join(os.tmpdir(), 'tourflow-sheets-'));
  const outputDir = options.outputDir ?? ownOutput!;
  const creds = options.readOnly ? { ...sandbox.credentials, ...sandbox.credentials.limited } : sandbox.credentials;
  const encryption =
    options.encryption === false ? { off: true } : (options.encryption ?? { keys: inject('encryptionKeys') });
  const config = loadConfig({
    env: {},
    overrides: {
      temporal: {
        address: inject('temporalAddress'),
        namespace: inject('temporalNamespace'),
        taskQueue: options.taskQueue ?? `test-${randomUUID()}`,
        encryption,
      },
      api: sandboxApiConfig(creds),
      outputDir,
      ...(options.inputDir ? { inputDir: options.inputDir } : {}),
      ...(options.webhooks ? { webhooks: options.webhooks } : {}),
      // Failures are what many tests are about: keep the expected ones out of the output.
      logLevel: 'ERROR',
    },
  });
  const client = await connectClient(config.temporal);
  const { worker, close: closeWorker } = await createWorker({ config });
  const running = worker.run();

  const compile = async (file: string): Promise<Plan> => {
    const compiled = await compilePlaybookFile(path.resolve(PLAYBOOKS, file));
    if (compiled.errors.length > 0 || !compiled.plan) throw new Error(compiled.errors.map((e) => e.message).join('\n'));
    return compiled.plan;
  };

  const start = async (file: string, inputs: Record<string, unknown> = {}, runKey?: string): Promise<StartedRun> => {
    const plan = await compile(file);
    // a playbook with triggers takes its event as the watcher hands it: the `event` input, undeclared
    const { [EVENT_INPUT]: event, ...declared } = inputs;
    const passed = 'triggers' in plan && event !== undefined ? { [EVENT_INPUT]: event as JsonObject } : undefined;
    const resolved = resolveInputs(plan, (passed ? declared : inputs) as JsonObject);
    if (resolved.errors.length > 0) throw new Error(resolved.errors.join('\n'));
    return startRun({
      client,
      taskQueue: config.temporal.taskQueue,
      plan,
      inputs: { ...resolved.inputs, ...passed },
      runKey,
    });
  };

  return {
    config,
    client,
    sandbox,
    compile,
    start,
    async run(file, inputs = {}, runKey) {
      const started = await start(file, inputs, runKey);
      return { ...(await waitForOutcome(started.handle)), workflowId: started.workflowId };
    },
    async close() {
      worker.shutdown();
      await running;
      await closeWorker();
      // Every history this stack produced must be free of credentials.
      const secrets = [
        creds.apiKey,
        creds.apiSecret,
        creds.accessToken,
        creds.refreshToken,
        ...Object.values(options.webhooks ?? {}),
      ];
      const scan = await scanHistories(client, `TaskQueue = '${config.temporal.taskQueue}'`, secrets);
      if (scan.findings.length > 0) {
        throw new Error(`credentials found in workflow history: ${JSON.stringify(scan.findings)}`);
      }
      await client.connection.close();
      await sandbox.close();
      if (ownOutput) await rm(ownOutput, { recursive: true, force: true });
    },
  };
}
