/**
 * `tourflow codec-server`: serves tourflow's payload codec to the Temporal Web UI, so runs show
 * their compressed inputs, activity arguments and results as JSON (`TEMPORAL_CODEC_ENDPOINT` of
 * the UI, or its "Codec Server" setting). `tourflow dev` starts one for its own Web UI.
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
  const { startCodecServer } = await import('../../worker/codec-server.ts');
  const uiOrigins = flags.uiOrigin.length > 0 ? flags.uiOrigin : ['http://localhost:8080'];
  let server;
  try {
    server = await startCodecServer({ host: flags.host, port: portFrom(flags.port, '--port'), uiOrigins });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new UserError('the port is already in use; pick another with --port (0 picks a free one)', { cause: error });
    throw error;
  }
  ctx.out(`codec server ${server.url} for the Web UI at ${uiOrigins.join(', ')}. Ctrl-C stops.`);
  await untilStopped(ctx);
  await server.close();
}

/** Registers `tourflow codec-server`. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('codec-server')
    .description("Serve tourflow's payload codec to the Temporal Web UI, so compressed payloads show as JSON.")
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', '8888')
    .option('--ui-origin <url>', 'origin of a Web UI allowed to call it (repeatable; default http://localhost:8080)', collect, [])
    .action((flags: CodecServerFlags) => runCodecServer(ctx, flags));
}
