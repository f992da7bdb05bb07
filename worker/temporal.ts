/** Connections to Temporal, from tourflow's configuration. */
import { Client, Connection } from '@temporalio/client';
import { createDataConverter } from './codec.ts';
import type { TemporalConfig } from './config.ts';
import { keyProviderFor, usesLocalKey, type KeyProviderOptions } from './key-config.ts';

/** Connection settings shared by the client and the worker's native connection. */
export function connectionOptions(config: TemporalConfig) {
  return {
    address: config.address,
    ...(config.tls !== undefined ? { tls: config.tls } : {}),
    ...(config.apiKey ? { apiKey: config.apiKey } : {}),
    ...(config.metadata ? { metadata: config.metadata } : {}),
  };
}

/**
 * Responses as large as Temporal sends: a page of a long run's history can pass gRPC's 4 MiB
 * default. (The SDK's own default sets `max_receive_message_length`, a key grpc-js ignores.)
 */
const MAX_RECEIVE_BYTES = 128 * 1024 * 1024;

/**
 * How long to wait for the server to answer: a server on this machine answers at once when it
 * runs, so saying it does not run need not take long.
 */
function connectTimeoutMs(address: string): number {
  return /^(127\.\d+\.\d+\.\d+|localhost|\[::1\]):\d+$/.test(address) ? 5_000 : 10_000;
}

/**
 * A Temporal client for starting, listing and controlling runs; large payloads travel
 * compressed, and every payload encrypted with the configured key (worker/key-config.ts).
 * `required` refuses to write readable payloads to a Temporal elsewhere.
 */
export async function connectClient(config: TemporalConfig, keys: KeyProviderOptions = {}): Promise<Client> {
  // Configured keys are checked before connecting (a missing one is said at once); the local
  // key is made once the server answers, so a local Temporal that does not run makes none.
  const local = usesLocalKey(config);
  const configured = local ? undefined : await keyProviderFor(config, keys);
  const connection = await Connection.connect({
    ...connectionOptions(config),
    connectTimeout: connectTimeoutMs(config.address),
    channelArgs: { 'grpc.max_receive_message_length': MAX_RECEIVE_BYTES },
  });
  try {
    const dataConverter = createDataConverter(local ? await keyProviderFor(config, keys) : configured);
    return new Client({ connection, namespace: config.namespace, dataConverter });
  } catch (error) {
    await connection.close();
    throw error;
  }
}
