/** Every `tourflow` command, in the order `--help` lists them. */
import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { register as dev } from './dev.ts';
import { register as run } from './run.ts';
import { register as retry } from './retry.ts';
import { register as validate } from './validate.ts';
import { register as plan } from './plan.ts';
import { register as schema } from './schema.ts';
import { register as runs } from './runs.ts';
import { register as status } from './status.ts';
import { register as result } from './result.ts';
import { register as cancel } from './cancel.ts';
import { register as approve } from './approve.ts';
import { register as pause } from './pause.ts';
import { register as resume } from './resume.ts';
import { register as schedule } from './schedule.ts';
import { register as triggers } from './triggers.ts';
import { register as worker } from './worker.ts';
import { register as sandbox } from './sandbox.ts';
import { register as codecServer } from './codec-server.ts';
import { register as keys } from './keys.ts';
import { register as login } from './login.ts';
import { register as logout } from './logout.ts';
import { register as whoami } from './whoami.ts';

export type RegisterCommand = (program: Command, ctx: CliContext) => void;

export const commands: RegisterCommand[] = [
  dev,
  run,
  retry,
  validate,
  plan,
  schema,
  runs,
  status,
  result,
  cancel,
  approve,
  pause,
  resume,
  schedule,
  triggers,
  worker,
  sandbox,
  codecServer,
  keys,
  login,
  logout,
  whoami,
];
