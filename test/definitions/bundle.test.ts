import { fileURLToPath } from 'node:url';
import { bundleWorkflowCode } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';

const quiet = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, log() {} };

describe('definitions/expressions.ts in workflow code', () => {
  it('bundles with the Temporal workflow bundler, which refuses Node built-ins', async () => {
    const workflowsPath = fileURLToPath(new URL('./fixtures/expressions-workflow.ts', import.meta.url));
    const bundle = await bundleWorkflowCode({ workflowsPath, logger: quiet });
    expect(bundle.code).toContain('expressionsWorkflow');
    expect(bundle.code).toContain('cel-js');
    for (const builtin of ['node:fs', 'node:crypto', 'require("fs")', 'require("crypto")']) {
      expect(bundle.code).not.toContain(builtin);
    }
  }, 60_000);
});
