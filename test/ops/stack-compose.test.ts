/**
 * How the stack test (`npm run test:stack`, test/stack/) reads docker-compose.yml: from the file
 * itself, so a change to the file changes what runs, and a variable the stack's programs do not
 * read stops the stack test before anything starts. Also the host map that stands in for
 * Docker's network and volumes.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPOSE_FILE, interpolate, readComposeStack, serviceOf } from '../stack/compose-stack.ts';
import { ComposeRunner, containerPorts } from '../stack/compose-runner.ts';
import { argvToHost, envToHost, toHost } from '../stack/host-map.ts';

describe('the stack test reading docker-compose.yml', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-compose-copy-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function copyWith(change: (text: string) => string): Promise<string> {
    const file = path.join(dir, `docker-compose-${Math.random().toString(36).slice(2)}.yml`);
    const original = await readFile(COMPOSE_FILE, 'utf8');
    const changed = change(original);
    expect(changed, 'the change applies to the compose file').not.toBe(original);
    await writeFile(file, changed);
    return file;
  }

  it('reads every service, with its versions, commands and the header’s worker commands', () => {
    const stack = readComposeStack();
    expect(serviceOf(stack, 'temporal').version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(serviceOf(stack, 'temporal-schema').version).toBe(serviceOf(stack, 'temporal').version);
    expect(serviceOf(stack, 'worker').command).toEqual(['worker']);
    expect(serviceOf(stack, 'worker').stopGraceMs).toBe(30_000);
    expect(stack.workerRuns.map((argv) => argv.slice(0, 2))).toEqual([
      ['keys', 'add'],
      ['run', 'definitions/playbooks/tour-setup.yaml'],
    ]);
    // Compose's `$$` is the shell's `$`.
    expect(serviceOf(stack, 'temporal-setup').command.join('\n')).toContain('ns="$TEMPORAL_NAMESPACE"');
  });

  it('fails when one environment name of the worker changes in a copy of the compose file', async () => {
    const file = await copyWith((text) => text.replace('TOURFLOW_UI_URL:', 'TOURFLOW_WEB_UI_URL:'));
    expect(() => readComposeStack(file)).toThrow(
      'docker-compose.yml: service worker sets TOURFLOW_WEB_UI_URL, which tourflow (worker/config.ts) does not read',
    );
  });

  it("fails when an environment name of PostgreSQL or of Temporal's images changes", async () => {
    const postgres = await copyWith((text) =>
      text.replace(
        'POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-temporal}\n    volumes',
        'POSTGRES_PASS: ${POSTGRES_PASSWORD:-temporal}\n    volumes',
      ),
    );
    expect(() => readComposeStack(postgres)).toThrow(
      'service postgresql sets POSTGRES_PASS, which postgres does not read',
    );
    const temporal = await copyWith((text) => text.replace('POSTGRES_SEEDS: postgresql', 'POSTGRES_SEED: postgresql'));
    const serverEnv = new Set([
      'DB',
      'DB_PORT',
      'POSTGRES_SEEDS',
      'POSTGRES_USER',
      'POSTGRES_PWD',
      'BIND_ON_IP',
      'DYNAMIC_CONFIG_FILE_PATH',
    ]);
    expect(() => readComposeStack(temporal, { imageEnv: { 'temporalio/server': serverEnv } })).toThrow(
      'service temporal sets POSTGRES_SEED, which temporalio/server does not read',
    );
  });

  it('interpolates as Compose does', () => {
    expect(interpolate('${A:-x} ${B:-y} ${C-z} $${D} $$E', { A: 'a', B: '' })).toBe('a y z ${D} $E');
  });

  it('maps service names, ports and container paths to the host', () => {
    const stack = readComposeStack();
    const ports = containerPorts(stack);
    expect(ports).toEqual(expect.arrayContaining([5432, 7233, 8080, 4010, 4011, 8888]));
    const hostPorts = Array.from({ length: ComposeRunner.portsNeeded(stack) }, (_, i) => 21_000 + i);
    const runner = new ComposeRunner({
      stack,
      components: {
        temporalServer: '',
        sqlTool: '',
        schemaDir: '/cache/schema',
        temporalSource: '',
        uiServer: '',
        uiSource: '',
        postgresBin: '',
        postgresMajor: 15,
      },
      image: { workdir: '/img', env: {}, entrypoint: ['node', 'bin/tourflow.js'] },
      dirs: {
        root: '/run',
        data: '/run/data',
        logs: '/run/logs',
        home: '/run/home',
        postgresData: '/run/pg',
        bin: '/run/bin',
      },
      hostPorts,
      temporalCli: 'temporal',
    });
    const { map } = runner;
    const pg = runner.port(5432);
    const frontend = runner.port(7233);
    expect(Math.max(...hostPorts)).toBeLessThan(32_768);
    expect(toHost('tool --ep postgresql -p 5432 --db temporal', map)).toBe(
      `tool --ep 127.0.0.1 -p ${pg} --db temporal`,
    );
    expect(toHost('export TEMPORAL_ADDRESS="${ip:-temporal}:7233"', map)).toBe(
      `export TEMPORAL_ADDRESS="\${ip:-127.0.0.1}:${frontend}"`,
    );
    expect(toHost('dir=/etc/temporal/schema/postgresql/v12', map)).toBe('dir=/cache/schema/postgresql/v12');
    const env = {
      POSTGRES_SEEDS: 'postgresql',
      POSTGRES_USER: 'temporal',
      SQL_PASSWORD: 'temporal',
      DB_PORT: '5432',
      TEMPORAL_ADDRESS: 'temporal:7233',
      TOURFLOW_OUTPUT_DIR: '/data/day-sheets',
    };
    expect(envToHost(env, map)).toEqual({
      POSTGRES_SEEDS: '127.0.0.1',
      // a user and a password spelled like the temporal service stay as they are
      POSTGRES_USER: 'temporal',
      SQL_PASSWORD: 'temporal',
      DB_PORT: String(pg),
      TEMPORAL_ADDRESS: `127.0.0.1:${frontend}`,
      TOURFLOW_OUTPUT_DIR: '/run/data/day-sheets',
    });
    expect(argvToHost(serviceOf(stack, 'codec').command, map)).toEqual([
      'codec-server',
      '--host',
      '127.0.0.1',
      '--port',
      String(runner.port(8888)),
      '--ui-origin',
      `http://localhost:${runner.port(8080)}`,
      '--ui-origin',
      `http://127.0.0.1:${runner.port(8080)}`,
      '--allow-unauthenticated',
    ]);
    // Each worker replica has its own metrics port, as each container has its own address.
    const metrics = [1, 2, 3].map((replica) => runner.replicaPort('worker', replica, 9464));
    expect(new Set(metrics).size).toBe(3);
    expect(envToHost({ TOURFLOW_METRICS_ADDRESS: '0.0.0.0:9464' }, runner.replicaMap('worker', 2))).toEqual({
      TOURFLOW_METRICS_ADDRESS: `127.0.0.1:${metrics[1]}`,
    });
  });
});
