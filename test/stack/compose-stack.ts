/**
 * docker-compose.yml read the way the stack test runs it: every service's image, environment
 * (Compose interpolation applied), command, healthcheck and configs, and the `docker compose
 * run … worker …` commands its header documents. Pure: no process is started here, so a unit
 * test can feed it a changed copy of the compose file and see it refuse.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { commandArgv, readCompose, ROOT, type ComposeFile, type ComposeService } from '../ops/docker-files.ts';

export const COMPOSE_FILE = path.join(ROOT, 'docker-compose.yml');

/** Variables a process reads besides its program's own: Node's and glibc's. */
const RUNTIME_ENV = new Set(['NODE_OPTIONS', 'MALLOC_ARENA_MAX']);
/** What the postgres image's entrypoint reads. */
const POSTGRES_IMAGE_ENV = new Set([
  'POSTGRES_USER',
  'POSTGRES_PASSWORD',
  'POSTGRES_DB',
  'POSTGRES_INITDB_ARGS',
  'PGDATA',
]);

/** Thrown when the compose file says something the stack test cannot run as written. */
export class ComposeStackError extends Error {
  constructor(message: string) {
    super(`docker-compose.yml: ${message}`);
    this.name = 'ComposeStackError';
  }
}

export interface StackService {
  name: string;
  image: string;
  /** The tag of the image (`1.31.0`). */
  version: string;
  /** Environment after interpolation (`${VAR:-default}` from `variables`), `$$` left as `$`. */
  env: Record<string, string>;
  /** The command after interpolation, as argv. */
  command: string[];
  /** The healthcheck's test as argv (`CMD-SHELL` becomes `sh -c`), if any. */
  healthcheck: string[] | undefined;
  /** Container ports it publishes (`"8080:8080"` gives 8080) and ports named by `--port`-like flags. */
  ports: number[];
  /** Ports each replica exposes on the compose network only (`expose:`): one host port per replica here. */
  expose: number[];
  /** Files the service gets from `configs:`: target path → content. */
  configs: Record<string, string>;
  /** `stop_grace_period` in milliseconds. @default 10 s, as Compose */
  stopGraceMs: number;
  /** Whether it is built from the project's Dockerfile (runs the tourflow CLI). */
  tourflow: boolean;
}

export interface ComposeStack {
  services: Record<string, StackService>;
  /** `docker compose run … worker <argv>` lines of the header, as argv after the service name. */
  workerRuns: string[][];
}

/** Compose interpolation: `$$` is a literal `$`; `${NAME:-default}`, `${NAME-default}`, `${NAME}`. */
export function interpolate(text: string, variables: Record<string, string | undefined>): string {
  return text.replace(
    /\$\$|\$\{(\w+)(?:(:?-)([^}]*))?\}/g,
    (whole, name: string | undefined, operator: string | undefined, fallback: string | undefined) => {
      if (whole === '$$') return '$';
      const value = variables[name!];
      if (operator === ':-') return value ? value : (fallback ?? '');
      if (operator === '-') return value ?? fallback ?? '';
      return value ?? '';
    },
  );
}

function durationMs(duration: string | undefined, fallbackMs: number): number {
  if (!duration) return fallbackMs;
  const match = /^(\d+)(ms|s|m)$/.exec(duration.trim());
  if (!match?.[1]) throw new ComposeStackError(`cannot read the duration "${duration}"`);
  const value = Number(match[1]);
  return match[2] === 'm' ? value * 60_000 : match[2] === 's' ? value * 1000 : value;
}

function environment(s: ComposeService, variables: Record<string, string | undefined>): Record<string, string> {
  const entries = Array.isArray(s.environment)
    ? s.environment.map((line) => [line.split('=')[0] ?? line, line.slice(line.indexOf('=') + 1)] as const)
    : Object.entries(s.environment ?? {}).map(([name, value]) => [name, value === null ? '' : String(value)] as const);
  return Object.fromEntries(entries.map(([name, value]) => [name, interpolate(value, variables)]));
}

function servicePorts(s: ComposeService, command: string[]): number[] {
  const published = (s.ports ?? []).map((p) => Number(String(p).split(':').at(-1)?.split('/')[0]));
  const flagged = command.flatMap((arg, i) =>
    /^--(?:[\w-]+-)?port$/.test(arg) && /^\d+$/.test(command[i + 1] ?? '') ? [Number(command[i + 1])] : [],
  );
  return [...new Set([...published, ...flagged].filter((port) => Number.isInteger(port) && port > 0))];
}

