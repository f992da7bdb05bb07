/**
 * The worker's handlers of the room actions (catalogue in `catalogue.ts`): `room.list`;
 * `room.assign` creates a room or updates the one with the same number (or name), occupants by
 * e-mail; `room.delete` deletes one (undo: restore); `room.restore` (undo: delete again).
 */
import { roomAssignArgs, roomDeleteArgs, roomListArgs, roomRestore, type RoomAssignArgs } from './catalogue.ts';
import { byIdHandler, recordUndo } from '../../activities/actions/by-id.ts';
import { DAY_READS_IN_FLIGHT, mapLimited } from '../../activities/actions/concurrency.ts';
import { roomsOf } from '../../activities/actions/list-places.ts';
import { pickPerson, pickStay, readStays, readTourPeople as readPeopleList } from '../../activities/names/index.ts';
import type { JsonValue } from '../../definitions/plan-types.ts';
import type { JsonObject } from '../../definitions/plan-types.ts';
import type { Stay } from '../../api/contract/accommodation.ts';
import {
  createRoom,
  deleteRoom,
  listRooms,
  restoreRoom,
  updateRoom,
  type CreateRoomBody,
  type RoomAssignment,
  type UpdateRoomBody,
} from '../../api/contract/rooms.ts';
import { ApiError } from '../../api/client/index.ts';
import type { ActionContext, ActionModule, UndoHandler } from '../../activities/action.ts';
import type { StepCall, StepOutcome, UndoRecord } from '../../activities/types.ts';
import { deleteOnce, ignoreGone, parseArgs, stepError } from '../../activities/actions/common.ts';
import { matchRoom, roomFields, roomLabel, roomTimes, roomWriteBack } from '../../activities/actions/room-body.ts';
import { findStay } from '../stay/handlers.ts';
import { asBody } from '../../activities/actions/step-support.ts';
import { matchPeople, peopleWarning, readTourPeople } from '../../activities/actions/tour-people.ts';
import { goneOnRetry, pickRoom } from '../../activities/names/index.ts';
import { plural } from '../../definitions/plural.ts';
import { FailureType } from '../../definitions/failure-types.ts';

/** What `room.assign` found before writing. */
interface RoomState {
  args: RoomAssignArgs;
  stay: Stay;
  zone: string;
  rooms: RoomAssignment[];
  existing: RoomAssignment | undefined;
}

/**
 * The stay and its rooms as the call finds them. `sharedRooms` reads each stay's rooms once per
 * activity: right for preparing undo, where every call of a batch is prepared before any
 * writes; not for the writes, each of which must see the rooms the ones before it created.
 */
async function readRoomState(call: StepCall, ctx: ActionContext, sharedRooms = false): Promise<RoomState> {
  const args = parseArgs(call.action, roomAssignArgs, call.args);
  const stay = await findStay(ctx, args.tourId, args.stay, { shared: true });
  const read = () => ctx.client.call(listRooms, { params: { accommodationId: stay.id }, signal: ctx.signal });
  const rooms = sharedRooms ? await ctx.shared(`rooms:${stay.id}`, read) : await read();
  // A stay without a zone is read in UTC: its instants stay right, only date grouping could shift.
  return { args, stay, zone: stay.timezone ?? 'UTC', rooms, existing: matchRoom(rooms, args) };
}

function stayLabel(stay: Stay): string {
  return stay.title ?? `stay ${stay.id}`;
}

/** The undo of an update: the room as it was read. */
function writeBackRecord(state: RoomState, room: RoomAssignment): UndoRecord {
  const label = `${roomLabel({ roomNumber: room.assignment.room_number, name: room.assignment.name }, room.assignment.id)} in ${stayLabel(state.stay)}`;
  return {
    activity: 'roomWriteBack',
    args: { roomId: room.assignment.id, body: roomWriteBack(room, state.zone) },
    describe: `restore ${label} with its previous fields and occupants`,
    record: { resource: 'room', id: room.assignment.id, label },
  };
}

