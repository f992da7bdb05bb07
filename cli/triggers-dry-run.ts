/**
 * `triggers apply --dry-run`: reads each tour once, as its watcher would, and says what the
 * triggers would do, starting nothing: the records each watches (the starting point: applying
 * fires nothing for them), how many of them its `where` lets through as if they were new, and
 * the next moments of its time events.
 */
import type { ApiClient } from '../api/client/index.ts';
// the dry run reads the tour exactly as the watcher's activity does: the same function, no worker
import { readTourSnapshot } from '../api/tour-snapshot/read.ts';
import { evaluateCondition } from '../definitions/expressions.ts';
import { isTimeOn, momentKey, type TimeOn } from '../definitions/trigger-types.ts';
import type { CliContext } from './context.ts';
import type { TourTriggers } from './triggers.ts';

export interface DryRunTrigger {
  tourId: string;
  trigger: string;
  time: boolean;
  watches: number;
  /** Records its `where` lets through as created now (all, without one). */
  wouldMatch: number;
  /** Upcoming moments of a time trigger: day and instant. */
  next: { dayId: number; date: string | null; at: string }[];
  calls: number;
}

export async function dryRun(
  ctx: CliContext,
  api: ApiClient,
  tours: TourTriggers[],
  json?: boolean,
): Promise<DryRunTrigger[]> {
  const out: DryRunTrigger[] = [];
  for (const { tourId, triggers } of tours) {
    const resources = [
      ...new Set(triggers.flatMap(({ trigger }) => (isTimeOn(trigger.on) ? [] : [trigger.on.record]))),
    ];
    const befores = triggers.flatMap(({ trigger }) => (isTimeOn(trigger.on) ? [trigger.on.before] : []));
    const snapshot = await readTourSnapshot(api, { tourId, resources, befores, knownDays: 0 }, ctx.signal);
    const now = Date.now();
    for (const { trigger, inputs } of triggers) {
      const on = trigger.on;
      if (isTimeOn(on)) {
        const next = snapshot.days
          .filter((day) => !on.dayType || day.type?.toLowerCase() === on.dayType.toLowerCase())
          .flatMap((day) => {
            const moment = day.moments[momentKey((on as TimeOn).before)];
            return moment !== undefined && moment > now
              ? [{ dayId: day.id, date: day.date, at: new Date(moment).toISOString() }]
              : [];
          })
          .sort((a, b) => a.at.localeCompare(b.at));
        out.push({
          tourId,
          trigger: trigger.id,
          time: true,
          watches: snapshot.days.length,
          wouldMatch: next.length,
          next,
          calls: snapshot.calls,
        });
        continue;
      }
      const records = snapshot.records.filter((record) => record.r === on.record);
      const matching = records.filter((record) => {
        if (!trigger.where) return true;
        const day = snapshot.days.find((d) => d.id === record.day);
        const event = {
          trigger: trigger.id,
          kind: 'created',
          resource: record.r,
          tourId,
          recordId: record.id,
          dayId: record.day,
          date: day?.date ?? null,
          record: record.f,
          changes: {},
          detectedAt: new Date(now).toISOString(),
        };
        try {
          return evaluateCondition(trigger.where, { event, inputs });
        } catch {
          return false;
        }
      });
      out.push({
        tourId,
        trigger: trigger.id,
        time: false,
        watches: records.length,
        wouldMatch: matching.length,
        next: [],
        calls: snapshot.calls,
      });
    }
  }
  if (json) ctx.out(JSON.stringify(out, null, 2));
  else ctx.out(out.map(describe).join('\n'));
  return out;
}

function describe(result: DryRunTrigger): string {
  if (result.time) {
    const next = result.next
      .slice(0, 3)
      .map((n) => `${n.date ?? `day ${n.dayId}`} at ${n.at}`)
      .join('; ');
    return `${result.trigger} on tour ${result.tourId}: starts nothing now; next: ${next || 'none'} (${result.calls} API calls per poll)`;
  }
  return `${result.trigger} on tour ${result.tourId}: starts nothing now; watches ${result.watches} ${result.watches === 1 ? 'record' : 'records'}, ${result.wouldMatch} of them pass its filter as new (${result.calls} API calls per poll)`;
}
