/**
 * `tourflow sandbox`: runs the Tour API sandbox and its OAuth portal until Ctrl-C, printing
 * ready-to-use credentials (and writing them as JSON with `--credentials-out`, or beside the
 * `--state` file, so a restart with the same state keeps the secrets).
 */
import path from 'node:path';
import type { Command } from 'commander';
import type { SandboxCredentials } from '../../sandbox/index.ts';
import { UserError, type CliContext } from '../context.ts';
import { portFrom, untilStopped } from '../options.ts';
import { credentialsBeside, keptSecrets, writeCredentials } from '../sandbox-credentials.ts';

interface SandboxFlags {
  host: string;
  port: string;
  authPort: string;
  state?: string;
  autoApprove?: boolean;
  credentialsOut?: string;
  json?: boolean;
}

/** The human-readable credentials block. */
export function formatCredentials(credentials: SandboxCredentials): string {
  const c = credentials;
  return [
    `Tour API sandbox ready.`,
    `  base URL (API):      ${c.baseUrl}`,
    `  auth URL (portal):   ${c.authUrl}`,
    `  redirect URI:        ${c.redirectUri}  (any port on this loopback host)`,
    `  signed-in user:      ${c.userEmail} (${c.userId})`,
    `  organization:        ${c.orgId}`,
    ``,
    `Full credential (all ${c.scopes.length} scopes):`,
    `  TOURFLOW_API_URL=${c.baseUrl}`,
    `  TOURFLOW_AUTH_URL=${c.authUrl}`,
    `  TOURFLOW_API_KEY=${c.apiKey}`,
    `  TOURFLOW_API_SECRET=${c.apiSecret}`,
    `  TOURFLOW_ACCESS_TOKEN=${c.accessToken}`,
    `  TOURFLOW_REFRESH_TOKEN=${c.refreshToken}`,
    `  TOURFLOW_REDIRECT_URI=${c.redirectUri}`,
    `  (access token expires in ${c.expiresIn} s)`,
    ``,
    `Limited credential (read scopes only, no write scopes):`,
    `  TOURFLOW_API_KEY=${c.limited.apiKey}`,
    `  TOURFLOW_API_SECRET=${c.limited.apiSecret}`,
    `  TOURFLOW_ACCESS_TOKEN=${c.limited.accessToken}`,
    `  TOURFLOW_REFRESH_TOKEN=${c.limited.refreshToken}`,
    ``,
    `Organizations: subscribed ${c.orgs.subscribed}, no subscription ${c.orgs.noSubscription},`,
    `  free-tour limit reached ${c.orgs.freeLimitReached}, trial ${c.orgs.trial}, unlimited free ${c.orgs.unlimitedFree}`,
    `Faults and snapshot: ${c.baseUrl}/__sandbox/faults, ${c.baseUrl}/__sandbox/snapshot. Ctrl-C stops.`,
  ].join('\n');
}

async function runSandbox(ctx: CliContext, flags: SandboxFlags): Promise<void> {
  const port = portFrom(flags.port, '--port');
  const authPort = portFrom(flags.authPort, '--auth-port');
  const state = flags.state ? path.resolve(ctx.cwd, flags.state) : undefined;
  const credentialsOut = flags.credentialsOut
    ? path.resolve(ctx.cwd, flags.credentialsOut)
    : state
      ? credentialsBeside(state)
      : undefined;
  const { StateFileError, startSandbox } = await import('../../sandbox/index.ts');
  let running;
  try {
    running = await startSandbox({
      host: flags.host,
      port,
      authPort,
      state,
      autoApprove: flags.autoApprove === true,
      knownSecrets: state ? keptSecrets(credentialsOut) : undefined,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new UserError('the port is already in use; pick another with --port/--auth-port (0 picks a free one)', {
        cause: error,
      });
    if (error instanceof StateFileError) throw new UserError(`--state: ${error.message}`, { cause: error });
    throw error;
  }
  const { credentials } = running;
  if (credentialsOut) writeCredentials(credentialsOut, credentials);
  ctx.out(flags.json ? JSON.stringify(credentials) : formatCredentials(credentials));
  if (credentialsOut && !flags.json) ctx.out(`Credentials written to ${credentialsOut}`);
  await untilStopped(ctx);
  await running.close();
}

/** Registers `tourflow sandbox`. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('sandbox')
    .description('Run the Tour API sandbox (a stateful simulator of the API and its OAuth portal) until Ctrl-C.')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--port <port>', 'API port (0 picks a free one)', '4010')
    .option('--auth-port <port>', 'OAuth portal port (0 picks a free one)', '4011')
    .option(
      '--state <file>',
      'keep the store in this file across restarts (credentials beside it, unless --credentials-out names a file)',
    )
    .option('--auto-approve', 'approve /authorize at once, without the consent page (headless sign-in)')
    .option('--credentials-out <file>', 'also write the credentials as JSON to this file (mode 0600)')
    .option('--json', 'print the credentials as one JSON object')
    .action((flags: SandboxFlags) => runSandbox(ctx, flags));
}
