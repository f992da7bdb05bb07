/**
 * The sandbox's credentials on disk: a JSON file readable by its owner only, written by
 * `tourflow sandbox` and `tourflow dev`, and read back on a restart with the same state so the
 * secrets the user already holds keep working.
 */
import { readFileSync } from 'node:fs';
import type { SandboxCredentials } from '../sandbox/index.ts';
import { writePrivateFile } from '../worker/dev-state.ts';

/** Secrets kept in an earlier credentials file, so a restart with the same state can keep them. */
export function keptSecrets(file: string | undefined): { full?: string; limited?: string } {
  if (!file) return {};
  try {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as Partial<SandboxCredentials>;
    return { full: saved.apiSecret, limited: saved.limited?.apiSecret };
  } catch {
    return {};
  }
}

/** Writes the credentials as JSON, mode 0600. */
export function writeCredentials(file: string, credentials: SandboxCredentials): void {
  writePrivateFile(file, `${JSON.stringify(credentials, null, 2)}\n`);
}

/** The credentials file kept beside a sandbox state file when none is named. */
export function credentialsBeside(stateFile: string): string {
  return stateFile.replace(/(\.json)?$/, '.credentials.json');
}

/** Shell-quotes a value for a printed command line. */
function quote(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** `export NAME=value` lines. */
export function exportLines(vars: Record<string, string | undefined>): string[] {
  return Object.entries(vars)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `export ${name}=${quote(value)}`);
}

/** One `curl` that reads a whole tour from the sandbox with these credentials. */
export function tourCurl(credentials: SandboxCredentials, tourId = '<tour id>'): string {
  const c = credentials;
  return [
    'curl -s',
    `-H ${quote(`x-api-key: ${c.apiKey}`)}`,
    `-H ${quote(`x-api-secret: ${c.apiSecret}`)}`,
    `-H ${quote(`authorization: Bearer ${c.accessToken}`)}`,
    quote(`${c.baseUrl}/v1/tours/${tourId}/data`),
  ].join(' ');
}
