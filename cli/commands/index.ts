/** Every `tourflow` command, in the order `--help` lists them. */
import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { register as dev } from './dev.ts';
import { register as run } from './run.ts';
import { register as validate } from './validate.ts';
import { register as plan } from './plan.ts';
import { register as schema } from './schema.ts';
import { register as worker } from './worker.ts';
import { register as sandbox } from './sandbox.ts';
import { register as login } from './login.ts';
import { register as logout } from './logout.ts';
import { register as whoami } from './whoami.ts';

export type RegisterCommand = (program: Command, ctx: CliContext) => void;

export const commands: RegisterCommand[] = [dev, run, validate, plan, schema, worker, sandbox, login, logout, whoami];
