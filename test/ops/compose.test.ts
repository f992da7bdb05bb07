/**
 * The production-like stack (docker-compose.yml, Dockerfile) checked as data: Docker cannot run
 * on the test machines, so what can go wrong without it is checked here. Service graph, pinned
 * images, a scalable worker, and commands and environment that the real CLI and config accept.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKER_NODE_OPTIONS } from '../../bench/options.ts';
import { PINNED as PINNED_NODE, SUPPORTED as SUPPORTED_NODE } from '../../bin/supported-node.js';
import { WORKER_MALLOC_ARENA_MAX } from '../../bench/worker-process.ts';
import { SEARCH_ATTRIBUTES } from '../../worker/dev-server.ts';
import { parseArgv } from './cli-argv.ts';
import { configSource } from '../stack/compose-stack.ts';
import {
  ROOT,
  commandArgv,
  dependencies,
  dockerIgnored,
  environmentNames,
  namedVolumes,
  readCompose,
  readDockerfile,
  type ComposeService,
} from './docker-files.ts';

const compose = readCompose();
const services = compose.services;
const dockerfile = readDockerfile();

function serviceNamed(name: string): ComposeService {
  const found = services[name];
  if (!found) throw new Error(`docker-compose.yml has no service "${name}"`);
  return found;
}

/** A tag someone chose: present, not `latest`, with a version number in it. */
function isPinned(image: string): boolean {
  const tag = /:([^/:]+)$/.exec(image)?.[1];
  return !!tag && tag !== 'latest' && /\d/.test(tag);
}

function seconds(duration: string): number {
  const match = /^(\d+)(ms|s|m)$/.exec(duration.trim());
  if (!match?.[1]) return NaN;
  const value = Number(match[1]);
  return match[2] === 'm' ? value * 60 : match[2] === 'ms' ? value / 1000 : value;
}

