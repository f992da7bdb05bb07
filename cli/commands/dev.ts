import path from 'node:path';
import type { Command } from 'commander';
import { projectRoot } from '../../worker/temporal-cli.ts';
import { ExitCode, type CliContext } from '../context.ts';
import { collectInput, untilStopped } from '../options.ts';
import { renderResult } from '../render.ts';

interface DevOptions {
  demo?: boolean;
  playbook?: string;
  input: Record<string, string>;
  persist?: string;
  exit?: boolean;
  verbose?: boolean;
}

export const DEMO_PLAYBOOK = path.join(projectRoot, 'definitions', 'playbooks', 'tour-setup.yaml');

/** Registers `tourflow dev`. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('dev')
    .description('Start a local Temporal dev server (with Web UI), the Tour API sandbox and a worker together; Ctrl-C stops all three.')
    .option('--demo', 'run the demo playbook (tour-setup) once everything is up')
    .option('--playbook <file>', 'run this playbook once everything is up')
    .option('-i, --input <key=value>', 'input of that playbook (repeatable)', collectInput, {})
    .option('--persist <dir>', 'keep Temporal history and the sandbox store in this folder across restarts')
    .option('--exit', 'stop everything after the playbook finished')
    .option('--verbose', 'show the worker\'s informational log lines')
    .action(async (options: DevOptions) => {
      // Loaded here, not at start: every other command stays quick to start.
      const [{ startSandbox, sandboxApiConfig }, { startDevServer }, { createWorker }, { devKeyProvider }, { payloadCodecs }] = await Promise.all([
        import('../../sandbox/index.ts'),
        import('../../worker/dev-server.ts'),
        import('../../worker/worker.ts'),
        import('../../worker/key-config.ts'),
        import('../../worker/codec.ts'),
      ]);
      // Payloads are encrypted with the local key (made on first use) unless a key is configured.
      const keys = await devKeyProvider(ctx.config().temporal.encryption);
      const persist = options.persist ? path.resolve(ctx.cwd, options.persist) : undefined;
      if (persist) await import('node:fs/promises').then((fs) => fs.mkdir(persist, { recursive: true }));
      // The Web UI reads payloads through a codec server with the same keys that answers only its origin.
      const server = await startDevServer({ uiCodec: true, uiCodecs: payloadCodecs(keys), ...(persist ? { dbFilename: path.join(persist, 'temporal.db') } : {}), log: ctx.err });
      const sandbox = await startSandbox({ autoApprove: true, ...(persist ? { state: path.join(persist, 'sandbox.json') } : {}) });
      const creds = sandbox.credentials;
      const config = ctx.config({
        temporal: { address: server.address, namespace: server.namespace, uiUrl: server.uiUrl ?? '' },
        logLevel: options.verbose ? 'INFO' : 'WARN',
        api: sandboxApiConfig(creds),
      });
      const { worker, close } = await createWorker({ config });
      const running = worker.run();
      ctx.out(`Temporal ${server.address} · Web UI ${server.uiUrl ?? '(headless)'}`);
      ctx.out(`Tour API sandbox ${creds.baseUrl} · OAuth portal ${creds.authUrl}`);
      ctx.out(`worker ready on task queue ${config.temporal.taskQueue}`);
      ctx.out(keys ? `payloads encrypted with ${keys.source}` : 'payloads stored unencrypted (TOURFLOW_ENCRYPTION=off)');
      try {
        const playbook = options.playbook ?? (options.demo ? DEMO_PLAYBOOK : undefined);
        if (playbook) {
          const [{ loadPlan }, { runUrl, startRun, waitForOutcome }, { connectClient }] = await Promise.all([
            import('../playbook-input.ts'),
            import('../runs.ts'),
            import('../../worker/temporal.ts'),
          ]);
          const { plan, inputs } = await loadPlan(ctx, playbook, options.input);
          const client = await connectClient(config.temporal);
          const run = await startRun({ client, taskQueue: config.temporal.taskQueue, plan, inputs });
          const outcome = await waitForOutcome(run.handle);
          ctx.out([...(outcome.result ? renderResult(outcome.result) : [`failed: ${outcome.message}`])].join('\n'));
          ctx.out(`Web UI: ${runUrl(config.temporal.uiUrl, config.temporal.namespace, run.workflowId)}`);
          ctx.setExitCode(outcome.exitCode);
          await client.connection.close();
        }
        if (!options.exit) {
          ctx.out('Press Ctrl-C to stop.');
          await untilStopped(ctx);
        }
      } catch (error) {
        ctx.setExitCode(ExitCode.failed);
        throw error;
      } finally {
        worker.shutdown();
        await running;
        await close();
        await sandbox.close();
        await server.stop();
      }
    });
}
