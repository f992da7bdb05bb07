/**
 * The custom-field endpoints of schedule items, venues and stays. Venues and stays accept
 * premade fields by `templateKey`; on stays the premade `confirmation_number` writes the stay's
 * `booking_number` and creates no row.
 */
import type { FastifyInstance } from 'fastify';
import { requireVisible } from '../access.ts';
import type { SandboxContext } from '../context.ts';
import { defineRoute } from '../pipeline/route.ts';
import { ENUM_FIELD_LOOKUPS } from '../../api/contract/bodies.ts';
import {
  AGE_RESTRICTIONS,
  CONFIRMATION_NUMBER_KEY,
  STAY_FIELD_TEMPLATES,
  VENUE_FIELD_TEMPLATES,
} from '../store/reference-data.ts';
import { customFieldView, sortedFields } from '../views/fields.ts';
import { stayCustomFields } from '../views/venues.ts';
import { visibleItem } from './schedule/index.ts';
import { applyCustomFieldOps, type PremadeField } from './shared/custom-fields.ts';
import { nowIso } from './shared/schemas.ts';

/** The premade fields of a template list; an enum field takes the labels of its lookup. */
const premade = (templates: ReadonlyArray<{ key: string; label: string; field_type?: string }>): PremadeField[] =>
  templates.map(({ key, label, field_type }) => ({
    key,
    label,
    ...(field_type === 'enum' && ENUM_FIELD_LOOKUPS[key] === 'ageRestrictions'
      ? { values: AGE_RESTRICTIONS.map((entry) => entry.label) }
      : {}),
  }));

/** Registers the custom field endpoints. */
export function registerCustomFieldRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listScheduleItemCustomFields', ({ store, caller, params }) => {
    const item = visibleItem(store, params.itemId as number, caller.userId);
    return { data: sortedFields(item.customFields).map((field) => customFieldView(field, false)) };
  });
  defineRoute(app, ctx, 'updateScheduleItemCustomFields', ({ store, caller, params, input }) => {
    const item = visibleItem(store, params.itemId as number, caller.userId);
    item.customFields = applyCustomFieldOps(store, item.customFields, input().fields);
    item.updatedAt = nowIso();
    return { message: 'Custom fields updated' };
  });

  defineRoute(app, ctx, 'listVenueCustomFields', ({ store, caller, params }) => {
    const venue = requireVisible(store, store.venues.get(params.venueId as number), caller.userId, 'Venue');
    return { data: sortedFields(venue.customFields).map((field) => customFieldView(field, true)) };
  });
  defineRoute(app, ctx, 'updateVenueCustomFields', ({ store, caller, params, input }) => {
    const venue = requireVisible(store, store.venues.get(params.venueId as number), caller.userId, 'Venue');
    const ops = input().fields;
    venue.customFields = applyCustomFieldOps(store, venue.customFields, ops, {
      premade: premade(VENUE_FIELD_TEMPLATES),
    });
    venue.updatedAt = nowIso();
    return { message: 'Custom fields updated' };
  });

  defineRoute(app, ctx, 'listAccommodationCustomFields', ({ store, caller, params }) => {
    const stay = requireVisible(
      store,
      store.stays.get(params.accommodationId as number),
      caller.userId,
      'Accommodation',
    );
    return { data: stayCustomFields(stay) };
  });
  defineRoute(app, ctx, 'updateAccommodationCustomFields', ({ store, caller, params, input }) => {
    const stay = requireVisible(
      store,
      store.stays.get(params.accommodationId as number),
      caller.userId,
      'Accommodation',
    );
    const ops = input().fields;
    let bookingNumber = stay.bookingNumber;
    stay.customFields = applyCustomFieldOps(store, stay.customFields, ops, {
      premade: premade(STAY_FIELD_TEMPLATES),
      redirect: (key, value) => {
        if (key !== CONFIRMATION_NUMBER_KEY) return false;
        bookingNumber = value;
        return true;
      },
    });
    stay.bookingNumber = bookingNumber;
    stay.updatedAt = nowIso();
    return { message: 'Custom fields updated' };
  });
}
