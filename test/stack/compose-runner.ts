/**
 * Runs the services of docker-compose.yml as processes on this host: each with the environment,
 * command, script and configs the compose file gives it, rewritten through the host map (the
 * only emulation of what Docker's network and volumes would give). Components come from
 * scripts/install-stack.ts, tourflow's services from the Dockerfile's file tree.
 */
import { chmod, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { StackComponents } from '../../scripts/install-stack.ts';
import { readComposeStack, serviceOf, type ComposeStack, type StackService } from './compose-stack.ts';
import { argvToHost, envToHost, toHost, type HostMap } from './host-map.ts';
import type { ImageTree } from './image-tree.ts';
import { healthy, runToEnd, startProcess, type ProcessOptions, type ServiceProcess } from './processes.ts';

/** Ports the images listen on without the compose file saying so. */
const IMAGE_PORTS: Record<string, number[]> = { postgres: [5432] };
/**
 * The Temporal server's own ports beside the frontend's gRPC port: in a container they are its
 * own; on one host each needs a free one (the server's config template reads these variables).
 */
export const TEMPORAL_INTERNAL_PORTS = [
  'FRONTEND_HTTP_PORT',
  'FRONTEND_MEMBERSHIP_PORT',
  'HISTORY_GRPC_PORT',
  'HISTORY_MEMBERSHIP_PORT',
  'MATCHING_GRPC_PORT',
  'MATCHING_MEMBERSHIP_PORT',
  'WORKER_GRPC_PORT',
  'WORKER_MEMBERSHIP_PORT',
] as const;

export interface RunnerOptions {
  stack: ComposeStack;
  components: StackComponents;
  image: ImageTree;
  /** Host folders: the run's root, the `tourflow-data` volume, logs, the image user's home. */
  dirs: { root: string; data: string; logs: string; home: string; postgresData: string; bin: string };
  /** Free host ports: one per container port, the Temporal server's internal ones, then `expose` ports per replica. */
  hostPorts: number[];
  /** The `temporal` CLI (admin-tools' own). */
  temporalCli: string;
}

/** Replicas of a scaled service the stack test may start (three workers and their replacements). */
export const MAX_REPLICAS = 6;

/** The container ports of the stack, each of which gets a host port. */
export function containerPorts(stack: ComposeStack): number[] {
  const ports = Object.values(stack.services).flatMap((s) => [
    ...s.ports,
    ...(IMAGE_PORTS[s.image.replace(/:[^/:]+$/, '')] ?? []),
  ]);
  return [...new Set(ports)];
}

export class ComposeRunner {
  readonly map: HostMap;
  readonly internalPorts: Record<string, string>;
  private stack: ComposeStack;

  constructor(private readonly options: RunnerOptions) {
    this.stack = options.stack;
    const ports = containerPorts(options.stack);
    if (options.hostPorts.length < ports.length + TEMPORAL_INTERNAL_PORTS.length)
      throw new Error('not enough host ports');
    const configPaths = Object.values(options.stack.services).flatMap((s) =>
      Object.keys(s.configs).map(
        (target) => [target, path.join(options.dirs.root, 'configs', path.basename(target))] as const,
      ),
    );
    this.map = {
      hosts: Object.keys(options.stack.services),
      ports: new Map(ports.map((port, i) => [port, options.hostPorts[i]!])),
      paths: [
        ['/data', options.dirs.data],
        ['/etc/temporal/schema', options.components.schemaDir],
        ['/home/node', options.dirs.home],
        ...configPaths,
      ],
    };
    this.internalPorts = Object.fromEntries(
      TEMPORAL_INTERNAL_PORTS.map((name, i) => [name, String(options.hostPorts[ports.length + i])]),
    );
    this.replicaPorts = options.hostPorts.slice(ports.length + TEMPORAL_INTERNAL_PORTS.length);
  }

  private readonly replicaPorts: number[];

  /** How many host ports the stack needs for `stack`. */
  static portsNeeded(stack: ComposeStack): number {
    const exposed = Object.values(stack.services).reduce((sum, s) => sum + s.expose.length, 0);
    return containerPorts(stack).length + TEMPORAL_INTERNAL_PORTS.length + exposed * MAX_REPLICAS;
  }

  /**
   * The map of one replica of a service: its `expose` ports get host ports of their own (each
   * container has its own address; here replicas share one).
   */
  replicaMap(name: string, replica: number): HostMap {
    const s = this.service(name);
    if (s.expose.length === 0) return this.map;
    if (replica < 1 || replica > MAX_REPLICAS)
      throw new Error(`replica ${replica} of ${name}: at most ${MAX_REPLICAS}`);
    const offset = Object.values(this.stack.services)
      .slice(0, Object.keys(this.stack.services).indexOf(name))
      .reduce((sum, other) => sum + other.expose.length, 0);
    const ports = new Map(this.map.ports);
    s.expose.forEach((port, i) => ports.set(port, this.replicaPorts[(offset + i) * MAX_REPLICAS + replica - 1]!));
    return { ...this.map, ports };
  }

  /** The host port of an exposed container port of one replica. */
  replicaPort(name: string, replica: number, containerPort: number): number {
    return this.replicaMap(name, replica).ports.get(containerPort)!;
  }

  /** Reads the compose file again with `.env` variables (after the sandbox wrote credentials). */
  withVariables(variables: Record<string, string>): void {
    this.stack = readComposeStack(undefined, { variables });
  }

  service(name: string): StackService {
    return serviceOf(this.stack, name);
  }

  /** The host port of a container port. */
  port(containerPort: number): number {
    const port = this.map.ports.get(containerPort);
    if (port === undefined) throw new Error(`container port ${containerPort} has no host port`);
    return port;
  }

  /** Writes the shims (`getent`, `temporal-sql-tool`, `temporal`) and the configs' files. */
  async prepare(): Promise<void> {
    const { bin, root } = this.options.dirs;
    await mkdir(bin, { recursive: true });
    await mkdir(path.join(root, 'configs'), { recursive: true });
    // Service names resolve to the loopback address, as Compose's DNS resolves them to containers.
    const hosts = this.map.hosts.join(' ');
    await writeFile(
      path.join(bin, 'getent'),
      `#!/bin/sh\nfor h in ${hosts}; do [ "$2" = "$h" ] && { echo "127.0.0.1 STREAM $h"; exit 0; }; done\nexec /usr/bin/getent "$@"\n`,
    );
    await writeFile(path.join(bin, 'temporal-sql-tool'), `#!/bin/sh\nexec ${this.options.components.sqlTool} "$@"\n`);
    await writeFile(path.join(bin, 'temporal'), `#!/bin/sh\nexec ${this.options.temporalCli} "$@"\n`);
    await writeFile(
      path.join(bin, 'temporal-server'),
      `#!/bin/sh\nexec ${this.options.components.temporalServer} "$@"\n`,
    );
    for (const name of await readdir(bin)) await chmod(path.join(bin, name), 0o755);
    for (const s of Object.values(this.stack.services)) {
      for (const [target, content] of Object.entries(s.configs)) await writeFile(toHost(target, this.map), content);
    }
  }

  private processOptions(s: StackService, extra: Record<string, string> = {}, map = this.map): ProcessOptions {
    const pathVar = [
      this.options.dirs.bin,
      path.dirname(process.execPath),
      this.options.components.postgresBin,
      process.env.PATH ?? '',
    ].join(':');
    const base = { PATH: pathVar, HOME: this.options.dirs.home, LANG: 'C.UTF-8' };
    const image = s.tourflow ? this.options.image.env : {};
    return {
      cwd: s.tourflow ? this.options.image.workdir : this.options.dirs.root,
      env: { ...base, ...image, ...envToHost(s.env, map), ...extra },
      logDir: this.options.dirs.logs,
    };
  }

  /** `initdb` as the postgres image's entrypoint does it: the user and password of its environment. */
  async initPostgres(): Promise<void> {
    const s = this.service('postgresql');
    const { postgresData } = this.options.dirs;
    if ((await readdir(postgresData)).length > 0) return;
    const user = s.env.POSTGRES_USER ?? 'postgres';
    const pwfile = path.join(postgresData, '..', 'pwfile');
    await writeFile(pwfile, s.env.POSTGRES_PASSWORD ?? '', { mode: 0o644 });
    const initdb = path.join(this.options.components.postgresBin, 'initdb');
    await runToEnd(
      'postgresql-initdb',
      [
        initdb,
        '-D',
        postgresData,
        '-U',
        user,
        `--pwfile=${pwfile}`,
        '--auth-host=scram-sha-256',
        '--auth-local=trust',
        '-E',
        'UTF8',
      ],
      {
        ...this.processOptions(s),
        user: 'postgres',
      },
    );
  }

  startPostgres(): ServiceProcess {
    const s = this.service('postgresql');
    const postgres = path.join(this.options.components.postgresBin, 'postgres');
    const { postgresData } = this.options.dirs;
    const argv = [
      postgres,
      '-D',
      postgresData,
      '-p',
      String(this.port(5432)),
      '-k',
      path.dirname(postgresData),
      '-c',
      'listen_addresses=127.0.0.1',
    ];
    return startProcess('postgresql', argv, { ...this.processOptions(s), user: 'postgres' });
  }

  /** The compose file's healthcheck of a service, as Docker runs it in the container. */
  async healthy(name: string): Promise<boolean> {
    const s = this.service(name);
    if (!s.healthcheck) return true;
    const pg: Record<string, string> =
      name === 'postgresql' ? { PGHOST: '127.0.0.1', PGPORT: String(this.port(5432)) } : {};
    const argv = argvToHost(s.healthcheck, this.map);
    // `nc -z localhost 7233` inside the container: its own port, here the host port given to it.
    if (argv[0] === 'nc')
      return healthy(['nc', '-z', '127.0.0.1', String(this.port(Number(argv.at(-1))))], this.processOptions(s));
    return healthy(argv, this.processOptions(s, pg));
  }

  /** A one-shot service whose entrypoint is `/bin/sh -c` and whose command is the script. */
  async runScript(name: string, logName = name): Promise<string> {
    const s = this.service(name);
    const script = s.command.map((part) => toHost(part, this.map)).join('\n');
    return runToEnd(logName, ['sh', '-c', script], { ...this.processOptions(s), timeoutMs: 300_000 });
  }

  startTemporal(): ServiceProcess {
    const s = this.service('temporal');
    // The image's entrypoint: `temporal-server start`, configured from the environment.
    return startProcess(
      'temporal',
      [this.options.components.temporalServer, 'start'],
      this.processOptions(s, { FRONTEND_GRPC_PORT: String(this.port(7233)), ...this.internalPorts }),
    );
  }

  startUi(): ServiceProcess {
    const s = this.service('temporal-ui');
    const argv = [
      this.options.components.uiServer,
      '--root',
      this.options.components.uiSource,
      '--env',
      'docker',
      'start',
    ];
    return startProcess('temporal-ui', argv, this.processOptions(s, { TEMPORAL_UI_PORT: String(this.port(8080)) }));
  }

  /** A tourflow service (replica `replica` of it): the image's entrypoint with the service's command. */
  startTourflow(name: string, replica = 1): ServiceProcess {
    const s = this.service(name);
    const map = this.replicaMap(name, replica);
    const logName = s.expose.length > 0 ? `${name}-${replica}` : name;
    return startProcess(
      logName,
      [...this.options.image.entrypoint, ...argvToHost(s.command, map)],
      this.processOptions(s, {}, map),
    );
  }

  /** `docker compose run --rm worker <argv>`: the worker service's container running another command. */
  runWorkerCommand(argv: string[], logName: string): Promise<string> {
    const s = this.service('worker');
    // A one-off container of the service: its exposed ports are its own (the last replica slot).
    const map = this.replicaMap('worker', MAX_REPLICAS);
    return runToEnd(logName, [...this.options.image.entrypoint, ...argvToHost(argv, map)], {
      ...this.processOptions(s, {}, map),
      timeoutMs: 300_000,
    });
  }

  /** The worker service's environment on this host (for a client of the test's own). */
  workerEnv(): Record<string, string> {
    return this.processOptions(this.service('worker')).env;
  }
}
