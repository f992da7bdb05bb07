/**
 * Records the histories the replay test replays: runs the demo and tour-setup playbooks (with
 * their default inputs) and two long `forEach` lists that run in batches (four lanes, one per
 * activity; eight lanes, two per activity), on the dev server against
 * the sandbox, and saves each run's history, child runs included. Histories named `v1-…`, `v2-…`,
 * `v3-…`, `v4-…` were recorded by older code (before batches and local reads; with four, then
 * two batches per lane; one lane per activity), and
 * stay: new code must still replay them. Runs only through `npm run record-histories`.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { findTemporalCli } from '../../worker/temporal-cli.ts';
import { startTestStack } from '../support/stack.ts';

const DIR = path.resolve(import.meta.dirname, 'histories');
const run = promisify(execFile);
const RECORD = process.env.TOURFLOW_RECORD_HISTORIES === '1';

describe.runIf(RECORD)('record histories of the shipped playbooks', () => {
  it('records one history per run', async () => {
    const outputDir = path.join(os.tmpdir(), `tourflow-record-${process.pid}`);
    // Recorded unencrypted: the committed histories read without a key.
    const stack = await startTestStack({ outputDir, encryption: false });
    try {
      const playbooks = (await readdir(path.resolve(import.meta.dirname, '../../definitions/playbooks'))).filter((f) => f.endsWith('.yaml'));
      await mkdir(DIR, { recursive: true });
      for (const file of await readdir(DIR)) if (!/^v\d+-/.test(file)) await rm(path.join(DIR, file));
      for (const file of ['demo.yaml', 'tour-setup.yaml'].filter((f) => playbooks.includes(f))) {
        const outcome = await stack.run(file, {}, 'recorded');
        expect(outcome.exitCode, `${file}: ${outcome.message ?? ''}`).toBe(0);
      }
      const names = Array.from({ length: 200 }, (_, i) => `Recorded ${String(i).padStart(3, '0')}`);
      for (const fixture of ['batched-tags.yaml', 'grouped-tags.yaml']) {
        const batched = await stack.run(path.resolve(import.meta.dirname, '../e2e/fixtures', fixture), { names }, 'recorded');
        expect(batched.exitCode, `${fixture}: ${batched.message ?? ''}`).toBe(0);
      }
      // The Temporal CLI writes histories in the JSON form replay reads.
      const cli = await findTemporalCli({ log: () => undefined });
      for await (const execution of stack.client.workflow.list({ query: `TaskQueue = '${stack.config.temporal.taskQueue}'` })) {
        const { stdout } = await run(cli.path, [
          'workflow', 'show', '--output', 'json',
          '--address', stack.config.temporal.address, '--namespace', stack.config.temporal.namespace,
          '--workflow-id', execution.workflowId, '--run-id', execution.runId,
        ], { maxBuffer: 64 * 1024 * 1024 });
        const name = execution.workflowId.replace(/[^A-Za-z0-9._-]+/g, '_');
        await writeFile(path.join(DIR, `${name}.json`), stdout);
      }
    } finally {
      await stack.close();
      await rm(outputDir, { recursive: true, force: true });
    }
  }, 300_000);
});
