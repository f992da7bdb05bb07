/**
 * Records the histories the replay test replays: runs every shipped playbook (with its
 * default inputs) on the dev server against the sandbox and saves each run's history, child
 * runs included. Runs only through `npm run record-histories`.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { historyToJSON } from '@temporalio/common/lib/proto-utils.js';
import { startTestStack } from '../support/stack.ts';

const DIR = path.resolve(import.meta.dirname, 'histories');
const RECORD = process.env.TOURFLOW_RECORD_HISTORIES === '1';

describe.runIf(RECORD)('record histories of the shipped playbooks', () => {
  it('records one history per run', async () => {
    const outputDir = path.join(os.tmpdir(), `tourflow-record-${process.pid}`);
    const stack = await startTestStack({ outputDir });
    try {
      const playbooks = (await readdir(path.resolve(import.meta.dirname, '../../definitions/playbooks'))).filter((f) => f.endsWith('.yaml'));
      await rm(DIR, { recursive: true, force: true });
      await mkdir(DIR, { recursive: true });
      for (const file of ['demo.yaml', 'tour-setup.yaml'].filter((f) => playbooks.includes(f))) {
        const outcome = await stack.run(file, {}, 'recorded');
        expect(outcome.exitCode, `${file}: ${outcome.message ?? ''}`).toBe(0);
      }
      for await (const execution of stack.client.workflow.list({ query: `TaskQueue = '${stack.config.temporal.taskQueue}'` })) {
        const history = await stack.client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
        const name = execution.workflowId.replace(/[^A-Za-z0-9._-]+/g, '_');
        await writeFile(path.join(DIR, `${name}.json`), historyToJSON(history));
      }
    } finally {
      await stack.close();
      await rm(outputDir, { recursive: true, force: true });
    }
  }, 300_000);
});
