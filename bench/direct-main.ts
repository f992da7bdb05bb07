/**
 * Entry of the hand-written (or naive) script in a process of its own (see `direct-process.ts`):
 * told over IPC what to walk, it walks the warm-up tour, then the measured one when asked,
 * then ends, so that the bench reads its CPU from `/proc` around the measured walk alone.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { createActivities } from '../activities/index.ts';
import { createApiClient } from '../api/client/index.ts';
import { walkPlan, type ActivityFunctions } from './direct.ts';
import type { ScriptJob, ScriptReply, ScriptRequest } from './direct-process.ts';
import { breakdownOf, type Breakdown, type CpuProfile } from './profile.ts';
import type { StepSpan } from './tourflow.ts';

function reply(message: ScriptReply, then?: () => void): void {
  process.send?.(message, undefined, undefined, () => then?.());
}

/** Ends the IPC channel once `message` is sent, so that the process can end. */
function replyLast(message: ScriptReply): void {
  reply(message, () => process.disconnect());
}

/** Profiles this process from now to `stop`, through the inspector, into `dir`. */
async function profiler(job: ScriptJob): Promise<{ stop(): Promise<Breakdown | undefined> }> {
  const target = job.profile;
  if (!target) return { stop: async () => undefined };
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return {
    stop: async () => {
      const { profile } = await session.post('Profiler.stop');
      session.disconnect();
      await writeFile(path.join(target.dir, `${target.name}.cpuprofile`), JSON.stringify(profile));
      return breakdownOf(profile as CpuProfile);
    },
  };
}

let job: ScriptJob | undefined;
let session: ReturnType<typeof open> | undefined;

function open(given: ScriptJob) {
  const client = createApiClient({ config: given.config.api, retry: false });
  const activities = createActivities({
    client,
    outputDir: given.config.outputDir,
    defaultOrg: given.config.api.defaultOrg,
  }) as unknown as ActivityFunctions;
  const walk = (inputs: ScriptJob['inputs'], steps: Record<string, StepSpan>, sequential: boolean) =>
    walkPlan(given.plan, inputs, {
      activities,
      sequential,
      keySeed: `bench-${randomUUID()}`,
      now: new Date().toISOString(),
      steps,
    });
  return { client, walk, profiling: profiler(given) };
}

async function handle(message: ScriptRequest): Promise<void> {
  switch (message.type) {
    case 'start': {
      job = message.job;
      session = open(job);
      await session.profiling;
      // The warm-up walks concurrently even for the naive script: it only warms the process.
      await session.walk(job.warmUp, {}, false);
      reply({ type: 'warm' });
      return;
    }
    case 'run': {
      const steps: Record<string, StepSpan> = {};
      const started = performance.now();
      await session!.walk(job!.inputs, steps, job!.sequential);
      reply({ type: 'ran', wallMs: performance.now() - started, steps });
      return;
    }
    case 'finish': {
      const profile = await (await session!.profiling).stop();
      await session!.client.close();
      replyLast(profile ? { type: 'finished', profile } : { type: 'finished' });
      return;
    }
  }
}

process.on('message', (message: ScriptRequest) => {
  handle(message).catch((error: unknown) => {
    process.exitCode = 1;
    replyLast({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  });
});
