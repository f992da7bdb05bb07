/**
 * Where settings come from: flag > environment > Temporal CLI profile > a running
 * `tourflow dev` (its state file) > default. A dev that is gone, or runs on another machine,
 * is not followed.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type ConfigOverrides } from '../../worker/config.ts';
import { writeDevState, type DevState } from '../../worker/dev-state.ts';

const DEV_ADDRESS = '127.0.0.1:41233';
const DEV_UI = 'http://127.0.0.1:42233';

/** A process ID that no process has any more. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

/** A state folder holding one dev state, as a `tourflow dev` with these particulars writes it. */
function stateDir(
  particulars: Partial<Pick<DevState, 'pid' | 'host'>> = {},
  dir = mkdtempSync(path.join(os.tmpdir(), 'tourflow-config-')),
): string {
  const credentialsFile = path.join(dir, 'credentials.json');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    credentialsFile,
    JSON.stringify({
      apiKey: 'tfk_dev',
      apiSecret: 'tfs_dev',
      accessToken: 'token',
      refreshToken: 'refresh',
      orgId: 'org',
    }),
  );
  writeDevState(
    { TOURFLOW_STATE_DIR: dir },
    {
      version: 1,
      pid: particulars.pid ?? process.pid,
      host: particulars.host ?? os.hostname(),
      startedAt: new Date().toISOString(),
      temporal: { address: DEV_ADDRESS, namespace: 'default', taskQueue: 'dev-queue', uiUrl: DEV_UI },
      api: { baseUrl: 'http://127.0.0.1:44010', authUrl: 'http://127.0.0.1:44011', credentialsFile },
    },
  );
  return dir;
}

const live = stateDir();

function settings(env: NodeJS.ProcessEnv, overrides?: ConfigOverrides) {
  const { temporal, api } = loadConfig({ env: { TOURFLOW_STATE_DIR: live, ...env }, overrides });
  return {
    address: temporal.address,
    from: temporal.addressSource,
    ui: temporal.uiUrl,
    queue: temporal.taskQueue,
    api: api.baseUrl,
    key: api.apiKey,
  };
}

describe('configuration sources', () => {
  it.each([
    [
      'a running dev, when nothing else says',
      {},
      undefined,
      {
        address: DEV_ADDRESS,
        from: 'dev',
        ui: DEV_UI,
        queue: 'dev-queue',
        api: 'http://127.0.0.1:44010',
        key: 'tfk_dev',
      },
    ],
    [
      'the environment over the dev',
      { TEMPORAL_ADDRESS: 'temporal.internal:7233', TOURFLOW_TASK_QUEUE: 'q' },
      undefined,
      { address: 'temporal.internal:7233', from: 'environment', ui: undefined, queue: 'q' },
    ],
    [
      'the dev’s Web UI for the dev’s own address, however given',
      { TEMPORAL_ADDRESS: DEV_ADDRESS },
      undefined,
      { from: 'environment', ui: DEV_UI, queue: 'dev-queue' },
    ],
    [
      'a flag over the environment',
      { TEMPORAL_ADDRESS: 'temporal.internal:7233' },
      { temporal: { address: '10.0.0.1:7233' } },
      { address: '10.0.0.1:7233', from: 'option' },
    ],
    [
      'TOURFLOW_UI_URL over the dev’s Web UI',
      { TOURFLOW_UI_URL: 'https://ui.example' },
      undefined,
      { from: 'dev', ui: 'https://ui.example' },
    ],
    [
      'Temporal Cloud’s Web UI for a Cloud address',
      { TEMPORAL_ADDRESS: 'ns.acct.tmprl.cloud:7233' },
      undefined,
      { ui: 'https://cloud.temporal.io' },
    ],
    [
      'the API of the environment, without the dev’s credentials',
      { TOURFLOW_API_URL: 'https://api.example' },
      undefined,
      { api: 'https://api.example', key: undefined },
    ],
  ])('%s', (_name, env, overrides, expected) => {
    expect(settings(env, overrides)).toMatchObject(expected);
  });

  it('takes the profile of the Temporal CLI over a dev', () => {
    const file = path.join(live, 'temporal.toml');
    writeFileSync(file, '[profile.default]\naddress = "profile.internal:7233"\n');
    expect(settings({ TEMPORAL_CONFIG_FILE: file })).toMatchObject({
      address: 'profile.internal:7233',
      from: 'profile',
      ui: undefined,
    });
  });

  it.each([
    ['a dev that is gone', { pid: deadPid() }],
    ['a dev on another machine', { host: `not-${os.hostname()}` }],
  ])('does not follow %s', (_name, particulars) => {
    const { temporal, api } = loadConfig({ env: { TOURFLOW_STATE_DIR: stateDir(particulars) } });
    expect({
      address: temporal.address,
      from: temporal.addressSource,
      ui: temporal.uiUrl,
      api: api.baseUrl,
      key: api.apiKey,
    }).toEqual({
      address: '127.0.0.1:7233',
      from: 'default',
      ui: 'http://localhost:8233',
      api: 'http://127.0.0.1:4010',
      key: undefined,
    });
  });

  it('looks in the home the environment names, and nowhere for an environment built from nothing', () => {
    const home = mkdtempSync(path.join(os.tmpdir(), 'tourflow-home-'));
    stateDir({}, path.join(home, '.local', 'state', 'tourflow'));
    expect(loadConfig({ env: { HOME: home } }).temporal.address).toBe(DEV_ADDRESS);
    expect(loadConfig({ env: {} }).temporal.addressSource).toBe('default');
  });

  it("uses a running dev's local encryption key for its server, and the config folder's otherwise", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'tourflow-config-'));
    const devKey = path.join(dir, 'dev-config', 'tourflow', 'local-key.json');
    writeDevState(
      { TOURFLOW_STATE_DIR: dir },
      {
        version: 1,
        pid: process.pid,
        host: os.hostname(),
        startedAt: new Date().toISOString(),
        temporal: { address: DEV_ADDRESS, namespace: 'default', taskQueue: 'dev-queue', localKeyFile: devKey },
        api: {
          baseUrl: 'http://127.0.0.1:44010',
          authUrl: 'http://127.0.0.1:44011',
          credentialsFile: path.join(dir, 'none.json'),
        },
      },
    );
    const config = path.join(dir, 'config');
    const env = { TOURFLOW_STATE_DIR: dir, XDG_CONFIG_HOME: config };
    expect(loadConfig({ env }).temporal.encryption.localKeyFile).toBe(devKey);
    expect(
      loadConfig({ env, overrides: { temporal: { address: '127.0.0.1:7233' } } }).temporal.encryption.localKeyFile,
    ).toBe(path.join(config, 'tourflow', 'local-key.json'));
    expect(loadConfig({ env: { ...env, TOURFLOW_ENCRYPTION: 'off' } }).temporal.encryption.off).toBe(true);
  });

  it('refuses a Temporal CLI profile that does not exist', () => {
    expect(() =>
      loadConfig({ env: { TEMPORAL_PROFILE: 'staging', TEMPORAL_CONFIG_FILE: path.join(live, 'none.toml') } }),
    ).toThrow(ConfigError);
  });
});
