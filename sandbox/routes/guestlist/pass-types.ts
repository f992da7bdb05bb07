/**
 * Pass types of a tour. A delete without `force=true` while guests still hold the pass deletes
 * nothing: `status: false` and `data.guestLists` lists the blocking entries.
 */
import type { FastifyInstance } from 'fastify';
import { requireTour, requireTourRecord, restore, setDeleted } from '../../access.ts';
import type { SandboxContext } from '../../context.ts';
import { paginate, readPaging } from '../../pipeline/pagination.ts';
import { defineRoute } from '../../pipeline/route.ts';
import type { PassTypeRecord } from '../../store/records.ts';
import { lookup } from '../../store/reference-data.ts';
import type { Store } from '../../store/store.ts';
import { attachmentsOf, checkAttachments, replaceAttachments } from '../shared/attachments.ts';
import { nowIso } from '../shared/schemas.ts';
import { attachmentView } from '../../views/fields.ts';

/** A pass type as read. */
export function passTypeView(store: Store, pass: PassTypeRecord): Record<string, unknown> {
  const material = lookup('passMaterialTypes', pass.passMaterialTypeId);
  return {
    id: pass.id,
    name: pass.name,
    description: pass.description,
    quantity: pass.quantity,
    pass_material_type: material ? { ...material } : null,
    tour_id: pass.tourId,
    is_deleted: pass.isDeleted,
    created_at: pass.createdAt,
    updated_at: pass.updatedAt,
    attachments: attachmentsOf(store, 'PASS_TYPE', pass.id).map(attachmentView),
  };
}

const tourPass = (store: Store, passId: number, userId: string, deleted: boolean | 'any' = false): PassTypeRecord =>
  requireTourRecord(store, store.passTypes.get(passId), userId, 'Pass type', deleted);

/** Live guest list entries holding the pass. */
function holders(store: Store, pass: PassTypeRecord): Array<Record<string, unknown>> {
  return store.guests
    .filter(
      (guest) =>
        guest.tourId === pass.tourId &&
        !guest.isDeleted &&
        guest.passes.some((row) => row.passId === pass.id && row.count > 0),
    )
    .map((guest) => ({
      id: guest.id,
      firstName: guest.firstName,
      lastName: guest.lastName,
      dayId: guest.dayId,
      count: guest.passes.find((row) => row.passId === pass.id)?.count ?? 0,
    }));
}

/** Registers the pass type endpoints. */
export function registerPassTypeRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  defineRoute(app, ctx, 'listPassTypes', ({ store, caller, params, query }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    const rows = store.passTypes.filter((pass) => pass.tourId === tour.id && !pass.isDeleted);
    return paginate(
      rows,
      readPaging(query),
      () => true,
      (pass) => passTypeView(store, pass),
      ctx.options.responseCeilingBytes,
    );
  });

  defineRoute(app, ctx, 'createPassType', ({ store, caller, params, input: read }) => {
    const tour = requireTour(store, params.tourId as string, caller.userId);
    const input = read();
    const now = nowIso();
    const pass = store.passTypes.put({
      id: store.nextId('passType'),
      tourId: tour.id,
      name: input.name,
      description: input.description ?? null,
      quantity: input.quantity ?? null,
      passMaterialTypeId: input.passMaterialTypeId ?? null,
      isDeleted: false,
      createdAt: now,
      updatedAt: now,
    });
    return { data: { id: pass.id, name: pass.name }, message: 'Pass type created' };
  });

  defineRoute(app, ctx, 'updatePassType', ({ store, caller, params, input: read }) => {
    const pass = tourPass(store, params.passTypeId as number, caller.userId);
    const { attachments: files, ...input } = read();
    if (files) checkAttachments(store, 'PASS_TYPE', pass.id, files);
    for (const [key, value] of Object.entries(input))
      if (value !== undefined) (pass as unknown as Record<string, unknown>)[key] = value;
    if (files)
      replaceAttachments(
        store,
        { tourId: pass.tourId, entityType: 'PASS_TYPE', entityId: pass.id, userId: caller.userId },
        files,
      );
    pass.updatedAt = nowIso();
    return { data: { id: pass.id, name: pass.name }, message: 'Pass type updated' };
  });

  defineRoute(app, ctx, 'deletePassType', ({ store, caller, params, query }) => {
    const pass = tourPass(store, params.passTypeId as number, caller.userId);
    const blocking = holders(store, pass);
    if (blocking.length > 0 && query.force !== 'true') {
      return {
        status: false,
        message: 'Pass type is held by guest list entries; nothing was deleted (use force=true)',
        data: { guestLists: blocking },
      };
    }
    setDeleted(pass, true);
    return { message: 'Pass type deleted' };
  });

  defineRoute(app, ctx, 'restorePassType', ({ store, caller, params }) => {
    const pass = tourPass(store, params.passTypeId as number, caller.userId, 'any');
    restore(pass, 'Pass type');
    return { message: 'Pass type restored' };
  });
}
