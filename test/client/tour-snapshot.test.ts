import { describe, expect, it } from 'vitest';
import { dayGroups, readTourSnapshot } from '../../api/tour-snapshot/read.ts';
import { createBulletin } from '../../api/contract/bulletins.ts';
import { TriggerResource } from '../../definitions/trigger-types.ts';
import { newTour, useSandboxClient } from './sandbox-helpers.ts';

/** `count` consecutive dates from 1 June 2027. */
function dates(count: number): string[] {
  return Array.from({ length: count }, (_, index) => new Date(Date.UTC(2027, 5, 1 + index)).toISOString().slice(0, 10));
}

describe("a watcher's read of a tour", () => {
  const env = useSandboxClient();

  it('splits the days of a long tour so that the reads number one per 10 days, the read of its days included', () => {
    const ids = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
    expect(dayGroups(ids(11)).map((group) => group.length)).toEqual([11]);
    expect(dayGroups(ids(20)).map((group) => group.length)).toEqual([20]);
    expect(dayGroups(ids(21)).map((group) => group.length)).toEqual([11, 10]);
    expect(dayGroups(ids(60)).map((group) => group.length)).toEqual([12, 12, 12, 12, 12]);
    expect(dayGroups(ids(60)).flat()).toEqual(ids(60));
  });

  it('reads a 60-day tour in 6 calls and sees every day and every record', async () => {
    const { tourId, dayIds } = await newTour(env.client, env.sandbox.credentials.orgId, 'Snapshot Tour', dates(60));
    for (const dayId of [dayIds[0]!, dayIds[29]!, dayIds[59]!])
      await env.client.call(createBulletin, {
        body: { dayId, title: `Day ${dayId}`, body: 'Load-in at 14:00', isPinned: false, hasNotification: false },
        idempotencyKey: `snapshot-test/${dayId}`,
      });
    const snapshot = await readTourSnapshot(env.client, {
      tourId,
      resources: [TriggerResource.days, TriggerResource.bulletins],
      befores: [],
      knownDays: 60,
    });
    expect(snapshot.calls).toBe(6);
    expect(snapshot.days.map((day) => day.id)).toEqual(dayIds);
    expect(snapshot.records.filter((record) => record.r === TriggerResource.bulletins)).toHaveLength(3);
  });
});