function healthcheckArgv(s: ComposeService, variables: Record<string, string | undefined>): string[] | undefined {
  const test = (s as { healthcheck?: { test?: string | string[] } }).healthcheck?.test;
  if (test === undefined) return undefined;
  const argv = (typeof test === 'string' ? ['CMD-SHELL', test] : test).map((arg) => interpolate(arg, variables));
  if (argv[0] === 'CMD-SHELL') return ['sh', '-c', argv.slice(1).join(' ')];
  if (argv[0] === 'CMD') return argv.slice(1);
  throw new ComposeStackError(`healthcheck test of the form ${argv[0]} is not one the stack test runs`);
}

function serviceConfigs(compose: ComposeFile, s: ComposeService, name: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const config of s.configs ?? []) {
    const source = typeof config === 'string' ? config : config.source;
    const target =
      typeof config === 'string' ? `/${config}` : String((config as { target?: string }).target ?? `/${source}`);
    const content = (compose.configs?.[source] as { content?: string } | undefined)?.content;
    if (content === undefined)
      throw new ComposeStackError(`${name} uses config ${source}, which has no inline content`);
    out[target] = content;
  }
  return out;
}

/** The files that read tourflow's configuration: worker/config.ts and the encryption settings it delegates to. */
export const CONFIG_FILES = ['worker/config.ts', 'worker/encryption-config.ts'] as const;

/** The source of every configuration file, one after the other. */
export function configSource(): string {
  return CONFIG_FILES.map((file) => readFileSync(path.join(ROOT, file), 'utf8')).join('\n');
}

/** The tourflow variables the configuration files read. */
export function tourflowEnvNames(source = configSource()): Set<string> {
  return new Set(source.match(/\b(?:TOURFLOW|TEMPORAL)_[A-Z][A-Z0-9_]*\b/g) ?? []);
}

export interface ReadStackOptions {
  /** Values for Compose interpolation (the `.env` file and the shell). @default none */
  variables?: Record<string, string | undefined>;
  /**
   * Environment names each non-tourflow image reads, by image name without tag (from the
   * components' own config templates, when installed). Images not listed are not checked.
   */
  imageEnv?: Record<string, ReadonlySet<string>>;
}

function checkEnvNames(service: StackService, options: ReadStackOptions): void {
  const repository = service.image.replace(/:[^/:]+$/, '');
  const known = service.tourflow
    ? tourflowEnvNames()
    : repository === 'postgres'
      ? POSTGRES_IMAGE_ENV
      : options.imageEnv?.[repository];
  if (!known) return;
  const script = service.command.join('\n');
  for (const name of Object.keys(service.env)) {
    // A one-shot script may read variables of its own ($NAME in the script itself).
    if (known.has(name) || RUNTIME_ENV.has(name) || new RegExp(`\\$\\{?${name}\\b`).test(script)) continue;
    throw new ComposeStackError(
      `service ${service.name} sets ${name}, which ${service.tourflow ? 'tourflow (worker/config.ts)' : repository} does not read`,
    );
  }
}

/** Reads the stack from a compose file; throws ComposeStackError for what it cannot run. */
export function readComposeStack(file = COMPOSE_FILE, options: ReadStackOptions = {}): ComposeStack {
  const compose = readCompose(file);
  const variables = options.variables ?? {};
  const services: Record<string, StackService> = {};
  for (const [name, s] of Object.entries(compose.services)) {
    if (!s.image) throw new ComposeStackError(`service ${name} names no image`);
    const command = commandArgv(s).map((arg) => interpolate(arg, variables));
    const service: StackService = {
      name,
      image: s.image,
      version: /:([^/:]+)$/.exec(s.image)?.[1] ?? 'latest',
      env: environment(s, variables),
      command,
      healthcheck: healthcheckArgv(s, variables),
      ports: servicePorts(s, command),
      expose: ((s as { expose?: Array<string | number> }).expose ?? []).map(Number),
      configs: serviceConfigs(compose, s, name),
      stopGraceMs: durationMs(s.stop_grace_period, 10_000),
      tourflow: s.build !== undefined,
    };
    checkEnvNames(service, options);
    services[name] = service;
  }
  const header = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('#'));
  const workerRuns = header.flatMap((line) => {
    const match = /docker compose run --rm (?:--no-deps )?worker (.+?)\s*$/.exec(line);
    return match?.[1] ? [match[1].split(/\s+/)] : [];
  });
  return { services, workerRuns };
}

/** The service of that name, or an error that says the compose file lacks it. */
export function serviceOf(stack: ComposeStack, name: string): StackService {
  const found = stack.services[name];
  if (!found) throw new ComposeStackError(`no service "${name}"`);
  return found;
}
