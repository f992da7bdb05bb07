/**
 * `tourflow codec-server`: serves tourflow's payload codec to the Temporal Web UI and CLI, so
 * runs show their encrypted (and compressed) inputs, activity arguments, results and failures
 * as JSON (`TEMPORAL_CODEC_ENDPOINT` of the UI, or its "Codec Server" setting; `temporal
 * workflow show --codec-endpoint`). It decrypts with the configured keys. `tourflow dev`
 * starts one for its own Web UI.
 */
import type { Command } from 'commander';
import { UserError, type CliContext } from '../context.ts';
import { portFrom, untilStopped } from '../options.ts';

interface CodecServerFlags {
  host: string;
  port: string;
  uiOrigin: string[];
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

async function runCodecServer(ctx: CliContext, flags: CodecServerFlags): Promise<void> {
  const [{ startCodecServer }, { payloadCodecs }, { keyProviderFor }] = await Promise.all([
    import('../../worker/codec-server.ts'),
    import('../../worker/codec.ts'),
    import('../../worker/key-config.ts'),
  ]);
  const keys = await keyProviderFor(ctx.config().temporal);
  const uiOrigins = flags.uiOrigin.length > 0 ? flags.uiOrigin : ['http://localhost:8080'];
  let server;
  try {
    server = await startCodecServer({ host: flags.host, port: portFrom(flags.port, '--port'), uiOrigins, codecs: payloadCodecs(keys) });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new UserError('the port is already in use; pick another with --port (0 picks a free one)', { cause: error });
    throw error;
  }
  const decrypts = keys ? `decrypts with ${keys.source}` : 'no key configured: encrypted payloads stay encrypted';
  ctx.out(`codec server ${server.url} for the Web UI at ${uiOrigins.join(', ')}; ${decrypts}. Ctrl-C stops.`);
  await untilStopped(ctx);
  await server.close();
}

/** Registers `tourflow codec-server`. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('codec-server')
    .description("Serve tourflow's payload codec to the Temporal Web UI and CLI, so encrypted payloads show as JSON.")
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', '8888')
    .option('--ui-origin <url>', 'origin of a Web UI allowed to call it (repeatable; default http://localhost:8080)', collect, [])
    .action((flags: CodecServerFlags) => runCodecServer(ctx, flags));
}
