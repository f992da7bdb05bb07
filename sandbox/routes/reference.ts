/**
 * Reference data: the lookup bundle (its `limit`/`offset` count tables, not rows), age
 * restrictions, and the venue and stay field templates.
 */
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { readIntParam } from '../pipeline/pagination.ts';
import { defineRoute } from '../pipeline/route.ts';
import { AGE_RESTRICTIONS, LOOKUPS, STAY_FIELD_TEMPLATES, VENUE_FIELD_TEMPLATES } from '../store/reference-data.ts';

const BUNDLE = Object.entries(LOOKUPS).map(([name, type]) => ({ name, type }));

/** Registers the reference endpoints. */
export function registerReferenceRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'getReferenceTypes', ({ query }) => {
    const offset = readIntParam(query, 'offset', { min: 0 }) ?? 0;
    const limit = readIntParam(query, 'limit', { min: 1 }) ?? BUNDLE.length;
    return { data: { types: BUNDLE.slice(offset, offset + limit) } };
  });
  defineRoute(app, ctx, 'listAgeRestrictions', () => ({ data: AGE_RESTRICTIONS }));
  defineRoute(app, ctx, 'listVenueFieldTemplates', () => ({ data: VENUE_FIELD_TEMPLATES }));
  defineRoute(app, ctx, 'listStayFieldTemplates', () => ({ data: STAY_FIELD_TEMPLATES }));
}
