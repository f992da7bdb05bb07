/**
 * The tour's named records, read whole (every page) and resolved by the one rule of `pick.ts`:
 * stays and venues by title, schedule items by day and name, tags, templates and pass types by
 * name, bulletins by title. The list actions read through the same functions, so a name a
 * list shows is a name a step can use; `step-refs.ts` turns the names a step gives into IDs.
 */
import { listAccommodation, type Stay } from '../../api/contract/accommodation.ts';
import { listBulletins, type Bulletin } from '../../api/contract/bulletins.ts';
import { listPassTypes, type PassType } from '../../api/contract/pass-types.ts';
import type { RoomAssignment } from '../../api/contract/rooms.ts';
import { listScheduleItems, type ScheduleItem } from '../../api/contract/schedule.ts';
import { listScheduleTemplates, type ScheduleTemplate } from '../../api/contract/schedule-templates.ts';
import { listTags, type Tag } from '../../api/contract/tags.ts';
import { listVenues, type Venue } from '../../api/contract/venues.ts';
import type { ActionContext } from '../action.ts';
import { ambiguousName, foldName, pick, unknownName, type Candidate } from './pick.ts';

/** A name or an ID, as playbooks give them. */
export type NameRef = string | number;

/** `2027-03-27T15:00:00.000Z` -> `2027-03-27`. */
const dateOf = (value: string | null | undefined): string | null => (value ? value.slice(0, 10) : null);
/** `17:00:00` -> `17:00`. */
export const clockOf = (value: string | null | undefined): string | null => (value ? value.slice(0, 5) : null);
const where = (tourId: string) => `on tour ${tourId}`;
const joined = (...parts: Array<string | null | undefined>) => parts.filter((part) => part).join(', ');

async function all<T>(rows: AsyncIterable<T>, live: (row: T) => boolean): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) if (live(row)) out.push(row);
  return out;
}
const notDeleted = (row: { is_deleted?: boolean | null | undefined }) => row.is_deleted !== true;

/** The tour's live stays, every page. */
export function readStays(ctx: ActionContext, tourId: string): Promise<Stay[]> {
  return all(ctx.client.paginate(listAccommodation, { params: { tourId }, signal: ctx.signal }), notDeleted);
}

/** The tour's live venues, every page. */
export function readVenues(ctx: ActionContext, tourId: string): Promise<Venue[]> {
  return all(ctx.client.paginate(listVenues, { params: { tourId }, signal: ctx.signal }), notDeleted);
}

/** The tour's live bulletins, every page. */
export function readBulletins(ctx: ActionContext, tourId: string): Promise<Bulletin[]> {
  return all(ctx.client.paginate(listBulletins, { params: { tourId }, signal: ctx.signal }), notDeleted);
}

/** The tour's live pass types, every page. */
export function readPassTypeList(ctx: ActionContext, tourId: string): Promise<PassType[]> {
  return all(ctx.client.paginate(listPassTypes, { params: { tourId }, signal: ctx.signal }), notDeleted);
}

/** The visible, live items of a day, every page. */
export function readItemsOfDay(ctx: ActionContext, tourId: string, dayId: number): Promise<ScheduleItem[]> {
  return all(ctx.client.paginate(listScheduleItems, { params: { tourId, dayId }, signal: ctx.signal }), notDeleted);
}

/** The tour's tags (one call: the contract shows no paging for them). */
export async function readTagList(ctx: ActionContext, tourId: string): Promise<Tag[]> {
  return (await ctx.client.call(listTags, { params: { tourId }, signal: ctx.signal })).filter(notDeleted);
}

/** The caller's templates in the tour, newest first (one call: no paging shown). */
export function readTemplates(ctx: ActionContext, tourId: string): Promise<ScheduleTemplate[]> {
  return ctx.client.call(listScheduleTemplates, { params: { tourId }, signal: ctx.signal });
}

/** A stay by title or ID. */
export function pickStay(stays: readonly Stay[], ref: NameRef, tourId: string): Stay {
  const candidates: Candidate<Stay>[] = stays.map((stay) => ({
    record: stay,
    id: stay.id,
    name: stay.title ?? null,
    detail: joined(stay.city, stay.check_in_date_time ? `check-in ${dateOf(stay.check_in_date_time)}` : null),
  }));
  return pick({ kind: 'stay', where: where(tourId), hint: 'create one with stay.create' }, ref, candidates);
}

