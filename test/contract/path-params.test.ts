/**
 * An endpoint's path parameters are read from its path: no second list to keep in step with
 * it. `npm run typecheck` checks the types below; the run checks the names the client fills.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { Endpoints } from '../../api/contract/assumptions.ts';
import type { CallOptions, PathParams } from '../../api/contract/endpoint.ts';
import { listScheduleItems, restoreScheduleItem } from '../../api/contract/schedule.ts';
import type { updateVenue } from '../../api/contract/venues.ts';
import { createVenue } from '../../api/contract/venues.ts';

describe('path parameters', () => {
  it('are the placeholders of the path, in its order', () => {
    expect(listScheduleItems.params).toEqual(['tourId', 'dayId']);
    expect(restoreScheduleItem.params).toEqual(['itemId']);
    expect(createVenue.params).toEqual([]);
    expect(Object.values(Endpoints).every((spec) => spec.path.startsWith('/v1/'))).toBe(true);
  });

  it('are typed from the path, so a missing or misspelt one is a type error', () => {
    expectTypeOf<PathParams<'/v1/tours/:tourId/days/:dayId/schedule'>>().toEqualTypeOf<'tourId' | 'dayId'>();
    expectTypeOf<PathParams<'/v1/schedule/items/:itemId/restore'>>().toEqualTypeOf<'itemId'>();
    expectTypeOf<PathParams<'/v1/venues'>>().toEqualTypeOf<never>();
    expectTypeOf<CallOptions<typeof listScheduleItems>['params']>().toEqualTypeOf<
      Record<'tourId' | 'dayId', string | number>
    >();
    // @ts-expect-error: `venueId` is the parameter of PUT /v1/venues/:venueId
    const wrong: CallOptions<typeof updateVenue> = { params: { venue: 1 }, body: {} };
    expect(wrong).toBeDefined();
  });
});
