/**
 * Pass types of a tour's guest list, as the catalogue gives them: `passType.create`,
 * `passType.update`, `passType.delete`, `passType.restore` and `passType.list` (arguments,
 * outputs, calls, undo). No I/O; the worker's handlers are in `handlers.ts`.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { outputs, recordId, recordIds, text, wholeNumber } from '../../definitions/actions/outputs.ts';
import { lookupName, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';
import { goneId, namedRecordArgs, restoreAction } from '../../definitions/actions/by-id.ts';
import { defineRead, nullableText } from '../../definitions/actions/lists.ts';

export const passTypeCreateArgs = z.strictObject({
  tourId,
  name: z.string().min(1),
  description: z.string().optional(),
  material: lookupName('passMaterialTypes').optional(),
});
export type PassTypeCreateArgs = z.infer<typeof passTypeCreateArgs>;

export const passTypeCreate = defineAction({
  name: 'passType.create',
  description: 'Create a pass type for the tour’s guest list.',
  args: passTypeCreateArgs,
  outputs: outputs({ id: recordId('pass type ID'), name: text('pass type name') }),
  calls: ['GET /v1/reference/types', 'POST /v1/tours/{tourId}/passTypes'],
  kind: ActionKind.create,
  compensation: { describe: 'delete the pass type', calls: ['DELETE /v1/passTypes/{passTypeId}'] },
});

/** A pass type of the tour by name or ID. */
const passTypeRef = lookupName('passTypes of the tour').describe('Pass type name or ID.');

export const passTypeUpdateArgs = z
  .strictObject({
    tourId,
    passType: passTypeRef,
    name: z.string().min(1).max(255).optional(),
    description: z.string().max(2000).nullable().optional().describe('null clears it.'),
    quantity: z
      .number()
      .int()
      .nonnegative()
      .nullable()
      .optional()
      .describe('How many passes there are; null clears it.'),
    material: lookupName('passMaterialTypes').nullable().optional().describe('null clears it.'),
  })
  .refine(
    (args) => unresolved(args) || ['name', 'description', 'quantity', 'material'].some((key) => key in args),
    'give at least one of name, description, quantity, material',
  );
export type PassTypeUpdateArgs = z.infer<typeof passTypeUpdateArgs>;

export const passTypeUpdate = defineAction({
  name: 'passType.update',
  description: 'Rename a pass type or change its description, quantity or material.',
  args: passTypeUpdateArgs,
  outputs: outputs({ id: recordId('pass type ID') }),
  calls: ['GET /v1/tours/{tourId}/passTypes', 'GET /v1/reference/types', 'PUT /v1/passTypes/{passTypeId}'],
  kind: ActionKind.update,
  compensation: {
    describe: 'put the previous name, description, quantity and material back',
    calls: ['PUT /v1/passTypes/{passTypeId}'],
  },
});

/** A pass type named by `passType` (name or ID) or `passTypeId`. */
const namedPassType = { nameArg: 'passType', idArg: 'passTypeId', noun: 'pass type' } as const;

export const passTypeDeleteArgs = namedRecordArgs(namedPassType, {
  force: z
    .boolean()
    .default(false)
    .describe('Delete even while guest list entries hold the pass (needs allowDestroy: true).'),
});
export type PassTypeDeleteArgs = z.infer<typeof passTypeDeleteArgs>;

export const passTypeDelete = defineAction({
  name: 'passType.delete',
  description:
    'Delete a pass type, named by its name or ID (it can be restored). The API refuses while guest list entries hold it; the step then names them.',
  args: passTypeDeleteArgs,
  outputs: outputs({ id: goneId('pass type') }),
  calls: ['GET /v1/tours/{tourId}/passTypes', 'DELETE /v1/passTypes/{passTypeId}'],
  kind: ActionKind.delete,
  compensation: { describe: 'restore the pass type', calls: ['POST /v1/passTypes/{passTypeId}/restore'] },
  destructive: (args) =>
    args.force === undefined || args.force === false
      ? null
      : 'deletes the pass type even though guest list entries hold it (force); what the entries show for it meanwhile is not shown by the API',
});

export const passTypeRestore = restoreAction({
  prefix: 'passType',
  noun: 'pass type',
  idArg: 'passTypeId',
  path: '/v1/passTypes/{passTypeId}',
});

export const passTypeListArgs = z.strictObject({
  tourId,
  name: z.string().min(1).optional().describe('Only the pass type with this name (case-insensitive).'),
});
export type PassTypeListArgs = z.infer<typeof passTypeListArgs>;

export const passTypeList = defineRead({
  name: 'passType.list',
  description: 'List the tour’s guest list pass types.',
  args: passTypeListArgs,
  outputs: outputs({
    passTypes: z
      .array(
        z.strictObject({ id: z.int(), name: nullableText, description: nullableText, quantity: z.int().nullable() }),
      )
      .describe('list of { id, name, description, quantity }'),
    ids: recordIds('their IDs'),
    names: z.array(z.string()).describe('their names'),
    count: wholeNumber('number of pass types'),
  }),
  calls: ['GET /v1/tours/{tourId}/passTypes'],
});

/** The pass type actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const passTypeActionList = [
  passTypeList,
  passTypeCreate,
  passTypeUpdate,
  passTypeDelete,
  passTypeRestore,
] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per pass type action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const PASS_TYPE_EXAMPLES = {
  'passType.list': { tourId: exampleTour },
  'passType.create': { tourId: exampleTour, name: 'VIP', description: 'Side of stage' },
  'passType.update': { tourId: exampleTour, passType: 'VIP', name: 'VIP Lounge', quantity: 40 },
  'passType.delete': { tourId: exampleTour, passType: 'VIP' },
  'passType.restore': { passTypeId: 7 },
} as const;