/** The undo of a create, known only by its number or name (prepared before the room exists). */
function removeNewRecord(state: RoomState): UndoRecord {
  const { args, stay } = state;
  const label = `${roomLabel(args)} in ${stayLabel(stay)}`;
  const match: JsonObject = args.roomNumber !== undefined ? { roomNumber: args.roomNumber } : { name: args.name ?? '' };
  return {
    activity: 'roomRemoveNew',
    args: { stayId: stay.id, ...match },
    describe: `delete ${label} if it was created`,
    record: { resource: 'room', id: label },
  };
}

async function roomAssignPrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const state = await readRoomState(call, ctx, true);
  return [state.existing ? writeBackRecord(state, state.existing) : removeNewRecord(state)];
}

/** Creates the room or updates the matched one; returns its ID. */
async function writeRoom(ctx: ActionContext, state: RoomState, body: JsonObject): Promise<number> {
  if (state.existing) {
    const roomAssignmentId = state.existing.assignment.id;
    await ctx.client.call(updateRoom, {
      params: { roomAssignmentId },
      body: body as UpdateRoomBody,
      signal: ctx.signal,
    });
    return roomAssignmentId;
  }
  if (state.args.roomNumber === undefined) {
    const names = state.rooms.map((room) => room.assignment.name ?? room.assignment.room_number).join(', ') || 'none';
    throw stepError(
      `room.assign: no room named "${state.args.name}" in ${stayLabel(state.stay)} (rooms: ${names}); give "roomNumber" to create one.`,
      FailureType.INVALID_ARGUMENTS,
    );
  }
  const { id } = await ctx.client.call(createRoom, {
    params: { accommodationId: state.stay.id },
    body: body as CreateRoomBody,
    idempotencyKey: ctx.key(),
    signal: ctx.signal,
  });
  return id;
}

async function roomAssign(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const state = await readRoomState(call, ctx);
  const { args, stay, existing } = state;
  const occupants = matchPeople(args.people, await readTourPeople(ctx, args.tourId), args.tourId);
  const roomType = await ctx.client.lookups.resolve('hotelRoomTypes', args.roomType);
  const body = roomFields(args, roomType, roomTimes(args, stay, existing, state.zone), occupants);
  const id = await writeRoom(ctx, state, body);
  const label = `${roomLabel(args, id)} in ${stayLabel(stay)}`;
  const count = occupants.userIds.length + occupants.inviteIds.length;
  const undo: UndoRecord = existing
    ? writeBackRecord(state, existing)
    : {
        activity: 'roomRemove',
        args: { roomId: id },
        describe: `delete ${label}`,
        record: { resource: 'room', id, label },
      };
  const warnings = peopleWarning('Not on the tour, so not assigned to the room', occupants.skipped);
  return {
    output: { id, created: !existing, occupants: count, skipped: occupants.skipped },
    undo: [undo],
    tourId: args.tourId,
    describe: `${existing ? 'updated' : 'created'} ${label} for ${plural(count, 'person', 'people')}`,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** The room a delete names: by ID, or by its stay and number or name; undefined when a name matches nothing on a retry. */
async function roomToDelete(call: StepCall, ctx: ActionContext): Promise<number | undefined> {
  const args = parseArgs(call.action, roomDeleteArgs, call.args);
  if (args.roomId !== undefined) return args.roomId;
  try {
    const stay = await findStay(ctx, args.tourId!, args.stay!);
    const rooms = await ctx.client.call(listRooms, { params: { accommodationId: stay.id }, signal: ctx.signal });
    return pickRoom(rooms, args.room!, stayLabel(stay)).assignment.id;
  } catch (error) {
    if (goneOnRetry(error)) return undefined;
    throw error;
  }
}

async function roomDeleteRun(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const roomId = await roomToDelete(call, ctx);
  if (roomId === undefined) return { output: { id: null }, undo: [], describe: 'room deleted by an earlier attempt' };
  const deleted = await deleteOnce(() =>
    ctx.client.call(deleteRoom, { params: { roomAssignmentId: roomId }, signal: ctx.signal }),
  );
  return { output: { id: roomId }, undo: [], describe: `deleted room ${deleted?.name ?? roomId} (${roomId})` };
}

async function roomDeletePrepare(call: StepCall, ctx: ActionContext): Promise<UndoRecord[]> {
  const roomId = await roomToDelete(call, ctx);
  if (roomId === undefined) return [];
  // The call's key makes the restore's own key differ from that of an earlier run restoring the same room.
  const args = { roomId, after: call.idempotencyKey };
  return [
    { activity: 'roomRestore', args, describe: `restore room ${roomId}`, record: { resource: 'room', id: roomId } },
  ];
}

/** True for the API refusing to restore a room that is not deleted: nothing left to undo. */
function notDeleted(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 400 || error.status === 409);
}

/** The undo handlers of these actions, by the name undo records give them (`UndoName`). */
export const roomUndo = {
  roomRemove: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(deleteRoom, { params: { roomAssignmentId: Number(args.roomId) }, signal: ctx.signal }),
    ),
  roomRemoveNew: async (args, ctx) => {
    const rooms = await ctx.client.call(listRooms, {
      params: { accommodationId: Number(args.stayId) },
      signal: ctx.signal,
    });
    const match = {
      roomNumber: typeof args.roomNumber === 'number' ? args.roomNumber : undefined,
      name: typeof args.name === 'string' ? args.name : undefined,
    };
    const created = matchRoom(rooms, match);
    if (created)
      await ignoreGone(() =>
        ctx.client.call(deleteRoom, { params: { roomAssignmentId: created.assignment.id }, signal: ctx.signal }),
      );
  },
  roomWriteBack: (args, ctx) =>
    ignoreGone(() =>
      ctx.client.call(updateRoom, {
        params: { roomAssignmentId: Number(args.roomId) },
        body: asBody<UpdateRoomBody>(args.body),
        signal: ctx.signal,
      }),
    ),
  roomRestore: async (args, ctx) => {
    try {
      await ctx.client.call(restoreRoom, {
        params: { roomAssignmentId: Number(args.roomId) },
        idempotencyKey: ctx.key(),
        signal: ctx.signal,
      });
    } catch (error) {
      if (!notDeleted(error) && !(error instanceof ApiError && error.status === 404)) throw error;
    }
  },
} satisfies Record<string, UndoHandler>;

