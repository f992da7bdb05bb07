/**
 * What the schedule commands' flag values mean once a command acts: the policy each
 * `--overlap` stands for, and checks of durations, time zones, instants and schedule names.
 */
import { ScheduleOverlapPolicy } from '@temporalio/client';
import { duration } from '../definitions/format.ts';
import { UserError } from './context.ts';
import { storedInTheClear } from './options.ts';
import { SCHEDULE_DEFAULTS, type OverlapFlag } from './schedule-flags.ts';

/** The policy each `--overlap` value stands for. */
export const OVERLAP_POLICIES = {
  skip: ScheduleOverlapPolicy.SKIP,
  'buffer-one': ScheduleOverlapPolicy.BUFFER_ONE,
  'buffer-all': ScheduleOverlapPolicy.BUFFER_ALL,
  'cancel-other': ScheduleOverlapPolicy.CANCEL_OTHER,
  'terminate-other': ScheduleOverlapPolicy.TERMINATE_OTHER,
  'allow-all': ScheduleOverlapPolicy.ALLOW_ALL,
} as const satisfies Record<OverlapFlag, ScheduleOverlapPolicy>;

/** The flag spelling of a policy. */
export function overlapFlag(policy: ScheduleOverlapPolicy | undefined): OverlapFlag {
  const found = Object.entries(OVERLAP_POLICIES).find(([, value]) => value === policy);
  return (found?.[0] as OverlapFlag | undefined) ?? 'skip';
}

/** Checks a duration flag (`--catchup-window 1h`). */
export function checkDuration(flag: string, value: string): string {
  if (!duration.safeParse(value).success)
    throw new UserError(`${flag} takes a duration like "30s", "5m", "2h" or "1d", got "${value}"`);
  return value.replace(/\s+/g, '');
}

/** Checks an IANA time zone name against the runtime's zone database. */
export function checkTimezone(timezone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return timezone;
  } catch {
    throw new UserError(`unknown time zone "${timezone}"; use an IANA name like Europe/Berlin or America/New_York`);
  }
}

/** Parses an ISO 8601 instant flag (`--from 2027-03-01T00:00:00Z`). */
export function checkInstant(flag: string, value: string): Date {
  const date = new Date(value);
  if (!/^\d{4}-\d{2}-\d{2}/.test(value) || Number.isNaN(date.getTime())) {
    throw new UserError(`${flag} takes a date and time like 2027-03-01T02:00:00Z, got "${value}"`);
  }
  return date;
}

/** `tourflow-<playbook>-<name>`, unless the user named the schedule with `--id`. */
export function scheduleIdFor(playbook: string, options: { id?: string; name?: string }): string {
  return storedInTheClear(
    options.id ?? `tourflow-${playbook}-${options.name ?? SCHEDULE_DEFAULTS.name}`,
    'schedule name',
  );
}
