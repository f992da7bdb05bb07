/** Bulletins: tour-owned, posted to a day (the tour is resolved from `dayId`); no attachments. */
import type { FastifyInstance } from 'fastify';
import { requireTour, requireTourRecord, setDeleted } from '../access.ts';
import type { SandboxContext } from '../context.ts';
import { notFound } from '../errors.ts';
import { paginate, readPaging } from '../pipeline/pagination.ts';
import { defineRoute } from '../pipeline/route.ts';
import type { BulletinRecord } from '../store/records.ts';
import type { Store } from '../store/store.ts';
import { userCard } from '../views/people.ts';
import { nowIso } from './shared/schemas.ts';

/** A bulletin as read. */
export function bulletinView(store: Store, bulletin: BulletinRecord): Record<string, unknown> {
  return {
    id: bulletin.id,
    title: bulletin.title,
    body: bulletin.body,
    is_edited: bulletin.isEdited,
    is_pinned: bulletin.isPinned,
    has_notification: bulletin.hasNotification,
    notification_has_sent: bulletin.notificationHasSent,
    day_id: bulletin.dayId,
    tour_id: bulletin.tourId,
    scheduled_for: bulletin.scheduledFor,
    posted_at: bulletin.postedAt,
    created_at: bulletin.createdAt,
    updated_at: bulletin.updatedAt,
    is_deleted: bulletin.isDeleted,
    created_by: userCard(store, bulletin.createdBy),
  };
}

/** Pinned first, then newest first. */
export const bulletinOrder = (a: BulletinRecord, b: BulletinRecord): number =>
  Number(b.isPinned) - Number(a.isPinned) || b.postedAt.localeCompare(a.postedAt) || b.id.localeCompare(a.id);

/** A 24-hex-digit string ID, like the service's bulletin IDs. */
const bulletinId = (store: Store): string =>
  Array.from({ length: 24 }, () => Math.floor(store.nextRandom() * 16).toString(16)).join('');

const notified = (hasNotification: boolean, scheduledFor: string | null): boolean =>
  hasNotification && (scheduledFor === null || Date.parse(scheduledFor) <= Date.now());

const tourBulletin = (store: Store, id: string, userId: string): BulletinRecord =>
  requireTourRecord(store, store.bulletins.get(id), userId, 'Bulletin');

/** Registers the bulletin endpoints. */
export function registerBulletinRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listBulletins', ({ store, caller, params, query }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    const rows = store.bulletins
      .filter((bulletin) => bulletin.tourId === tour.id && !bulletin.isDeleted)
      .sort(bulletinOrder);
    return paginate(
      rows,
      readPaging(query),
      () => true,
      (bulletin) => bulletinView(store, bulletin),
      ctx.options.responseCeilingBytes,
    );
  });

  defineRoute(app, ctx, 'createBulletin', ({ store, caller, input: read }) => {
    const input = read();
    const day = store.days.get(input.dayId);
    if (!day) throw notFound('Day');
    const tour = requireTour(store, day.tourId, caller.userId);
    const now = nowIso();
    const scheduledFor = input.scheduledFor ? new Date(input.scheduledFor).toISOString() : null;
    const bulletin = store.bulletins.put({
      id: bulletinId(store),
      tourId: tour.id,
      dayId: day.id,
      title: input.title,
      body: input.body,
      isEdited: false,
      isPinned: input.isPinned,
      hasNotification: input.hasNotification,
      notificationHasSent: notified(input.hasNotification, scheduledFor),
      scheduledFor,
      createdBy: caller.userId,
      isDeleted: false,
      postedAt: scheduledFor ?? now,
      createdAt: now,
      updatedAt: now,
    });
    return { data: { bulletin_id: bulletin.id }, message: 'Bulletin posted' };
  });

  defineRoute(app, ctx, 'updateBulletin', ({ store, caller, params, input: read }) => {
    const bulletin = tourBulletin(store, params.bulletinId as string, caller.userId);
    const input = read();
    if (input.title !== undefined) bulletin.title = input.title;
    if (input.body !== undefined) bulletin.body = input.body;
    if (input.isPinned !== undefined) bulletin.isPinned = input.isPinned;
    if (input.hasNotification !== undefined) bulletin.hasNotification = input.hasNotification;
    if (input.scheduledFor !== undefined)
      bulletin.scheduledFor = input.scheduledFor && new Date(input.scheduledFor).toISOString();
    bulletin.notificationHasSent ||= notified(bulletin.hasNotification, bulletin.scheduledFor);
    Object.assign(bulletin, { isEdited: true, updatedAt: nowIso() });
    return { message: 'Bulletin updated' };
  });

  defineRoute(app, ctx, 'deleteBulletin', ({ store, caller, params }) => {
    setDeleted(tourBulletin(store, params.bulletinId as string, caller.userId), true);
    return { message: 'Bulletin deleted' };
  });
}
