import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { registerRunUpdate } from '../run-update.ts';

/** Registers `tourflow resume RUN`. */
export function register(program: Command, ctx: CliContext): void {
  registerRunUpdate(program, ctx, {
    name: 'resume',
    description: 'Resume a paused run: new steps and items start again.',
    update: async () => (await import('../../workflows/messages.ts')).resumeUpdate,
    done: (id) => `resumed ${id}`,
  });
}
