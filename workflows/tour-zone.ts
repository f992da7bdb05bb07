/**
 * The run's time zone for `today()` and `tomorrow()` without one: the zone of the tour its
 * `tourId` input names, read once when the run starts by a local activity (so it is in the
 * run's history: a replay, a retry and a continuation see the same zone, and so the same day).
 */
import { ApplicationFailure, proxyLocalActivities } from '@temporalio/workflow';
import type { createActivities } from '../activities/index.ts';
import type { JsonObject, Plan } from '../definitions/plan-types.ts';

const { tourTimeZone } = proxyLocalActivities<Pick<ReturnType<typeof createActivities>, 'tourTimeZone'>>({
  startToCloseTimeout: '30s',
  retry: { maximumAttempts: 5, initialInterval: '1s' },
});

/** The zone, or a warning saying why the run's dates are in UTC; nothing when the plan needs none. */
export async function runTimeZone(
  plan: Plan,
  inputs: JsonObject,
  known: string | undefined,
): Promise<{ zone?: string; warning?: string }> {
  if (known !== undefined) return { zone: known };
  const tourId = plan.tourZoneInput === undefined ? undefined : inputs[plan.tourZoneInput];
  if (typeof tourId !== 'string') return {};
  try {
    const zone = await tourTimeZone({ tourId });
    return zone
      ? { zone }
      : { warning: `today() and tomorrow() give dates in UTC: tour ${tourId} has no time zone on record.` };
  } catch (error) {
    const reason =
      error instanceof ApplicationFailure || error instanceof Error
        ? error.cause instanceof Error
          ? error.cause.message
          : error.message
        : String(error);
    return {
      warning: `today() and tomorrow() give dates in UTC: the time zone of tour ${tourId} could not be read (${reason}).`,
    };
  }
}
