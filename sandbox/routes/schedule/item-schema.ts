/** Request bodies of schedule item writes, as the contract (`api/contract/schedule.ts`) parses them. */
import type { z } from 'zod';
import type { createScheduleItemBody, reminderInput, updateScheduleItemBody } from '../../../api/contract/schedule.ts';

export type ReminderInput = z.output<typeof reminderInput>;
export type CreateItemInput = z.output<typeof createScheduleItemBody>;
export type UpdateItemInput = z.output<typeof updateScheduleItemBody>;
