/**
 * Connecting the CLI to Temporal, and saying what to do when that fails: a server that does
 * not answer, a namespace it does not have, credentials it refuses. These are the user's to fix
 * (start a server, point at the right one), so each is a `UserError` naming the address, where
 * the address came from, and the flag or variable that changes it.
 */
import { isGrpcServiceError, ServiceError, type Client } from '@temporalio/client';
import type { Config, TemporalConfig } from '../worker/config.ts';
import type { KeyProviderOptions } from '../worker/key-config.ts';
import { KeyConfigError, MissingKeyError } from '../worker/key-provider.ts';
import { connectClient } from '../worker/temporal.ts';
import { UserError, type CliContext } from './context.ts';
import { encryptionFlag, type TemporalFlags } from './options.ts';

/** The gRPC status codes told apart here (grpc-js's `status`, without loading grpc-js). */
const GrpcStatus = {
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  PERMISSION_DENIED: 7,
  UNAVAILABLE: 14,
  UNAUTHENTICATED: 16,
} as const;

/** Where the address came from, in words. */
function addressOrigin(config: TemporalConfig): string {
  switch (config.addressSource) {
    case 'option':
      return 'from --address';
    case 'environment':
      return 'from TEMPORAL_ADDRESS';
    case 'profile':
      return 'from the Temporal CLI profile';
    case 'dev':
      return `where \`tourflow dev\` said it runs, in ${config.devStateFile}`;
    default:
      return 'the default address; no `tourflow dev` is running';
  }
}

const HOW_TO_POINT =
  'Start a local server with `tourflow dev` (in another terminal), or point tourflow at yours with --address or TEMPORAL_ADDRESS.';

/** The error for a Temporal server that does not answer. */
export function unreachable(config: TemporalConfig, cause: unknown): UserError {
  const reason = (cause as Error)?.message?.split('\n')[0] ?? String(cause);
  return new UserError(
    `cannot reach Temporal at ${config.address} (${addressOrigin(config)}): ${reason}.\n${HOW_TO_POINT}`,
    { cause },
  );
}

function grpcCode(error: unknown): number | undefined {
  if (isGrpcServiceError(error)) return error.code;
  if (error instanceof ServiceError) return grpcCode(error.cause);
  return undefined;
}

/**
 * The `UserError` for a Temporal failure that is the user's to fix, or undefined for any other.
 * Namespace-not-found is told apart from a run that is not found by the caller, which asks.
 */
export function temporalUserError(config: TemporalConfig, error: unknown): UserError | undefined {
  if (error instanceof UserError) return error;
  // Key errors keep their own type: main prints them, with their own exit codes.
  if (error instanceof KeyConfigError || error instanceof MissingKeyError) return undefined;
  const code = grpcCode(error);
  if (code === GrpcStatus.UNAVAILABLE || code === GrpcStatus.DEADLINE_EXCEEDED) return unreachable(config, error);
  if (code === GrpcStatus.UNAUTHENTICATED || code === GrpcStatus.PERMISSION_DENIED) {
    return new UserError(
      `Temporal at ${config.address} refused the request (${(error as Error).message}).\n` +
        'Check the Temporal credentials: TEMPORAL_API_KEY, the TEMPORAL_TLS_* settings or the Temporal CLI profile, and the namespace.',
      { cause: error },
    );
  }
  if (
    /TransportError|tcp connect error|Connection refused|Failed to connect/i.test(
      String((error as Error)?.message ?? error),
    )
  ) {
    return unreachable(config, error);
  }
  return undefined;
}

/** Fails with a `UserError` unless the server has the configured namespace. */
export async function requireNamespace(client: Client, config: TemporalConfig): Promise<void> {
  try {
    await client.workflowService.describeNamespace({ namespace: config.namespace });
  } catch (error) {
    if (grpcCode(error) === GrpcStatus.NOT_FOUND) {
      const list = `temporal operator namespace list --address ${config.address}`;
      throw new UserError(
        `Temporal at ${config.address} has no namespace "${config.namespace}"; name one it has with --namespace or TEMPORAL_NAMESPACE (\`${list}\` lists them).`,
        {
          cause: error,
        },
      );
    }
    // Not allowed to describe it (a namespace-scoped key): the calls that follow will say.
    const known = temporalUserError(config, error);
    if (known && grpcCode(error) !== GrpcStatus.PERMISSION_DENIED) throw known;
  }
}

/**
 * Connects to Temporal with the configured encryption keys (`keys` as `connectClient` takes
 * them), checks the namespace, runs `fn` and closes the connection. Failures that are the
 * user's to fix (see `temporalUserError`) become `UserError`s; key errors stay what they are.
 */
export async function withClient<T>(
  ctx: CliContext,
  flags: TemporalFlags & { taskQueue?: string; encryption?: boolean },
  fn: (client: Client, config: Config) => Promise<T>,
  keys: KeyProviderOptions = {},
): Promise<T> {
  const config = ctx.config({
    temporal: {
      address: flags.address,
      namespace: flags.namespace,
      taskQueue: flags.taskQueue,
      encryption: encryptionFlag(flags),
    },
  });
  let client: Client;
  try {
    client = await connectClient(config.temporal, { announce: ctx.err, ...keys });
  } catch (cause) {
    if (cause instanceof KeyConfigError) throw cause;
    throw temporalUserError(config.temporal, cause) ?? unreachable(config.temporal, cause);
  }
  try {
    await requireNamespace(client, config.temporal);
    return await fn(client, config);
  } catch (error) {
    throw temporalUserError(config.temporal, error) ?? error;
  } finally {
    await client.connection.close();
  }
}
