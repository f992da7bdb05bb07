/**
 * `tourflow login`: signs in through the portal (OAuth authorization code with PKCE) and keeps
 * the tokens in a 0600 file that the worker and the other commands use.
 */
import type { Command } from 'commander';
import { ExitCode, UserError, type CliContext } from '../context.ts';

interface LoginOptions {
  scope?: string[];
  browser: boolean;
  timeout: string;
  json?: boolean;
}

/** Registers `tourflow login`. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('login')
    .description('Sign in to the Tour API through the portal and store the tokens for tourflow.')
    .option('--scope <scope...>', 'scopes to ask for (default: every API scope)')
    .option('--no-browser', 'print the sign-in URL instead of opening a browser')
    .option('--timeout <seconds>', 'how long to wait for the browser', '300')
    .option('--json', 'print the result as JSON')
    .action(async (options: LoginOptions) => {
      const [{ openBrowser }, { ApiError }, { signIn }] = await Promise.all([
        import('../../api/client/browser.ts'),
        import('../../api/client/errors.ts'),
        import('../../api/client/sign-in.ts'),
      ]);
      const config = ctx.config().api;
      const timeoutMs = Number(options.timeout) * 1000;
      if (!Number.isFinite(timeoutMs) || timeoutMs <= 0)
        throw new UserError(`--timeout must be a number of seconds, got "${options.timeout}"`);
      try {
        const result = await signIn({
          config,
          scopes: options.scope,
          timeoutMs,
          signal: ctx.signal,
          openUrl: (url) => {
            const opened = options.browser && openBrowser(url, ctx.env);
            ctx.err(
              opened
                ? `Opened your browser to sign in. If it did not open, visit:\n${url}`
                : `Open this URL in a browser to sign in:\n${url}`,
            );
            ctx.err('Waiting for the sign-in to finish (Ctrl-C to stop)...');
          },
        });
        if (options.json) ctx.out(JSON.stringify({ tokenFile: result.tokenFile, scopes: result.scopes }, null, 2));
        else
          ctx.out(
            `Signed in. Tokens saved to ${result.tokenFile}\nGranted scopes: ${result.scopes.join(' ') || '(none reported)'}`,
          );
        if (config.accessToken)
          ctx.err(
            'Note: TOURFLOW_ACCESS_TOKEN is set and takes precedence over the stored sign-in; unset it to use these tokens.',
          );
      } catch (error) {
        if (error instanceof ApiError)
          throw new UserError(`Sign-in failed: ${error.message}`, { exitCode: ExitCode.failed, cause: error });
        throw error;
      }
    });
}