/** A venue by title or ID. */
export function pickVenue(venues: readonly Venue[], ref: NameRef, tourId: string): Venue {
  const candidates: Candidate<Venue>[] = venues.map((venue) => ({
    record: venue,
    id: venue.id,
    name: venue.title,
    detail: joined(dateOf(venue.day?.date), venue.city),
  }));
  return pick({ kind: 'venue', where: where(tourId), hint: 'create one with venue.create' }, ref, candidates);
}

/** A schedule item of one day by name or ID. */
export function pickItem(items: readonly ScheduleItem[], ref: NameRef, date: string): ScheduleItem {
  const candidates: Candidate<ScheduleItem>[] = items.map((item) => ({
    record: item,
    id: item.id,
    name: item.name,
    detail: joined(
      clockOf(item.start_time) ? `at ${clockOf(item.start_time)}` : null,
      item.status ? 'confirmed' : null,
    ),
  }));
  return pick({ kind: 'schedule item', where: `on ${date}` }, ref, candidates);
}

/** A tag by name or ID. */
export function pickTag(tags: readonly Tag[], ref: NameRef, tourId: string): Tag {
  const candidates: Candidate<Tag>[] = tags.map((tag) => ({
    record: tag,
    id: tag.id,
    name: tag.name,
    detail: tag.color?.type ?? undefined,
  }));
  return pick({ kind: 'tag', where: where(tourId), hint: 'create one with tag.create' }, ref, candidates);
}

/** One of the caller's templates by name or ID. */
export function pickTemplate(templates: readonly ScheduleTemplate[], ref: NameRef, tourId: string): ScheduleTemplate {
  const candidates: Candidate<ScheduleTemplate>[] = templates.map((template) => ({
    record: template,
    id: template.id,
    name: template.template_name,
    detail: template.item_templates_count != null ? `${template.item_templates_count} items` : undefined,
  }));
  return pick(
    { kind: 'template of yours', where: `in tour ${tourId}`, hint: 'save one with schedule.template.create' },
    ref,
    candidates,
  );
}

/** A pass type by name or ID. */
export function pickPassType(passTypes: readonly PassType[], ref: NameRef, tourId: string): PassType {
  const candidates: Candidate<PassType>[] = passTypes.map((pass) => ({
    record: pass,
    id: pass.id,
    name: pass.name ?? null,
  }));
  return pick({ kind: 'pass type', where: where(tourId), hint: 'create one with passType.create' }, ref, candidates);
}

/** A bulletin by title or ID; `dates` names the day of each bulletin's `day_id`. */
export function pickBulletin(
  bulletins: readonly Bulletin[],
  ref: NameRef,
  tourId: string,
  dates: ReadonlyMap<number, string>,
): Bulletin {
  const candidates: Candidate<Bulletin>[] = bulletins.map((bulletin) => ({
    record: bulletin,
    id: bulletin.id,
    name: bulletin.title,
    detail: joined(bulletin.day_id != null ? dates.get(bulletin.day_id) : null, bulletin.is_pinned ? 'pinned' : null),
  }));
  return pick({ kind: 'bulletin', where: where(tourId) }, ref, candidates);
}

/**
 * A live room of a stay by its number (a number) or its name (text, without case and extra
 * spaces); rooms have no name across the tour, so the stay comes first.
 */
export function pickRoom(rooms: readonly RoomAssignment[], ref: NameRef, stayTitle: string): RoomAssignment {
  const live = rooms.filter((room) => room.assignment.is_deleted !== true);
  const candidates: Candidate<RoomAssignment>[] = live.map((room) => ({
    record: room,
    id: room.assignment.id,
    name: room.assignment.name ?? (room.assignment.room_number != null ? String(room.assignment.room_number) : null),
    detail: joined(room.assignment.room_number != null ? `number ${room.assignment.room_number}` : null),
  }));
  const context = { kind: 'room', where: `in ${stayTitle}`, hint: 'make one with room.assign' };
  const matches = candidates.filter((candidate) =>
    typeof ref === 'number'
      ? candidate.record.assignment.room_number === ref
      : candidate.name !== null && foldName(candidate.name) === foldName(ref),
  );
  if (matches.length === 1) return matches[0]!.record;
  if (matches.length > 1) throw ambiguousName(context, ref, matches);
  throw unknownName(context, typeof ref === 'number' ? `number ${ref}` : ref, candidates);
}
