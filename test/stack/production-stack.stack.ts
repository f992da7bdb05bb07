/**
 * The production stack of docker-compose.yml, run for real without Docker (`npm run test:stack`):
 * PostgreSQL from Debian, the Temporal server, its SQL tool and the Web UI server built from
 * their Go modules at the compose file's tags (scripts/install-stack.ts), and tourflow's
 * sandbox, codec server and three workers run from the file tree the Dockerfile builds. Every
 * service gets the environment, command, script and configs the compose file gives it.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Client } from '@temporalio/client';
import { installStack, stackCacheDir, type StackComponents } from '../../scripts/install-stack.ts';
import { ensureChromium } from '../../scripts/ensure-chromium.ts';
import { loadConfig } from '../../worker/config.ts';
import { connectClient } from '../../worker/temporal.ts';
import { findTemporalCli } from '../../worker/temporal-cli.ts';
import { SEARCH_ATTRIBUTES } from '../../worker/dev-server.ts';
import { withPage } from '../support/browser.ts';
import { pollUntil } from '../support/poll.ts';
import { codeBlocksShow, missingTexts, openRunFromList } from '../ui/web-ui-pages.ts';
import { ROOT } from '../ops/docker-files.ts';
import { COMPOSE_FILE, readComposeStack, serviceOf } from './compose-stack.ts';
import { ComposeRunner } from './compose-runner.ts';
import { freePortsBelow32768 } from './host-map.ts';
import { buildImageTree } from './image-tree.ts';
import type { ServiceProcess } from './processes.ts';
import { tourRecordCounts, toursNamed } from './records.ts';

const WORKERS = 3;
const log = (line: string) => process.stderr.write(`[stack] ${line}\n`);

/** The `node -e` one-liner of the compose header that turns the sandbox's credentials into `.env`. */
function envOneLiner(): string {
  const header = readFileSync(COMPOSE_FILE, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#'))
    .map((line) => line.replace(/^#\s*/, ''))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const script = /docker compose exec -T sandbox node -e "((?:[^"\\]|\\.)*)" > \.env/.exec(header)?.[1];
  if (!script)
    throw new Error(
      'docker-compose.yml: the header no longer writes .env with `docker compose exec -T sandbox node -e "…" > .env`',
    );
  return script.replace(/\\(["\\$`])/g, '$1');
}

describe.sequential('the production stack of docker-compose.yml', () => {
  let root: string;
  let runner: ComposeRunner;
  let components: StackComponents;
  let client: Client | undefined;
  const running: ServiceProcess[] = [];
  const workers: ServiceProcess[] = [];
  let temporal: ServiceProcess;
  let firstRun: { workflowId: string; tourName: string } | undefined;

  /** `curr_version` of Temporal's two databases, read with psql as the compose user. */
  const schemaVersions = async (): Promise<Record<string, string>> => {
    const pg = runner.service('postgresql').env;
    const out: Record<string, string> = {};
    for (const db of ['temporal', 'temporal_visibility']) {
      const psql = path.join(components.postgresBin, 'psql');
      const args = [
        '-h',
        '127.0.0.1',
        '-p',
        String(runner.port(5432)),
        '-U',
        pg.POSTGRES_USER ?? 'postgres',
        '-d',
        db,
        '-tAc',
        'select curr_version from schema_version',
      ];
      out[db] = execFileSync(psql, args, {
        encoding: 'utf8',
        env: { ...process.env, PGPASSWORD: pg.POSTGRES_PASSWORD ?? '' },
      }).trim();
    }
    return out;
  };

  const start = (service: ServiceProcess) => {
    running.push(service);
    return service;
  };
  const waitHealthy = (name: string, timeoutMs = 120_000) =>
    pollUntil(() => runner.healthy(name), `${name} healthy (its compose healthcheck)`, timeoutMs, 500);

  beforeAll(async () => {
    const stack = readComposeStack();
    const started = Date.now();
    components = await installStack(
      {
        temporal: serviceOf(stack, 'temporal').version,
        adminTools: serviceOf(stack, 'temporal-schema').version,
        ui: serviceOf(stack, 'temporal-ui').version,
      },
      { log },
    );
    log(`components ready in ${Math.round((Date.now() - started) / 1000)} s`);
    root = await mkdtemp(path.join(os.tmpdir(), 'tourflow-stack-'));
    const dirs = {
      root,
      data: path.join(root, 'volumes', 'tourflow-data'),
      logs: path.join(root, 'logs'),
      home: path.join(root, 'home', 'node'),
      postgresData: path.join(root, 'volumes', 'postgresql', 'data'),
      bin: path.join(root, 'bin'),
    };
    for (const dir of [dirs.data, dirs.logs, dirs.home, dirs.postgresData])
      await mkdir(dir, { recursive: true, mode: 0o755 });
    await chmod(root, 0o755);
    if (process.getuid?.() === 0) {
      const { uid, gid } = await postgresIds();
      await chown(path.dirname(dirs.postgresData), uid, gid);
      await chown(dirs.postgresData, uid, gid);
    }
    const image = await buildImageTree({
      dir: path.join(root, 'image'),
      paths: [
        ['/data', dirs.data],
        ['/home/node', dirs.home],
      ],
      cacheDir: stackCacheDir(),
      log,
    });
    log(`image tree built; ${Math.round((Date.now() - started) / 1000)} s so far`);
    const hostPorts = await freePortsBelow32768(ComposeRunner.portsNeeded(stack));
    const temporalCli = (await findTemporalCli({ log })).path;
    runner = new ComposeRunner({ stack, components, image, dirs, hostPorts, temporalCli });
    await runner.prepare();
  }, 45 * 60_000);

  afterAll(async () => {
    await client?.connection.close();
    for (const service of [...running].reverse()) await service.stop('SIGTERM', 15_000);
    if (root && !process.env.TOURFLOW_STACK_KEEP) await rm(root, { recursive: true, force: true });
  }, 120_000);

  it('runs the PostgreSQL major version that the compose file pins', () => {
    const pinned = Number(/^(\d+)/.exec(runner.service('postgresql').version)?.[1]);
    expect(components.postgresMajor).toBe(pinned);
  });

  it('sets up the Temporal schema on a fresh database, and again on the existing one', async () => {
    await runner.initPostgres();
    start(runner.startPostgres());
    await waitHealthy('postgresql');
    const fresh = await runner.runScript('temporal-schema', 'temporal-schema-fresh');
    expect(fresh).toMatch(/Starting schema setup/i);
    const versions = await schemaVersions();
    expect(versions.temporal).toMatch(/^\d+\.\d+/);
    expect(versions.temporal_visibility).toMatch(/^\d+\.\d+/);
    // On an existing database, update-schema alone succeeds: nothing is created again.
    const again = await runner.runScript('temporal-schema', 'temporal-schema-existing');
    expect(again).not.toMatch(/Starting schema setup/i);
    expect(await schemaVersions()).toEqual(versions);
  }, 300_000);

  it('starts the Temporal server on PostgreSQL, which serves', async () => {
    temporal = start(runner.startTemporal());
    await waitHealthy('temporal', 180_000);
    const cli = path.join(root, 'bin', 'temporal');
    const health = await pollUntil(
      () =>
        Promise.resolve(
          execFileSync(cli, ['operator', 'cluster', 'health', '--address', `127.0.0.1:${runner.port(7233)}`], {
            encoding: 'utf8',
          }),
        ),
      'the server serving',
      120_000,
      1000,
    );
    expect(health).toMatch(/SERVING/);
  }, 300_000);

  it('runs temporal-setup to success on its first attempt, registering the search attributes', async () => {
    const output = await runner.runScript('temporal-setup');
    expect(output).not.toMatch(/not found/i);
    const list = execFileSync(
      path.join(root, 'bin', 'temporal'),
      [
        'operator',
        'search-attribute',
        'list',
        '--address',
        `127.0.0.1:${runner.port(7233)}`,
        '-n',
        runner.service('temporal-setup').env.TEMPORAL_NAMESPACE ?? 'default',
      ],
      { encoding: 'utf8' },
    );
    for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES))
      expect(list).toMatch(new RegExp(`${name}\\s+${type}`));
  }, 300_000);

  it("runs tour-setup on three workers with exactly one tour's records, and its day sheets in one day-sheets folder", async () => {
    start(runner.startTourflow('sandbox'));
    await waitHealthy('sandbox');
    // The compose header's steps: credentials to .env, then the payload key in the volume.
    const script = envOneLiner().replace(/\/data\//g, `${root}/volumes/tourflow-data/`);
    const dotEnv = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    const variables = Object.fromEntries(
      dotEnv
        .trim()
        .split('\n')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(Object.keys(variables)).toEqual(
      expect.arrayContaining(['TOURFLOW_API_KEY', 'TOURFLOW_ACCESS_TOKEN', 'TOURFLOW_ORG']),
    );
    runner.withVariables(variables);
    const [keysArgv, runArgv] = readComposeStack().workerRuns;
    expect(keysArgv?.slice(0, 2)).toEqual(['keys', 'add']);
    await runner.runWorkerCommand(keysArgv!, 'keys-add');

    start(runner.startTourflow('codec'));
    start(runner.startUi());
    for (let i = 1; i <= WORKERS; i++) workers.push(start(runner.startTourflow('worker', i)));
    await pollUntil(
      async () => (await Promise.all(workers.map((w) => w.output()))).every((out) => out.includes('worker ready')),
      'three workers ready',
      180_000,
      500,
    );

    const config = loadConfig({ env: runner.workerEnv() });
    client = await connectClient(config.temporal);
    const namespace = config.temporal.namespace;
    const taskQueue = config.temporal.taskQueue;
    for (const taskQueueType of [1, 2]) {
      // The answer lists the pollers of the task queue's root partition only: a worker long-polling
      // another partition may show only once its poll (up to a minute) ends and lands on the root.
      const identities = await pollUntil(
        async () => {
          const answer = await client!.workflowService.describeTaskQueue({
            namespace,
            taskQueue: { name: taskQueue },
            taskQueueType,
          });
          const ids = (answer.pollers ?? []).map((p) => p.identity ?? '');
          return workers.every((w) => ids.some((id) => id.startsWith(`${w.pid}@`))) ? ids : undefined;
        },
        `all three workers polling the ${taskQueueType === 1 ? 'workflow' : 'activity'} task queue`,
        150_000,
        500,
      );
      expect(identities.length).toBeGreaterThanOrEqual(WORKERS);
    }

    const runKey = `stack-${randomUUID().slice(0, 8)}`;
    expect(runArgv?.[0]).toBe('run');
    const output = await runner.runWorkerCommand([...runArgv!, '--json', '--run-key', runKey], 'run-tour-setup');
    const result = JSON.parse(output.slice(output.indexOf('{'))) as {
      status: string;
      url: string | null;
      workflowId?: string;
      outputs: { tourId: string; daySheets: string[] };
    };
    expect(result.status).toBe('completed');
    // The link the worker container prints opens the compose Web UI.
    expect(result.url).toMatch(new RegExp(`^http://localhost:${runner.port(8080)}/`));
    const workflowId = decodeURIComponent(/\/workflows\/([^/]+)/.exec(result.url ?? '')?.[1] ?? '');
    const tourName = 'Spring Run 2027 (demo)';
    firstRun = { workflowId, tourName };

    const stateFile = path.join(root, 'volumes', 'tourflow-data', 'sandbox.json');
    const tours = await pollUntil(
      async () => ((await toursNamed(stateFile, tourName)).length > 0 ? toursNamed(stateFile, tourName) : undefined),
      'the tour in the sandbox',
    );
    expect(tours).toEqual([result.outputs.tourId]);
    const counts = await tourRecordCounts(stateFile, result.outputs.tourId);
    for (const table of ['days', 'venues', 'stays', 'rooms', 'scheduleItems', 'guests'])
      expect(counts[table], `${table} of the tour`).toBeGreaterThan(0);

    // Every worker serves its metrics on its exposed port, where the compose Prometheus scrapes
    // it (monitoring/prometheus.yml: the worker service's name and that port).
    const scrape = parse(readFileSync(path.join(ROOT, 'monitoring', 'prometheus.yml'), 'utf8')) as {
      scrape_configs: Array<{ dns_sd_configs?: Array<{ names: string[]; port: number }> }>;
    };
    const target = scrape.scrape_configs.flatMap((c) => c.dns_sd_configs ?? []).find((c) => c.names.includes('worker'));
    expect(runner.service('worker').expose).toContain(target?.port);
    const scrapeAll = () =>
      Promise.all(
        workers.map(async (_, i) =>
          (await fetch(`http://127.0.0.1:${runner.replicaPort('worker', i + 1, target!.port)}/metrics`)).text(),
        ),
      );
    const total = (metrics: string[], name: string, labels: RegExp) =>
      metrics
        .flatMap((text) => text.split('\n'))
        .filter((line) => line.startsWith(`${name}{`) && labels.test(line))
        .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
    const completedRuns = /playbook="tour-setup".*outcome="completed"|outcome="completed".*playbook="tour-setup"/;
    // Workers hand their API call counts to the SDK's meter once a second: scrape until they show.
    const metrics = await pollUntil(
      async () => {
        const texts = await scrapeAll();
        return total(texts, 'tourflow_runs_total', completedRuns) >= 1 &&
          total(texts, 'tourflow_api_requests_total', /status="2\d\d"/) > 0
          ? texts
          : undefined;
      },
      "the run and its API calls in the workers' metrics",
      30_000,
      500,
    );
    expect(total(metrics, 'tourflow_runs_total', completedRuns)).toBeGreaterThanOrEqual(1);
    expect(total(metrics, 'tourflow_api_requests_total', /status="2\d\d"/)).toBeGreaterThan(0);

    // TOURFLOW_OUTPUT_DIR is /data/day-sheets: the sheets are under it, not under day-sheets/day-sheets.
    const sheetsDir = path.join(root, 'volumes', 'tourflow-data', 'day-sheets');
    const entries = await readdir(sheetsDir);
    expect(entries).not.toContain('day-sheets');
    expect(result.outputs.daySheets.length).toBeGreaterThan(0);
    for (const file of result.outputs.daySheets) {
      const onHost = path.isAbsolute(file)
        ? file.replace(/^\/data\//, `${root}/volumes/tourflow-data/`)
        : path.join(sheetsDir, file);
      expect((await readFile(onHost)).subarray(0, 5).toString()).toBe('%PDF-');
    }
  }, 600_000);

  it('finds the run in the Web UI by PlaybookName and shows its decoded input', async () => {
    const chromium = await ensureChromium({ log });
    if (chromium.path === undefined) throw new Error(chromium.reason);
    const { workflowId } = firstRun!;
    const uiUrl = `http://localhost:${runner.port(8080)}`;
    const namespace = runner.service('temporal-ui').env.TEMPORAL_DEFAULT_NAMESPACE ?? 'default';
    await withPage({ executablePath: chromium.path }, async (page) => {
      await openRunFromList(page, {
        uiUrl,
        namespace,
        query: 'PlaybookName = "tour-setup"',
        workflowId,
        timeoutMs: 90_000,
      });
      expect(await missingTexts(page, [workflowId]), 'the run page').toEqual([]);
      // The input is stored encrypted; the UI shows it through the compose codec service.
      expect(
        await missingTexts(page, ['Set up a whole tour in one run by chaining'], 30_000),
        'the decoded input',
      ).toEqual([]);
      expect(await codeBlocksShow(page, 'Lindholm'), "a guest's name in the decoded input").toBe(true);
    });
  }, 600_000);

  it('keeps the runs across a server restart', async () => {
    const stopped = await temporal.stop('SIGTERM', 30_000);
    expect(stopped.killed).toBe(false);
    running.splice(running.indexOf(temporal), 1);
    temporal = start(runner.startTemporal());
    await waitHealthy('temporal', 180_000);
    const description = await pollUntil(
      () => client!.workflow.getHandle(firstRun!.workflowId).describe(),
      'the run described after the restart',
      120_000,
      1000,
    );
    expect(description.status.name).toBe('COMPLETED');
    const listed = await pollUntil(
      async () => {
        for await (const run of client!.workflow.list({ query: 'PlaybookName = "tour-setup"' }))
          if (run.workflowId === firstRun!.workflowId) return true;
        return undefined;
      },
      'the run listed by PlaybookName after the restart',
      120_000,
      1000,
    );
    expect(listed).toBe(true);
  }, 600_000);

  it('loses and doubles nothing when a worker is SIGKILLed mid-run', async () => {
    const tourName = `Kill Run ${randomUUID().slice(0, 6)}`;
    const runKey = `stack-kill-${randomUUID().slice(0, 8)}`;
    const [, runArgv] = readComposeStack().workerRuns;
    const started = await runner.runWorkerCommand(
      [...runArgv!, '--no-wait', '--json', '--run-key', runKey, '-i', `name=${tourName}`],
      'run-kill-start',
    );
    const { workflowId } = JSON.parse(started.slice(started.indexOf('{'))) as { workflowId: string };
    // Kill the worker that is running the parent once some of its steps are done.
    const victimId = await pollUntil(
      async () => {
        const history = await client!.workflow.getHandle(workflowId).fetchHistory();
        const done = (history.events ?? []).filter((e) => e.childWorkflowExecutionCompletedEventAttributes).length;
        const last = [...(history.events ?? [])].reverse().find((e) => e.workflowTaskStartedEventAttributes)
          ?.workflowTaskStartedEventAttributes?.identity;
        return done >= 1 && last ? last : undefined;
      },
      'the run past its first child',
      180_000,
      200,
    );
    const victim = workers.find((w) => victimId.startsWith(`${w.pid}@`)) ?? workers[0]!;
    await victim.stop('SIGKILL');
    workers.push(start(runner.startTourflow('worker', workers.length + 1)));
    const outcome = await client!.workflow.getHandle(workflowId).result();
    expect((outcome as { status: string }).status).toBe('completed');

    const stateFile = path.join(root, 'volumes', 'tourflow-data', 'sandbox.json');
    const [clean] = await toursNamed(stateFile, firstRun!.tourName);
    const killed = await toursNamed(stateFile, tourName);
    expect(killed).toHaveLength(1);
    const ignore = new Set(['idempotency', 'uploadTickets']);
    const comparable = (counts: Record<string, number>) =>
      Object.fromEntries(Object.entries(counts).filter(([table]) => !ignore.has(table)));
    expect(comparable(await tourRecordCounts(stateFile, killed[0]!))).toEqual(
      comparable(await tourRecordCounts(stateFile, clean!)),
    );
  }, 600_000);

  it("stops every worker on SIGTERM within the compose file's grace period", async () => {
    const grace = runner.service('worker').stopGraceMs;
    const live = workers.filter((w) => w.running());
    expect(live.length).toBe(WORKERS);
    const stops = await Promise.all(live.map((w) => w.stop('SIGTERM', grace)));
    for (const stop of stops) {
      expect(stop.killed).toBe(false);
      expect(stop.ms).toBeLessThan(grace);
      expect(stop.code).toBe(0);
    }
  }, 120_000);
});

async function postgresIds(): Promise<{ uid: number; gid: number }> {
  const passwd = await readFile('/etc/passwd', 'utf8');
  const line = passwd.split('\n').find((l) => l.startsWith('postgres:'));
  if (!line) throw new Error('no postgres user: the postgresql package creates it');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}
