/**
 * Custom fields of schedule items, venues and stays: add, update and remove one field. A field
 * is named by its title (or ID); a premade field of a venue or stay by its template key (or
 * label) from the venue and stay field templates. Each undo writes the owner's field list back
 * as it was before the step. `customField.list` reads them. This file is the catalogue (arguments,
 * outputs, calls, undo), no I/O; the worker's handlers are in `handlers.ts`.
 */
import { z } from 'zod';
import { ActionKind, defineAction } from '../../definitions/actions/types.ts';
import { dayRef, nameRef, tourId, unresolved } from '../../definitions/actions/vocabulary.ts';
import { outputs, text, wholeNumber } from '../../definitions/actions/outputs.ts';
import { defineRead, nullableInt, nullableText, placeOf } from '../../definitions/actions/lists.ts';

/** The record that owns the fields: a schedule item of a day, a venue or a stay. */
const owner = {
  tourId,
  day: dayRef.optional().describe('With "item": the item’s day.'),
  item: nameRef('A schedule item of "day"').optional(),
  venue: nameRef('The venue').optional(),
  stay: nameRef('The stay').optional(),
};

interface OwnerArgs {
  day?: unknown;
  item?: unknown;
  venue?: unknown;
  stay?: unknown;
  template?: unknown;
}

/** Exactly one owner; an item with its day; premade fields only on venues and stays. */
function checkOwner(args: OwnerArgs, ctx: z.RefinementCtx): void {
  if (unresolved(args)) return;
  if ([args.item, args.venue, args.stay].filter((value) => value !== undefined).length !== 1) {
    ctx.addIssue({ code: 'custom', message: 'give one of "item" (with "day"), "venue" or "stay"', input: args });
  }
  if (args.item !== undefined && args.day === undefined)
    ctx.addIssue({ code: 'custom', message: '"item" needs "day"', path: ['item'], input: args });
  if (args.item !== undefined && args.template !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: 'premade fields ("template") exist only on venues and stays',
      path: ['template'],
      input: args,
    });
  }
}

const template = z
  .string()
  .min(1)
  .max(100)
  .describe(
    'A premade field of a venue or stay: its key or label from the venue or stay field templates (e.g. confirmation_number).',
  );
const value = z.string().max(5000).describe('The field’s value (the API’s `description`).');
const sortOrder = z.number().int().describe('Where the field is shown among the others.');

const fieldOutputs = outputs({
  id: z
    .int()
    .nullable()
    .describe('the field’s ID (null for a stay’s confirmation number, which is the stay’s booking number)'),
  owner: text('what owns the field: "schedule item 12", "venue 3", "stay 9"'),
});

const calls = (write: string[]) => [
  'GET /v1/tours/{tourId}/data',
  'GET /v1/tours/{tourId}/days/{dayId}/schedule',
  'GET /v1/tours/{tourId}/venues',
  'GET /v1/tours/{tourId}/accommodation',
  'GET /v1/reference/venue-field-templates',
  'GET /v1/reference/stay-field-templates',
  'GET /v1/schedule/items/{itemId}/custom-fields',
  'GET /v1/venues/{venueId}/custom-fields',
  'GET /v1/accommodation/{accommodationId}/custom-fields',
  ...write,
];
const WRITES = [
  'PUT /v1/schedule/items/{itemId}/custom-fields',
  'PUT /v1/venues/{venueId}/custom-fields',
  'PUT /v1/accommodation/{accommodationId}/custom-fields',
];

/** One of the three field actions: each reads the owner and its fields, writes one change, and writes the list back on undo. */
function fieldAction(name: string, description: string, args: z.ZodType, undone: string) {
  return defineAction({
    name,
    description,
    args,
    outputs: fieldOutputs,
    calls: calls(WRITES),
    kind: ActionKind.update,
    compensation: { describe: `write the field list back as it was (${undone})`, calls: WRITES },
  });
}

export const customFieldAddArgs = z
  .strictObject({
    ...owner,
    title: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .describe('The field’s title; a premade field takes its label when none is given.'),
    template: template.optional(),
    value: value.optional(),
    sortOrder: sortOrder.optional(),
  })
  .superRefine(checkOwner)
  .refine(
    (args) => unresolved(args) || args.title !== undefined || args.template !== undefined,
    'give "title", "template" or both',
  );
export type CustomFieldAddArgs = z.infer<typeof customFieldAddArgs>;

