/**
 * Runs action activities directly against an in-process sandbox over real HTTP: builds the
 * step calls the workflow would send, runs prepared or returned undo records through the undo
 * activities (in reverse, as the saga does), and creates tours to work on.
 */
import { packBatch } from '../../workflows/batch-input.ts';
import type { RetryPolicy } from '../../api/retry-policy.ts';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApplicationFailure } from '@temporalio/activity';
import { MockActivityEnvironment } from '@temporalio/testing';
import { z } from 'zod';
import { createActivities } from '../../activities/index.ts';
import { createApiClient, type ApiClient } from '../../api/client/index.ts';
import type { BatchOutcome, StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import type { CallPlan } from '../../activities/plan-call.ts';
import { activityName, batchActivityName, undoActivityName } from '../../activities/action.ts';
import { findAction } from '../../definitions/actions/index.ts';
import type { JsonValue } from '../../definitions/plan-types.ts';
import { startSandbox, type RunningSandbox, type SandboxOptions, type StoreSnapshot } from '../../sandbox/index.ts';
import { loadConfig } from '../../worker/config.ts';

type Activity = (arg: unknown) => Promise<unknown>;

export interface CallOptions {
  /** Idempotency key of the call. @default a new one per call */
  key?: string;
  stepId?: string;
  /** The run's logical start. @default 2027-03-01T09:00:00Z */
  now?: string;
  /** Retries of each API call, as the workflow hands them to the activity. @default none: one try */
  retry?: RetryPolicy;
}

/** A day of a created tour, as `tour.create` returns it. */
export interface CreatedDay {
  id: number;
  date: string;
  name: string | null;
  dayType: string | null;
  timeZone: string;
}

export interface Harness extends HarnessWorker {
  sandbox: RunningSandbox;
  client: ApiClient;
  outputDir: string;
  /** The worker's input folder (\`file.upload\` reads files there). */
  inputDir: string;
  /** Builds the call the workflow would send. */
  stepCall(action: string, args: JsonValue, options?: CallOptions): StepCall;
  /**
   * Another worker's activities against the same sandbox, as when a call's attempts run on two
   * workers: what one worker keeps (a step's shared reads, a preparation's read handed to its
   * call) the other does not see.
   */
  otherWorker(): HarnessWorker;
  /** The normalised store: live records only, no timestamps. */
  snapshot(): StoreSnapshot;
  /** Creates a tour through `tour.create`; returns its ID and days. */
  createTour(name: string, days?: JsonValue[], timeZone?: string): Promise<{ id: string; days: CreatedDay[] }>;
  close(): Promise<void>;
}

/** The activities of one worker, run as the workflow would call them. */
export interface HarnessWorker {
  /** Runs an action's activity. */
  run(action: string, args: JsonValue, options?: CallOptions): Promise<StepOutcome>;
  /** Runs a call's activity as its second attempt, as after a worker crash or a lost answer. */
  secondAttempt(call: StepCall): Promise<StepOutcome>;
  /** Runs an action's batch activity over `calls`, one after another, each call's requests retried by `retry`. */
  batch(calls: StepCall[], retry: RetryPolicy): Promise<BatchOutcome>;
  /** Runs `prepareUndo` for a call. */
  prepare(call: StepCall): Promise<UndoRecord[]>;
  /** Runs undo records through their activities, last first. */
  undo(records: UndoRecord[]): Promise<void>;
  /** What an action's call would do, read from the tour (`planCall`, as `plan --live` asks it). */
  plan(action: string, args: JsonValue, options?: CallOptions): Promise<CallPlan>;
}

/** Berlin, Hamburg and Munich around the end of March: a daylight-saving change inside. */
export const DEFAULT_DAYS: JsonValue[] = [
  { date: '2027-03-27', city: 'Berlin', dayType: 'Show' },
  { date: '2027-03-28', city: 'Hamburg', dayType: 'Travel' },
  { date: '2027-03-29', city: 'Munich', dayType: 'Show' },
];

let counter = 0;

/** Starts a sandbox (with `options`) and the activities for one test file. */
export async function startHarness(options: SandboxOptions = {}): Promise<Harness> {
  const sandbox = await startSandbox({ bcryptCost: 4, ...options });
  const creds = sandbox.credentials;
  const { baseUrl, authUrl, apiKey, apiSecret, accessToken, refreshToken } = creds;
  const client = createApiClient({
    config: {
      ...loadConfig({ env: {} }).api,
      baseUrl,
      authUrl,
      apiKey,
      apiSecret,
      accessToken,
      refreshToken,
      defaultOrg: creds.orgId,
    },
  });
  const outputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-actions-'));
  const inputDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-inputs-'));
  const stepCall = (action: string, args: JsonValue, options: CallOptions = {}): StepCall => {
    const stepId = options.stepId ?? action.replace(/\W/g, '-');
    return {
      action,
      stepId,
      itemKey: null,
      args,
      idempotencyKey: options.key ?? `actions-test-${process.pid}-${++counter}/${stepId}`,
      run: { workflowId: 'actions-test', playbook: 'test', now: options.now ?? '2027-03-01T09:00:00Z' },
      ...(options.retry ? { retry: options.retry } : {}),
    };
  };
  const worker = (): HarnessWorker =>
    workerOf(createActivities({ client, outputDir, inputDir, defaultOrg: creds.orgId }), stepCall);
  const harness: Harness = {
    sandbox,
    client,
    outputDir,
    inputDir,
    stepCall,
    ...worker(),
    otherWorker: worker,
    snapshot: () => sandbox.snapshot({ normalise: true }),
    createTour: async (name, days = DEFAULT_DAYS, timeZone = 'Europe/Berlin') => {
      const outcome = await harness.run('tour.create', { name, timeZone, days });
      const output = outcome.output as unknown as { id: string; days: CreatedDay[] };
      return { id: output.id, days: output.days };
    },
    close: async () => {
      await client.close();
      await sandbox.close();
      await rm(outputDir, { recursive: true, force: true });
      await rm(inputDir, { recursive: true, force: true });
    },
  };
  return harness;
}

/** A worker's calls through `created`, its activities. */
function workerOf(created: ReturnType<typeof createActivities>, stepCall: Harness['stepCall']): HarnessWorker {
  const activities = created as unknown as Record<string, Activity>;
  const activity = (name: string): Activity => {
    const fn = activities[name];
    if (!fn) throw new Error(`no activity ${name}`);
    return fn;
  };
  return {
    run: async (action, args, options) =>
      declaredOutput(action, (await activity(activityName(action))(stepCall(action, args, options))) as StepOutcome),
    secondAttempt: async (call) => {
      const outcome: unknown = await new MockActivityEnvironment({ attempt: 2 }).run(
        activity(activityName(call.action)),
        call,
      );
      return outcome as StepOutcome;
    },
    batch: async (calls, retry) => {
      // keyed as a forEach step's elements: the first call's key as the step's prefix, then each item key or position
      const prefix = calls[0]!.idempotencyKey;
      const elements = calls.map((call, i) => {
        const itemKey = call.itemKey ?? String(i);
        return { ...call, itemKey, idempotencyKey: `${prefix}/${itemKey}` };
      });
      const batch = packBatch(elements, { stopOnFailure: true, retry });
      return (await activity(batchActivityName(calls[0]!.action))(batch)) as BatchOutcome;
    },
    prepare: async (call) => (await activity('prepareUndo')(call)) as UndoRecord[],
    plan: async (action, args, options) => (await activity('planCall')(stepCall(action, args, options))) as CallPlan,
    undo: async (records) => {
      for (const record of [...records].reverse()) await activity(undoActivityName(record.activity))(record.args);
    },
  };
}

/**
 * The outcome, once its output is checked against the action's declared outputs: expressions
 * are type-checked against those declarations at compile time, so they must say what the
 * activity returns.
 */
function declaredOutput(action: string, outcome: StepOutcome): StepOutcome {
  const declared = findAction(action)?.outputs.safeParse(outcome.output);
  if (declared && !declared.success)
    throw new Error(`${action} returned what its outputs do not declare: ${z.prettifyError(declared.error)}`);
  return outcome;
}

/** The failure an activity call ends with (an `ApplicationFailure`), or throws if it succeeds. */
export async function failureOf(promise: Promise<unknown>): Promise<ApplicationFailure> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApplicationFailure) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

/** Rows of one table of a snapshot. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- snapshot rows are dynamic JSON read field by field
export function rows(snapshot: StoreSnapshot, table: string): any[] {
  return snapshot[table] ?? [];
}
