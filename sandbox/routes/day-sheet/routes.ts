/**
 * Day sheet: the print model, and a render that answers a short-lived signed URL to a real PDF.
 * The render creates nothing: the URL carries the request (tour, day, user, filters) and the PDF
 * is drawn from the store when the URL is fetched.
 */
import type { FastifyInstance } from 'fastify';
import type { DaySheetRenderBody, DaySheetRenderData } from '../../../api/contract/bodies.ts';
import { memberKey, requireDay, requireTour } from '../../access.ts';
import { signToken, verifyToken } from '../../auth/signed-url.ts';
import type { SandboxContext } from '../../context.ts';
import { renderDaySheetPdf } from '../../pdf/day-sheet-pdf.ts';
import { defineRoute } from '../../pipeline/route.ts';
import { originOf } from '../files/files.ts';
import { STORAGE_PREFIX, storageError } from '../files/storage.ts';
import { buildDaySheet } from './model.ts';

interface RenderToken {
  kind: 'day-sheet';
  tourId: string;
  dayId: number;
  userId: string;
  filters: DaySheetRenderBody;
}

/** Registers the day sheet endpoints. */
export function registerDaySheetRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'getDaySheetData', ({ store, caller, params }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    return { data: buildDaySheet(store, tour, requireDay(store, tour, params.dayId as number), caller.userId) };
  });

  defineRoute(app, ctx, 'renderDaySheet', ({ store, caller, params, input, request }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    const day = requireDay(store, tour, params.dayId as number);
    const { scheduleItemIds, venueIds, accommodationIds, bulletinIds } = input();
    const filters: DaySheetRenderBody = { scheduleItemIds, venueIds, accommodationIds, bulletinIds };
    const ignored = { count: 0 };
    buildDaySheet(store, tour, day, caller.userId, filters, ignored);
    const payload: RenderToken = { kind: 'day-sheet', tourId: tour.id, dayId: day.id, userId: caller.userId, filters };
    const { token, expiresAt } = signToken(store, { ...payload }, ctx.options.signedUrlTtlSeconds);
    const data: DaySheetRenderData = {
      url: `${originOf(request)}${STORAGE_PREFIX}/day-sheets/${token}`,
      expiresInSeconds: ctx.options.signedUrlTtlSeconds,
      expiresAt: expiresAt.toISOString(),
      fileName: `${day.date.slice(0, 10)}-${day.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'day'}.pdf`,
      contentType: 'application/pdf',
      ignoredIdCount: ignored.count,
    };
    return { data, message: 'Day sheet rendered' };
  });

  app.get(`${STORAGE_PREFIX}/day-sheets/:token`, async (request, reply) => {
    const verified = verifyToken<RenderToken>(ctx.store, (request.params as { token: string }).token);
    if (!verified.ok || verified.payload.kind !== 'day-sheet')
      return storageError(reply, 403, 'AccessDenied', 'Request has expired or is not signed');
    const { tourId, dayId, userId, filters } = verified.payload;
    const tour = ctx.store.tours.get(tourId);
    const day = ctx.store.days.get(dayId);
    if (
      !tour ||
      tour.isDeleted ||
      !day ||
      day.tourId !== tourId ||
      !ctx.store.tourMembers.has(memberKey(tourId, userId))
    ) {
      return storageError(reply, 404, 'NoSuchKey', 'The day sheet no longer exists');
    }
    const pdf = await renderDaySheetPdf(buildDaySheet(ctx.store, tour, day, userId, filters));
    return reply.type('application/pdf').send(Buffer.from(pdf));
  });
}
