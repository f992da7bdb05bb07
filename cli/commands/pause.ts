import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { registerRunUpdate } from '../run-update.ts';

/** Registers `tourflow pause RUN`. */
export function register(program: Command, ctx: CliContext): void {
  registerRunUpdate(program, ctx, {
    name: 'pause',
    description: 'Pause a run: calls in flight finish, no new step or item starts until `tourflow resume`.',
    update: async () => (await import('../../workflows/messages.ts')).pauseUpdate,
    done: (id) => `paused ${id}; continue with \`tourflow resume ${id}\``,
  });
}
