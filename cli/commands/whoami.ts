/** `tourflow whoami`: the signed-in user's organizations and the scopes granted to tourflow. */
import type { Command } from 'commander';
import type { Organization } from '../../api/contract/organizations.ts';
import { ExitCode, UserError, type CliContext } from '../context.ts';

/** Scopes carried by a JWT access token (`scope` claim), when the token is one. */
export function scopesFromJwt(token: string): string[] | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { scope?: unknown };
    return typeof claims.scope === 'string' ? claims.scope.split(/\s+/).filter(Boolean) : undefined;
  } catch {
    return undefined;
  }
}

function describeOrg(org: Organization): string {
  const role = org.loggedInUserRole?.name ? `, role ${org.loggedInUserRole.name}` : '';
  return `  ${org.name}  (${org.id}${role})`;
}

/** Registers `tourflow whoami`. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('whoami')
    .description("Show the signed-in user's organizations and the scopes granted to tourflow.")
    .option('--json', 'print the result as JSON')
    .action(async (options: { json?: boolean }) => {
      const [{ listOrganizations }, { createApiClient }, { ApiError }] = await Promise.all([
        import('../../api/contract/organizations.ts'),
        import('../../api/client/client.ts'),
        import('../../api/client/errors.ts'),
      ]);
      const config = ctx.config().api;
      const client = createApiClient({ config, retry: { maximumAttempts: 3 } });
      try {
        const orgs = await client.call(listOrganizations, { signal: ctx.signal });
        const token = await client.tokenSource.getAccessToken();
        const scopes = (await client.tokenSource.scopes()) ?? scopesFromJwt(token) ?? null;
        const source = config.accessToken ? 'TOURFLOW_ACCESS_TOKEN' : config.tokenFile;
        if (options.json) {
          const organizations = orgs.map((org) => ({
            id: org.id,
            name: org.name,
            role: org.loggedInUserRole?.name ?? null,
          }));
          ctx.out(JSON.stringify({ tokens: source, organizations, scopes }, null, 2));
          return;
        }
        ctx.out(
          [
            `Signed in (tokens from ${source})`,
            `Organizations (${orgs.length}):`,
            ...orgs.map(describeOrg),
            `Granted scopes: ${scopes ? scopes.join(' ') : 'unknown (not recorded for this token)'}`,
          ].join('\n'),
        );
      } catch (error) {
        if (error instanceof ApiError) throw new UserError(error.message, { exitCode: ExitCode.failed, cause: error });
        throw error;
      } finally {
        await client.close();
      }
    });
}
