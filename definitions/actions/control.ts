/** Control actions: run by the workflow itself, not by an activity. */
import { z } from 'zod';
import { duration } from '../format.ts';
import { ActionKind, defineAction } from './types.ts';
import { outputs, text } from './outputs.ts';

export const approvalArgs = z.strictObject({
  message: z.string().min(1).describe('What the approver is asked; may use ${{ }} to show counts.'),
  timeout: duration.optional().describe('How long to wait for `tourflow approve`. @default 24h'),
});
export type ApprovalArgs = z.infer<typeof approvalArgs>;

/** How long an approval waits when the step does not say. */
export const DEFAULT_APPROVAL_TIMEOUT = '24h';

export const approval = defineAction({
  name: 'approval',
  description: 'Wait until someone runs `tourflow approve RUN STEP` (or declines), with a timeout.',
  args: approvalArgs,
  outputs: outputs({ approved: z.boolean().describe('true once approved'), message: text('the message shown') }),
  calls: [],
  kind: ActionKind.control,
  compensation: null,
});

export const playbookRunArgs = z.strictObject({
  playbook: z.string().min(1).describe('Path of the playbook to run, relative to this file.'),
  inputs: z.record(z.string(), z.unknown()).optional().describe('Inputs of the included playbook.'),
});
export type PlaybookRunArgs = z.infer<typeof playbookRunArgs>;

export const playbookRun = defineAction({
  name: 'playbook.run',
  description: 'Run another playbook as one step (its steps are undone with the rest on rollback).',
  args: playbookRunArgs,
  outputs: outputs({}),
  calls: [],
  kind: ActionKind.control,
  compensation: { describe: 'undo the included playbook’s steps', calls: [] },
});
