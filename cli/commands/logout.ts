/** `tourflow logout`: deletes the tokens `tourflow login` stored. */
import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

/** Registers `tourflow logout`. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('logout')
    .description('Delete the tokens stored by `tourflow login`.')
    .action(async () => {
      const { deleteTokenFile } = await import('../../api/client/token-store.ts');
      const config = ctx.config().api;
      const removed = await deleteTokenFile(config.tokenFile);
      ctx.out(removed ? `Signed out: removed ${config.tokenFile}` : `Not signed in: no tokens at ${config.tokenFile}`);
      if (config.accessToken)
        ctx.err('Note: TOURFLOW_ACCESS_TOKEN is still set in the environment; unset it to stop using that token.');
    });
}
