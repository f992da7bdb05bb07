/**
 * `tourflow codec-server`: serves tourflow's payload codec to the Temporal Web UI and CLI, so
 * runs show their encrypted (and compressed) inputs, activity arguments, results and failures
 * as JSON (`TEMPORAL_CODEC_ENDPOINT` of the UI, or its "Codec Server" setting; `temporal
 * workflow show --codec-endpoint`). It decrypts with the configured keys, for the origins and
 * namespaces it is given, for callers with its token when one is set (`TOURFLOW_CODEC_TOKEN`).
 * `tourflow dev` starts one for its own Web UI.
 */
import type { Command } from 'commander';
import { UserError, type CliContext } from '../context.ts';
import { portFrom, untilStopped } from '../options.ts';

interface CodecServerFlags {
  host: string;
  port: string;
  uiOrigin: string[];
  namespace: string[];
  allowUnauthenticated?: boolean;
}

function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

async function runCodecServer(ctx: CliContext, flags: CodecServerFlags): Promise<void> {
  const [{ CodecServerConfigError, startCodecServer }, { payloadCodecs }, { keyProviderFor }] = await Promise.all([
    import('../../worker/codec-server.ts'),
    import('../../worker/codec.ts'),
    import('../../worker/key-config.ts'),
  ]);
  const config = ctx.config();
  const port = portFrom(flags.port, '--port');
  const keys = await keyProviderFor(config.temporal, { announce: ctx.err });
  const uiOrigins = flags.uiOrigin.length > 0 ? flags.uiOrigin : ['http://localhost:8080'];
  const tokens = config.codecServer.tokens;
  let server;
  try {
    server = await startCodecServer({
      host: flags.host,
      port,
      uiOrigins,
      codecs: payloadCodecs(keys),
      access: { tokens, namespaces: flags.namespace },
      allowUnauthenticated: flags.allowUnauthenticated ?? false,
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      throw new UserError('the port is already in use; pick another with --port (0 picks a free one)', {
        cause: error,
      });
    if (error instanceof CodecServerConfigError) {
      throw new UserError(
        `${error.message}: set TOURFLOW_CODEC_TOKEN, listen on 127.0.0.1, or pass --allow-unauthenticated behind a proxy that checks callers`,
        { cause: error },
      );
    }
    throw error;
  }
  const decrypts = keys ? `decrypts with ${keys.source}` : 'no key configured: encrypted payloads stay encrypted';
  const guard = tokens.length > 0 ? 'bearer token required' : 'no token check';
  ctx.out(`codec server ${server.url} for the Web UI at ${uiOrigins.join(', ')}; ${decrypts}; ${guard}. Ctrl-C stops.`);
  await untilStopped(ctx);
  await server.close();
}

/** Registers `tourflow codec-server`. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('codec-server')
    .description(
      "Serve tourflow's payload codec to the Temporal Web UI and CLI, so encrypted payloads show as JSON to those allowed to read them.",
    )
    .option(
      '--host <host>',
      'interface to listen on (beyond loopback only with TOURFLOW_CODEC_TOKEN or --allow-unauthenticated)',
      '127.0.0.1',
    )
    .option('--port <port>', 'port (0 picks a free one)', '8888')
    .option(
      '--ui-origin <url>',
      'origin of a Web UI allowed to call it (repeatable; default http://localhost:8080)',
      collect,
      [],
    )
    .option(
      '--namespace <name>',
      'serve only this namespace, as the X-Namespace header names it (repeatable; default any)',
      collect,
      [],
    )
    .option(
      '--allow-unauthenticated',
      'listen beyond loopback without a token: only behind a proxy that checks who calls',
    )
    .action((flags: CodecServerFlags) => runCodecServer(ctx, flags));
}
