/**
 * What a measured run is set up with: the plan at the run's `forEach` concurrency, its inputs
 * checked as `tourflow run` checks them, the configuration of its worker or script, and a sandbox
 * warmed up before the clock starts.
 */
import { resolveInputs } from '../definitions/index.ts';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';
import { loadConfig, type Config } from '../worker/config.ts';
import type { BenchEnv } from './measure.ts';
import type { SandboxProcess } from './sandbox-process.ts';

/** The plan with every `forEach` (in included playbooks too) at `concurrency`. */
export function withConcurrency(plan: Plan, concurrency: number | null): Plan {
  if (concurrency === null) return plan;
  return {
    ...plan,
    steps: plan.steps.map((step) => ({
      ...step,
      ...(step.forEach ? { forEach: { ...step.forEach, concurrency } } : {}),
      ...(step.plan ? { plan: withConcurrency(step.plan, concurrency) } : {}),
    })),
  };
}

export function configFor(
  env: BenchEnv,
  sandbox: SandboxProcess,
  taskQueue: string,
  outputDir: string,
  encrypted: boolean,
): Config {
  const creds = sandbox.credentials;
  const encryption = encrypted ? { keys: env.encryptionKeys } : { off: true };
  return loadConfig({
    env: {},
    overrides: {
      temporal: { address: env.temporal.address, namespace: env.temporal.namespace, taskQueue, encryption },
      api: {
        baseUrl: creds.baseUrl,
        authUrl: creds.authUrl,
        apiKey: creds.apiKey,
        apiSecret: creds.apiSecret,
        accessToken: creds.accessToken,
        refreshToken: creds.refreshToken,
        defaultOrg: creds.orgId,
      },
      worker: { ...env.tuning, workflowBundlePath: env.bundlePath },
      outputDir,
    },
  });
}

/** A generated tour's inputs, checked and with defaults, as `tourflow run` starts a run. */
export function checkedInputs(plan: Plan, given: JsonObject): JsonObject {
  const { inputs, errors } = resolveInputs(plan, given);
  if (errors.length > 0) throw new Error(`the generated tour does not fit the playbook's inputs: ${errors.join('; ')}`);
  return inputs;
}

/**
 * The sandbox's first request of a credential pays a bcrypt check of the secret (half a second),
 * once per sandbox: paid before the clock starts, as a long-running API would have it.
 */
export async function warmUp(sandbox: SandboxProcess): Promise<void> {
  const { baseUrl, apiKey, apiSecret, accessToken } = sandbox.credentials;
  const headers = { 'x-api-key': apiKey, 'x-api-secret': apiSecret, authorization: `Bearer ${accessToken}` };
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${baseUrl}/v1/day-types`, { headers });
    if (!response.ok) throw new Error(`the sandbox answered its warm-up request with ${response.status}`);
    await response.arrayBuffer();
  }
}