describe('docker-compose.yml', () => {
  it('has the stack: PostgreSQL, Temporal, its Web UI, the sandbox and the worker', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgresql', 'temporal', 'temporal-ui', 'sandbox', 'worker']),
    );
    expect(serviceNamed('postgresql').healthcheck).toBeDefined();
    expect(serviceNamed('temporal').environment).toMatchObject({ DB: 'postgres12', POSTGRES_SEEDS: 'postgresql' });
    expect(serviceNamed('temporal-ui').environment).toMatchObject({ TEMPORAL_ADDRESS: 'temporal:7233' });
    expect(serviceNamed('temporal-ui').ports).toContain('8080:8080');
  });

  it('names only services, volumes and configs that exist', () => {
    for (const [name, s] of Object.entries(services)) {
      for (const dependency of dependencies(s))
        expect(Object.keys(services), `${name} depends on ${dependency}`).toContain(dependency);
      for (const volume of namedVolumes(s))
        expect(Object.keys(compose.volumes ?? {}), `${name} mounts ${volume}`).toContain(volume);
      for (const config of s.configs ?? []) {
        const source = typeof config === 'string' ? config : config.source;
        expect(Object.keys(compose.configs ?? {}), `${name} uses config ${source}`).toContain(source);
      }
    }
  });

  it('builds from Dockerfiles that exist and pulls only pinned images', () => {
    for (const [name, s] of Object.entries(services)) {
      if (s.build) {
        const build = typeof s.build === 'string' ? { context: s.build } : s.build;
        const dockerfilePath = path.resolve(ROOT, build.context, build.dockerfile ?? 'Dockerfile');
        expect(existsSync(dockerfilePath), `${name} builds from ${dockerfilePath}`).toBe(true);
      }
      expect(s.image ?? s.build, `${name} has an image or a build`).toBeDefined();
      if (s.image) expect(isPinned(s.image), `${name} image "${s.image}" is pinned to a version`).toBe(true);
    }
  });

  it('lets `--scale worker=N` work: no fixed name, no host port, a graceful stop', () => {
    const worker = serviceNamed('worker');
    expect(worker.container_name).toBeUndefined();
    expect(worker.ports ?? []).toEqual([]);
    expect(worker.stop_signal).toBe('SIGTERM');
    const workerSource = readFileSync(path.join(ROOT, 'worker/worker.ts'), 'utf8');
    const drain = /shutdownGraceTime:\s*'(\d+(?:ms|s|m))'/.exec(workerSource)?.[1];
    expect(drain, 'worker/worker.ts sets shutdownGraceTime').toBeDefined();
    // Docker kills the container at the end of the grace period: the worker must drain first.
    expect(seconds(worker.stop_grace_period ?? '10s')).toBeGreaterThan(seconds(drain ?? '0s'));
  });

  it('runs the worker, the sandbox and the codec server with commands the real CLI accepts', () => {
    for (const [name, expected] of [
      ['worker', 'worker'],
      ['sandbox', 'sandbox'],
      ['codec', 'codec-server'],
    ] as const) {
      const argv = commandArgv(serviceNamed(name));
      const parsed = parseArgv(argv);
      expect(parsed.command, `${name} runs \`tourflow ${expected}\``).toBe(expected);
      const flags = argv.filter((arg) => arg.startsWith('--')).map((arg) => arg.split('=')[0]);
      for (const flag of flags) expect(parsed.declared, `\`tourflow ${expected}\` has ${flag}`).toContain(flag);
      expect(parsed.errors).toBe('');
      expect(parsed.options, `tourflow ${argv.join(' ')}`).toBeDefined();
    }
    expect(parseArgv(commandArgv(serviceNamed('sandbox'))).options).toMatchObject({
      host: '0.0.0.0',
      autoApprove: true,
    });
    // The Web UI's browser calls the codec server: its endpoint and allowed origin match.
    const codec = parseArgv(commandArgv(serviceNamed('codec'))).options as { port: string; uiOrigin: string[] };
    const ui = serviceNamed('temporal-ui').environment as Record<string, string>;
    expect(ui.TEMPORAL_CODEC_ENDPOINT).toBe(`http://localhost:${codec.port}`);
    const uiPort = String(serviceNamed('temporal-ui').ports?.[0]).split(':')[0];
    // Users open the Web UI as localhost or as 127.0.0.1; the browser sends the name it was given.
    expect(codec.uiOrigin).toEqual([`http://localhost:${uiPort}`, `http://127.0.0.1:${uiPort}`]);
    // Links the CLI prints in the worker container point at the compose Web UI.
    expect((serviceNamed('worker').environment as Record<string, string>).TOURFLOW_UI_URL).toBe(
      `http://localhost:${uiPort}`,
    );
  });

  it("sets on the worker only variables that worker/config.ts reads (and node's own), and points it at the stack", () => {
    const configText = configSource();
    const worker = serviceNamed('worker');
    const names = environmentNames(worker).filter((name) => name !== 'NODE_OPTIONS' && name !== 'MALLOC_ARENA_MAX');
    expect(names).toEqual(
      expect.arrayContaining([
        'TEMPORAL_ADDRESS',
        'TEMPORAL_NAMESPACE',
        'TOURFLOW_TASK_QUEUE',
        'TOURFLOW_API_URL',
        'TOURFLOW_API_KEY',
      ]),
    );
    for (const name of names)
      expect(configText, `worker/config.ts or worker/encryption-config.ts reads ${name}`).toContain(name);

    const env = worker.environment as Record<string, string>;
    expect(env.TEMPORAL_ADDRESS).toBe('temporal:7233');
    // the memory setting the benchmark measures the worker with
    expect(env.NODE_OPTIONS).toBe(WORKER_NODE_OPTIONS);
    expect(env.MALLOC_ARENA_MAX).toBe(WORKER_MALLOC_ARENA_MAX);
    const sandboxPort = parseArgv(commandArgv(serviceNamed('sandbox'))).options?.port;
    expect(env.TOURFLOW_API_URL).toContain(`http://sandbox:${String(sandboxPort)}`);
  });

  it('has one-shot shell scripts that parse, with their $ kept from Compose interpolation', () => {
    const scripted = Object.entries(services).filter(([, s]) => JSON.stringify(s.entrypoint ?? '').includes('/bin/sh'));
    expect(scripted.length).toBeGreaterThan(0);
    for (const [name, s] of scripted) {
      const script = commandArgv(s).join('\n');
      // Compose replaces $NAME itself; the shell only sees what was written $$NAME.
      expect(script.replace(/\$\$/g, ''), `${name}: a bare $ would be Compose's, not the shell's`).not.toMatch(
        /\$(?!\{\w+(:?-[^}]*)?\})/,
      );
      const check = spawnSync('sh', ['-n', '-c', script.replace(/\$\$/g, '$')], { encoding: 'utf8' });
      expect(check.status, `${name}: ${check.stderr}`).toBe(0);
    }
  });

  it("registers tourflow's search attributes, each with its type, before workers start", () => {
    const setup = Object.entries(services).find(([, s]) =>
      JSON.stringify(s.command ?? '').includes('search-attribute create'),
    );
    expect(setup, 'a service runs `temporal operator search-attribute create`').toBeDefined();
    const [setupName, setupService] = setup ?? ['', {} as ComposeService];
    const script = commandArgv(setupService).join(' ');
    for (const [name, type] of Object.entries(SEARCH_ATTRIBUTES))
      expect(script).toMatch(new RegExp(`\\b${name}:${type}\\b`));
    expect(script).toContain('--type "$${attribute#*:}"');
    // A new namespace is not yet in the frontend's cache: the script waits for it before the
    // first search-attribute command, instead of failing and being restarted.
    const created = script.indexOf('namespace create');
    const waited = script.search(/until temporal operator search-attribute list/);
    expect(created).toBeGreaterThan(0);
    expect(waited).toBeGreaterThan(created);
    expect(script.indexOf('search-attribute create')).toBeGreaterThan(waited);
    expect(serviceNamed('worker').depends_on).toMatchObject({
      [setupName]: { condition: 'service_completed_successfully' },
    });
  });
});

