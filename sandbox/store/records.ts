/**
 * The sandbox's internal records. They are plain JSON (the `--state` file and the snapshot are
 * these records as they are); the API shapes are rendered from them in `sandbox/views/`.
 * Timestamps are ISO 8601 strings; soft deletes keep the row with `isDeleted: true`.
 */
export type * from './records/core.ts';
export type * from './records/content.ts';
export { StayType } from './records/content.ts';
