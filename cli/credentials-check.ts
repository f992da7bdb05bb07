/**
 * The API credentials checked where they are given: `tourflow worker` makes one cheap call
 * before it takes work, so a wrong API key, secret or token is said at start, naming which one,
 * instead of failing the first run that reaches the API.
 */
import type { ApiConfig } from '../worker/config.ts';
import { ExitCode, UserError } from './context.ts';
import { FailureType } from '../definitions/failure-types.ts';

/** Where the user token came from, in words. */
function tokenSource(config: ApiConfig): string {
  return config.accessToken
    ? 'TOURFLOW_ACCESS_TOKEN and TOURFLOW_REFRESH_TOKEN'
    : `the sign-in \`tourflow login\` kept in ${config.tokenFile}`;
}

/**
 * Reads the caller's organizations with the configured credentials. A refused credential is a
 * `UserError` naming it; a scope the credential lacks for that read is not (the key, secret and
 * token were accepted before the scope check); an API that does not answer is reported through
 * `warn` and the worker starts anyway, as its runs retry.
 */
export async function checkApiCredentials(
  config: ApiConfig,
  signal: AbortSignal,
  warn: (text: string) => void,
): Promise<void> {
  const [{ listOrganizations }, { createApiClient }, { ApiError }] = await Promise.all([
    import('../api/contract/organizations.ts'),
    import('../api/client/client.ts'),
    import('../api/client/errors.ts'),
  ]);
  const client = createApiClient({ config, retry: { maximumAttempts: 2 } });
  try {
    await client.call(listOrganizations, { signal });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === FailureType.INSUFFICIENT_SCOPE) return;
    if (error.code === FailureType.NETWORK_ERROR || error.code === FailureType.TIMEOUT || error.retryable) {
      warn(
        `warning: the Tour API at ${config.baseUrl} did not answer the credentials check (${error.message}); starting anyway`,
      );
      return;
    }
    const message =
      error.code === FailureType.REAUTH_REQUIRED
        ? `the Tour API at ${config.baseUrl} refused the user token (${tokenSource(config)}): ${error.message}`
        : `the credentials check against the Tour API at ${config.baseUrl} failed: ${error.message}`;
    throw new UserError(message, { exitCode: ExitCode.usage, cause: error });
  } finally {
    await client.close();
  }
}
