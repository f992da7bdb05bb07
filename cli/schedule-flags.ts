/**
 * Flag values of the schedule commands that their registration needs: known without the
 * Temporal client, which `schedules.ts` maps them onto when a command acts.
 */

/** `--overlap` values, as the Temporal CLI spells them, in the order `--help` lists them. */
export const OVERLAP_FLAGS = [
  'skip',
  'buffer-one',
  'buffer-all',
  'cancel-other',
  'terminate-other',
  'allow-all',
] as const;
export type OverlapFlag = (typeof OVERLAP_FLAGS)[number];

/** Defaults of `schedule create`: a run still going means the next one is skipped, not queued. */
export const SCHEDULE_DEFAULTS = {
  overlap: 'skip' as OverlapFlag,
  catchupWindow: '1h',
  name: 'default',
  timezone: 'UTC',
};
