/**
 * The file actions' own argument vocabulary, shared by their catalogue entries (`catalogue.ts`):
 * a file name, a path inside a worker's folder, the record a file is on (and the check that one
 * is given), and a file by ID or name. Declarations only, no I/O.
 */
import { z } from 'zod';
import { dayRef, nameRef, numericId } from '../../definitions/actions/vocabulary.ts';

/** A file name without folders. */
export const fileName = z
  .string()
  .min(1)
  .max(255)
  .refine((name) => !/[/\\]/.test(name) && name !== '.' && name !== '..', 'a file name, without folders');

/** A path relative to a worker's folder, never leaving it. */
export const relativePath = z
  .string()
  .min(1)
  .max(1024)
  .refine(
    (path) => !path.startsWith('/') && !path.startsWith('\\') && !/^[A-Za-z]:/.test(path),
    'a path inside the folder, not an absolute one',
  )
  .refine((path) => !path.split(/[\\/]/).includes('..'), 'must stay inside the folder (no "..")');

/** The record a file is attached to, or removed from: exactly one of these. */
const OWNERS = ['scheduleItem', 'venue', 'stay', 'passType'] as const;
export const ownerShape = {
  scheduleItem: nameRef('The schedule item (by name needs `day`)').optional(),
  day: dayRef.optional().describe('The schedule item’s day (date or ID), to find it by name.'),
  venue: nameRef('The venue').optional(),
  stay: nameRef('The stay').optional(),
  passType: nameRef('The pass type').optional(),
};

export function checkOwner(args: Record<string, unknown>, ctx: z.RefinementCtx, required: boolean): void {
  const given = OWNERS.filter((owner) => args[owner] !== undefined);
  if (given.length > 1 || (required && given.length === 0))
    ctx.addIssue({
      code: 'custom',
      message: `give ${required ? 'exactly' : 'at most'} one of ${OWNERS.join(', ')}`,
      input: args,
    });
  if (typeof args.scheduleItem === 'string' && args.day === undefined)
    ctx.addIssue({ code: 'custom', message: '"scheduleItem" by name needs "day"', path: ['day'], input: args });
  if (args.day !== undefined && args.scheduleItem === undefined)
    ctx.addIssue({ code: 'custom', message: '"day" goes with "scheduleItem"', path: ['day'], input: args });
}

/** A file's ID: a number or a text, as the API gives it. */
export const fileIdOutput = z.union([z.int(), z.string()]);

/** A file's ID: a number or a text, as the API gives it (file.list's). */
export const fileId = z.union([z.int(), z.string()]);

/** A file of the tour: its file ID, or its name (or file name) as file.list shows it. */
export const fileRef = z
  .union([z.string().min(1), numericId])
  .describe('The file: its ID (file.list’s `id`) or its name.');
