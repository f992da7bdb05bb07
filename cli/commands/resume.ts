import type { Command } from 'commander';
import { resumeUpdate } from '../../workflows/messages.ts';
import type { CliContext } from '../context.ts';
import { registerRunUpdate } from '../progress.ts';

/** Registers `tourflow resume RUN`. */
export function register(program: Command, ctx: CliContext): void {
  registerRunUpdate(program, ctx, {
    name: 'resume',
    description: 'Resume a paused run: new steps and items start again.',
    update: resumeUpdate,
    done: (id) => `resumed ${id}`,
  });
}
