/** `tourflow sandbox`: prints working credentials, writes them as JSON, stops on abort. */
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';
import type { SandboxCredentials } from '../../sandbox/index.ts';
import { pollUntil } from '../support/poll.ts';

describe('tourflow sandbox', () => {
  it('prints both credential sets and the redirect URI, writes the JSON file, and stops on Ctrl-C', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tourflow-sandbox-cli-'));
    const lines: string[] = [];
    const controller = new AbortController();
    const exit = main({
      argv: ['sandbox', '--port', '0', '--auth-port', '0', '--credentials-out', 'creds.json'],
      cwd: dir,
      stdout: (text) => lines.push(text),
      stderr: (text) => lines.push(text),
      signal: controller.signal,
    });
    await pollUntil(
      () => lines.some((line) => line.includes('Credentials written')),
      'the credentials to be written',
      10_000,
    );
    const file = path.join(dir, 'creds.json');
    const credentials = JSON.parse(readFileSync(file, 'utf8')) as SandboxCredentials;
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const output = lines.join('\n');
    for (const value of [
      credentials.apiKey,
      credentials.limited.apiKey,
      credentials.redirectUri,
      credentials.baseUrl,
      credentials.authUrl,
    ]) {
      expect(output).toContain(value);
    }
    expect(credentials.scopes).toHaveLength(14);
    expect(credentials.limited.scopes.every((scope) => scope.endsWith('.read'))).toBe(true);
    const answer = await fetch(`${credentials.baseUrl}/v1/day-types`, {
      headers: {
        'x-api-key': credentials.apiKey,
        'x-api-secret': credentials.apiSecret,
        authorization: `Bearer ${credentials.accessToken}`,
      },
    });
    expect(answer.status).toBe(200);
    controller.abort();
    expect(await exit).toBe(0);
    await expect(fetch(`${credentials.baseUrl}/v1/day-types`)).rejects.toThrow();
  });

  it('keeps its state and secrets across a restart with --state and --credentials-out', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tourflow-sandbox-cli-'));
    const run = async (): Promise<SandboxCredentials> => {
      const lines: string[] = [];
      const controller = new AbortController();
      const exit = main({
        argv: [
          'sandbox',
          '--port',
          '0',
          '--auth-port',
          '0',
          '--state',
          'state.json',
          '--credentials-out',
          'creds.json',
          '--json',
        ],
        cwd: dir,
        stdout: (text) => lines.push(text),
        stderr: (text) => lines.push(text),
        signal: controller.signal,
      });
      const printed = await pollUntil(
        () => lines.find((line) => line.startsWith('{')),
        'the credentials printed as JSON',
      );
      controller.abort();
      expect(await exit).toBe(0);
      return JSON.parse(printed) as SandboxCredentials;
    };
    const first = await run();
    const second = await run();
    expect(second.apiKey).toBe(first.apiKey);
    expect(second.apiSecret).toBe(first.apiSecret);
    expect(second.orgs).toEqual(first.orgs);
    expect(JSON.parse(readFileSync(path.join(dir, 'creds.json'), 'utf8')).apiSecret).toBe(first.apiSecret);
  });

  it('keeps working credentials across a restart with --state alone, in a 0600 file beside the state', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tourflow-sandbox-cli-'));
    const start = async () => {
      const lines: string[] = [];
      const controller = new AbortController();
      const exit = main({
        argv: ['sandbox', '--port', '0', '--auth-port', '0', '--state', 'state.json', '--json'],
        cwd: dir,
        stdout: (text) => lines.push(text),
        stderr: (text) => lines.push(text),
        signal: controller.signal,
      });
      const credentials = JSON.parse(
        await pollUntil(() => lines.find((line) => line.startsWith('{')), 'the credentials printed as JSON'),
      ) as SandboxCredentials;
      return { credentials, stop: async () => (controller.abort(), expect(await exit).toBe(0)) };
    };
    const first = await start();
    await first.stop();
    const file = path.join(dir, 'state.credentials.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = await start();
    try {
      const old = first.credentials;
      const answer = await fetch(`${second.credentials.baseUrl}/v1/day-types`, {
        headers: {
          'x-api-key': old.apiKey,
          'x-api-secret': old.apiSecret,
          authorization: `Bearer ${second.credentials.accessToken}`,
        },
      });
      expect(answer.status).toBe(200);
      expect(second.credentials.apiSecret).toBe(old.apiSecret);
    } finally {
      await second.stop();
    }
  });

  it('refuses a bad port with a usage error', async () => {
    const errors: string[] = [];
    const code = await main({
      argv: ['sandbox', '--port', 'eighty'],
      stdout: () => {},
      stderr: (text) => errors.push(text),
    });
    expect(code).toBe(2);
    expect(errors.join('\n')).toContain('--port');
  });
});
