/**
 * What `tourflow schedule list` and `describe` show of a schedule: its view, with the cron
 * expression rebuilt from Temporal's calendars.
 */
import {
  DAYS_OF_WEEK,
  MONTHS,
  type CalendarSpecDescription,
  type Range,
  type ScheduleDescription,
  type ScheduleSummary,
} from '@temporalio/client';
import type { JsonObject } from '../definitions/plan-types.ts';
import type { PlaybookInput } from '../workflows/messages.ts';
import { formatDuration } from './progress-text.ts';
import { overlapFlag } from './schedule-checks.ts';
import type { OverlapFlag } from './schedule-flags.ts';

/** What `schedule describe --json` prints, and `schedule list --json` a list of. */
export interface ScheduleView {
  scheduleId: string;
  playbook: string | undefined;
  cron: string;
  timezone: string;
  inputs: JsonObject;
  paused: boolean;
  note: string | undefined;
  overlap: OverlapFlag;
  catchupWindow: string;
  nextRuns: string[];
  recentRuns: { scheduledAt: string; takenAt: string; workflowId: string }[];
  runsTaken: number;
  skippedOverlap: number;
  missedCatchupWindow: number;
  running: string[];
}

type CronField = {
  key: keyof Omit<CalendarSpecDescription, 'comment'>;
  min: number;
  max: number;
  names?: readonly string[];
};
const CRON_FIELDS: CronField[] = [
  { key: 'second', min: 0, max: 59 },
  { key: 'minute', min: 0, max: 59 },
  { key: 'hour', min: 0, max: 23 },
  { key: 'dayOfMonth', min: 1, max: 31 },
  { key: 'month', min: 1, max: 12, names: MONTHS },
  { key: 'dayOfWeek', min: 0, max: 6, names: DAYS_OF_WEEK },
  { key: 'year', min: 0, max: Infinity },
];

function cronField(field: CronField, ranges: Range<string | number>[]): string {
  const value = (unit: string | number) =>
    field.names ? field.names.indexOf(unit as string) + (field.key === 'month' ? 1 : 0) : Number(unit);
  if (ranges.length === 0) return '*';
  const parts = ranges.map((range) => {
    const [start, end] = [value(range.start), Math.max(value(range.start), value(range.end))];
    const step = range.step > 1 ? `/${range.step}` : '';
    if (start === field.min && end === field.max) return `*${step}`;
    return `${start}${end > start ? `-${end}` : ''}${step}`;
  });
  return parts.join(',');
}

/**
 * A schedule's calendars written back as cron: Temporal keeps a cron expression only in its
 * structured form, so `describe` rebuilds the text (seconds and year only when not the default).
 */
export function calendarsToCron(calendars: CalendarSpecDescription[]): string {
  return calendars
    .map((calendar) => {
      const [second, minute, hour, dom, month, dow, year] = CRON_FIELDS.map((field) =>
        cronField(field, calendar[field.key] as Range<string | number>[]),
      );
      const five = [minute, hour, dom, month, dow];
      return second !== '0'
        ? [second, ...five, year].join(' ')
        : year !== '*'
          ? [...five, year].join(' ')
          : five.join(' ');
    })
    .join('; ');
}

/** The playbook input a schedule's action carries, if it is a tourflow schedule. */
export function actionInput(description: Pick<ScheduleDescription, 'action'>): PlaybookInput | undefined {
  const [first] = (description.action.args ?? []) as unknown[];
  return first && typeof first === 'object' && 'plan' in first ? (first as PlaybookInput) : undefined;
}

function recentRuns(actions: ScheduleSummary['info']['recentActions']): ScheduleView['recentRuns'] {
  return actions.map((a) => ({
    scheduledAt: a.scheduledAt.toISOString(),
    takenAt: a.takenAt.toISOString(),
    workflowId: a.action.workflow.workflowId,
  }));
}

/** The view of one schedule, from its description. */
export function scheduleView(description: ScheduleDescription): ScheduleView {
  const input = actionInput(description);
  const { info, state, policies, spec } = description;
  return {
    scheduleId: description.scheduleId,
    playbook: input?.plan.name,
    cron: calendarsToCron(spec.calendars ?? []),
    timezone: spec.timezone ?? 'UTC',
    inputs: input?.inputs ?? {},
    paused: state.paused,
    note: state.note || undefined,
    overlap: overlapFlag(policies.overlap),
    catchupWindow: formatDuration(policies.catchupWindow),
    nextRuns: info.nextActionTimes.slice(0, 5).map((date) => date.toISOString()),
    recentRuns: recentRuns(info.recentActions),
    runsTaken: info.numActionsTaken,
    skippedOverlap: info.numActionsSkippedOverlap,
    missedCatchupWindow: info.numActionsMissedCatchupWindow,
    running: info.runningActions.map((a) => a.workflow.workflowId),
  };
}