describe('Dockerfile', () => {
  const runtimeStage = dockerfile.at(-1)?.stage ?? '';
  const inRuntime = dockerfile.filter((i) => i.stage === runtimeStage);

  it('starts the compiled CLI through a file that exists', () => {
    const entrypoint = inRuntime.find((i) => i.keyword === 'ENTRYPOINT');
    const argv = JSON.parse(entrypoint?.args ?? 'null') as string[] | null;
    expect(argv?.[0]).toBe('node');
    const script = path.join(ROOT, argv?.[1] ?? '');
    expect(existsSync(script), `${argv?.[1]} exists`).toBe(true);
    // bin/tourflow.js imports ../dist/cli/main.js: the build must compile cli/main.ts into dist/.
    const target = /import\('\.\.\/dist\/(.+)\.js'\)/.exec(readFileSync(script, 'utf8'))?.[1];
    expect(existsSync(path.join(ROOT, `${target}.ts`)), `${target}.ts exists`).toBe(true);
    const build = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.build.json'), 'utf8')) as { include: string[] };
    expect(build.include).toContain(target?.split('/')[0]);
    expect(dockerfile.some((i) => i.keyword === 'RUN' && i.args.includes('npm run build'))).toBe(true);
  });

  it('is multi-stage on pinned images of the Node LTS line that tourflow requires and CI runs, and runs production dependencies as a non-root user', () => {
    const args = Object.fromEntries(
      dockerfile.filter((i) => i.keyword === 'ARG').map((i) => i.args.split('=') as [string, string | undefined]),
    );
    const bases = dockerfile.filter((i) => i.keyword === 'FROM').map((i) => i.args.split(/\s+/)[0] ?? '');
    const images = bases.map((base) => base.replace(/^\$\{?(\w+)\}?$/, (_, arg: string) => args[arg] ?? base));
    expect(images.length).toBeGreaterThanOrEqual(2);
    const ciNode = /^NODE_VERSION=(\d+)\.(\d+)\.\d+/m.exec(readFileSync(path.join(ROOT, '.ci/run'), 'utf8'));
    expect(ciNode, '.ci/run pins NODE_VERSION').not.toBeNull();
    const [, major, minor] = ciNode ?? [];
    // An even major: the LTS lines (Node 20 left maintenance in April 2026).
    expect(Number(major) % 2).toBe(0);
    expect(Number(major)).toBeGreaterThanOrEqual(22);
    // The line tourflow requires, and the release it fetches on another Node (bin/supported-node.js).
    expect(SUPPORTED_NODE).toMatch(new RegExp(`^${major}\\.`));
    expect(`NODE_VERSION=${PINNED_NODE}`).toBe(ciNode?.[0]);
    for (const image of images) expect(image).toBe(`node:${major}.${minor}-bookworm-slim`);
    expect(inRuntime.some((i) => i.keyword === 'RUN' && /npm ci\b.*--omit=dev/.test(i.args))).toBe(true);
    const user = inRuntime.filter((i) => i.keyword === 'USER').at(-1)?.args;
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });

  it('sets only tourflow variables that worker/config.ts reads, and builds the bundle it points at', () => {
    const configText = configSource();
    const env = Object.fromEntries(
      inRuntime
        .filter((i) => i.keyword === 'ENV')
        .flatMap((i) => [...i.args.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]])),
    ) as Record<string, string>;
    const ours = Object.keys(env).filter((name) => name.startsWith('TOURFLOW_'));
    expect(ours.length).toBeGreaterThan(0);
    for (const name of ours)
      expect(configText, `worker/config.ts or worker/encryption-config.ts reads ${name}`).toContain(name);
    const bundle = env.TOURFLOW_WORKFLOW_BUNDLE;
    if (bundle) expect(dockerfile.some((i) => i.keyword === 'RUN' && i.args.includes(bundle))).toBe(true);
  });

  it('copies only files that exist and that .dockerignore lets through', () => {
    const copies = dockerfile.filter((i) => i.keyword === 'COPY' && !i.args.includes('--from='));
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const sources = copy.args
        .split(/\s+/)
        .filter((part) => !part.startsWith('--'))
        .slice(0, -1);
      for (const source of sources) {
        expect(existsSync(path.join(ROOT, source)), `COPY ${source}`).toBe(true);
        expect(dockerIgnored(source), `.dockerignore keeps out ${source}`).toBe(false);
      }
    }
  });
});