export const customFieldAdd = fieldAction(
  'customField.add',
  'Add a custom field to a schedule item, venue or stay: a free one by title, or a premade one by its template key.',
  customFieldAddArgs,
  'the added field is removed',
);

/** The field a step changes: by title or ID, or a premade one by template. */
const fieldRef = {
  field: nameRef('The field').optional().describe('The field: its title or ID.'),
  template: template.optional(),
};
const oneField = (args: { field?: unknown; template?: unknown }) =>
  unresolved(args) || (args.field === undefined) !== (args.template === undefined);

export const customFieldUpdateArgs = z
  .strictObject({
    ...owner,
    ...fieldRef,
    title: z.string().min(1).max(255).optional().describe('The new title.'),
    value: value.nullable().optional().describe('The new value; null clears it.'),
    sortOrder: sortOrder.optional(),
  })
  .superRefine(checkOwner)
  .refine(oneField, 'give "field" (its title or ID) or "template"')
  .refine(
    (args) => unresolved(args) || ['title', 'value', 'sortOrder'].some((key) => key in args),
    'give at least one of title, value, sortOrder',
  );
export type CustomFieldUpdateArgs = z.infer<typeof customFieldUpdateArgs>;

export const customFieldUpdate = fieldAction(
  'customField.update',
  'Change a custom field of a schedule item, venue or stay (its title, value or place); only what is given changes.',
  customFieldUpdateArgs,
  'the field gets its title, value and place back',
);

export const customFieldRemoveArgs = z
  .strictObject({ ...owner, ...fieldRef })
  .superRefine(checkOwner)
  .refine(oneField, 'give "field" (its title or ID) or "template"');
export type CustomFieldRemoveArgs = z.infer<typeof customFieldRemoveArgs>;

export const customFieldRemove = fieldAction(
  'customField.remove',
  'Remove a custom field from a schedule item, venue or stay.',
  customFieldRemoveArgs,
  'the removed field comes back, under a new ID',
);

export const customFieldListArgs = z
  .strictObject({
    tourId,
    ...placeOf,
    day: dayRef.optional().describe('With "item": the item’s day.'),
    item: nameRef('A schedule item of "day"').optional(),
    title: z.string().min(1).optional().describe('Only fields with this title or template key (case-insensitive).'),
  })
  .refine(
    (args) => unresolved(args) || [args.venue, args.stay, args.item].filter((v) => v !== undefined).length === 1,
    'give one of "venue", "stay" or "item"',
  )
  .refine((args) => unresolved(args) || args.item === undefined || args.day !== undefined, {
    message: '"item" needs "day"',
    path: ['item'],
  });
export type CustomFieldListArgs = z.infer<typeof customFieldListArgs>;

export const customFieldList = defineRead({
  name: 'customField.list',
  description: 'List the custom fields of a venue, a stay or a schedule item.',
  args: customFieldListArgs,
  outputs: outputs({
    fields: z
      .array(
        z.strictObject({
          id: nullableInt,
          title: nullableText,
          description: nullableText,
          templateKey: nullableText,
          sortOrder: nullableInt,
        }),
      )
      .describe('list of { id, title, description, templateKey, sortOrder }'),
    count: wholeNumber('number of fields'),
  }),
  calls: [
    'GET /v1/venues/{venueId}/custom-fields',
    'GET /v1/accommodation/{accommodationId}/custom-fields',
    'GET /v1/schedule/items/{itemId}/custom-fields',
  ],
});

/** The custom field actions, in the order the docs list them: `definitions/actions/index.ts` takes them all. */
export const customFieldActionList = [customFieldList, customFieldAdd, customFieldUpdate, customFieldRemove] as const;

const exampleTour = '${{ inputs.tourId }}';
/** One example step per custom field action (its `with:`), shown in the docs and compiled by a test (`definitions/actions/examples.ts`). */
export const CUSTOM_FIELD_EXAMPLES = {
  'customField.list': { tourId: exampleTour, stay: 'Hotel Adlon' },
  'customField.add': {
    tourId: exampleTour,
    venue: 'Uber Arena',
    template: 'parking',
    value: 'Two bus bays behind the arena',
  },
  'customField.update': {
    tourId: exampleTour,
    day: '2027-03-27',
    item: 'Soundcheck',
    field: 'Backline',
    value: 'Drum riser stage left',
  },
  'customField.remove': { tourId: exampleTour, stay: 'Hotel Adlon', field: 'Breakfast' },
} as const;