async function roomList(call: StepCall, ctx: ActionContext): Promise<StepOutcome> {
  const args = parseArgs(call.action, roomListArgs, call.args);
  const stays = await readStays(ctx, args.tourId);
  const chosen = args.stay === undefined ? stays : [pickStay(stays, args.stay, args.tourId)];
  const person =
    args.person === undefined
      ? undefined
      : pickPerson(await readPeopleList(ctx, args.tourId), args.person, args.tourId);
  const rooms = (await mapLimited(chosen, DAY_READS_IN_FLIGHT, (stay) => roomsOf(ctx, stay)))
    .flat()
    .filter(
      (room) =>
        person === undefined ||
        [...(room.userIds as JsonValue[]), ...(room.inviteIds as JsonValue[])].some(
          (id) => String(id) === String(person.id),
        ),
    );
  return {
    output: { rooms, ids: rooms.map((room) => room.id as number), count: rooms.length },
    undo: [],
    tourId: args.tourId,
    describe: `read ${plural(rooms.length, 'room')}`,
  };
}

export const roomActions = {
  actions: {
    'room.list': { run: roomList },
    'room.restore': byIdHandler({
      action: roomRestore,
      idArg: 'roomId',
      describe: (id) => `restored room ${id}`,
      write: (ctx, roomAssignmentId, idempotencyKey) =>
        ctx.client.call(restoreRoom, { params: { roomAssignmentId }, idempotencyKey, signal: ctx.signal }),
      undo: (id, by) => recordUndo('roomRemove', 'room', 'roomId', id, by, `delete room ${id} again`),
    }),
    'room.assign': { run: roomAssign, prepare: roomAssignPrepare },
    'room.delete': { run: roomDeleteRun, prepare: roomDeletePrepare },
  },
  undo: roomUndo,
} satisfies ActionModule;
