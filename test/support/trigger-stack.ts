/**
 * What the trigger tests start from: a test stack whose sandbox has a seed of its own (a tour's
 * watcher is named after the tour on the shared Temporal server), an API client on that sandbox,
 * `tourflow` run against both, and a tour of one show day made by the shipped `create-tour`; and
 * moments for time events that lie seconds ahead, so that a test of one waits seconds, not minutes.
 */
import { createApiClient, type ApiClient } from '../../api/client/index.ts';
import { cli, type CliRun } from '../cli/support.ts';
import { startTestStack, uniqueSeed, type TestStack } from './stack.ts';
import { sandboxEnv } from './worker-process.ts';

export interface TriggerStack {
  stack: TestStack;
  api: ApiClient;
  /** `tourflow ARGV` on the stack's task queue with the sandbox's credentials. */
  tourflow(argv: string[]): Promise<CliRun>;
  /** A tour of one show day (2027-03-27, UTC) under `name`, made by a run keyed `runKey`. */
  oneDayTour(name: string, runKey: string): Promise<{ tourId: string; dayId: number }>;
  close(): Promise<void>;
}

export async function startTriggerStack(): Promise<TriggerStack> {
  const stack = await startTestStack({ sandbox: { seed: uniqueSeed() } });
  const api = createApiClient({ config: stack.config.api });
  return {
    stack,
    api,
    tourflow: (argv) =>
      cli(argv, { taskQueue: stack.config.temporal.taskQueue, env: sandboxEnv(stack.sandbox.credentials) }),
    async oneDayTour(name, runKey) {
      const days = [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }];
      const created = await stack.run('create-tour.yaml', { name, timeZone: 'UTC', days }, runKey);
      if (created.result?.status !== 'completed')
        throw new Error(`the tour ${name} was not created: ${created.message}`);
      return {
        tourId: created.result.outputs.tourId as string,
        dayId: (created.result.outputs.days as { id: number }[])[0]!.id,
      };
    },
    async close() {
      await api.close();
      await stack.close();
    },
  };
}

/**
 * A UTC date whose day starts more than ten minutes from now: a time trigger counting back from
 * its start (`beforeDayStart`) can name any moment of the next ten minutes.
 */
export function dayStartingAfterTenMinutes(): string {
  return new Date(Date.now() + 86_400_000 + 600_000).toISOString().slice(0, 10);
}

/**
 * A time trigger's `before:` whose moment, on a UTC day dated `date`, is `moment`: a duration
 * before the day's start, which places a moment to the millisecond (`{ days, at }` falls on whole
 * minutes).
 */
export function beforeDayStart(date: string, moment: Date): string {
  const ms = Date.parse(`${date}T00:00:00Z`) - moment.getTime();
  if (ms < 0) throw new Error(`the moment ${moment.toISOString()} is after the start of ${date}`);
  return `${ms}ms`;
}

/** The whole second at least `leadMs` from now. */
export function secondsAhead(leadMs: number): Date {
  return new Date(Math.ceil((Date.now() + leadMs) / 1000) * 1000);
}

/** The whole minute at least `leadMs` from now: the nearest moment a `{ days, at: "HH:mm" }` trigger can name. */
export function nextMinuteAhead(leadMs: number): Date {
  return new Date(Math.ceil((Date.now() + leadMs) / 60_000) * 60_000);
}
