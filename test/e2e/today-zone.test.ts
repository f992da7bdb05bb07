/**
 * `today()` and `tomorrow()` without a zone, on the real dev server: the run reads the time zone
 * of the tour its `tourId` input names once, when it starts, and gives dates there (not in UTC);
 * the read is in the run's history, so a replay sees the same day.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack.ts';

const FIXTURES = path.resolve(import.meta.dirname, 'fixtures');

/** A zone whose date differs from UTC's right now: 14 hours ahead late in the UTC day, 11 behind early in it. */
function zoneApartFromUtc(): string {
  return new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
}

describe('today() in the tour’s time zone', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  it('gives the date in the zone of the tour the tourId input names, read once and kept in the history', async () => {
    const zone = zoneApartFromUtc();
    const created = await stack.run(
      'create-tour.yaml',
      { name: 'Far Away', timeZone: zone, days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }] },
      'far-away',
    );
    expect(created.result?.status, created.message).toBe('completed');
    const tourId = created.result!.outputs.tourId as string;
    const outcome = await stack.run(path.join(FIXTURES, 'today-in-tour-zone.yaml'), { tourId, zone }, 'today-far-away');
    expect(outcome.result?.status, outcome.message).toBe('completed');
    const outputs = outcome.result!.outputs;
    // the run may straddle midnight somewhere: read the three dates as one
    expect(outputs.today).toBe(outputs.todayInZone);
    expect(outputs.tomorrow).toBe(outputs.tomorrowInZone);
    expect(outputs.today).not.toBe(outputs.todayInUtc);
    const history = await stack.client.workflow.getHandle(outcome.workflowId).fetchHistory();
    const markers = (history.events ?? []).flatMap((event) => {
      const data = event.markerRecordedEventAttributes?.details?.data?.payloads?.[0]?.data;
      return data ? [Buffer.from(data).toString('utf8')] : [];
    });
    expect(markers.filter((marker) => marker.includes('"tourTimeZone"'))).toHaveLength(1);
  }, 120_000);
});
