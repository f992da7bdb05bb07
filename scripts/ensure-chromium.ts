/**
 * Finds Debian's Chromium for the browser tests, installing it with apt when it is missing.
 *
 * Order: `CHROMIUM_PATH`; `/usr/bin/chromium`; `apt-get install chromium` (root only). Only
 * the distribution's package is used: test tools' own browser downloads need hosts that CI
 * cannot reach, and a pinned Debian package is reproducible enough for a smoke test.
 *
 * Run alone, it prints the path (or the reason there is none, exit 1):
 * `node --import tsx scripts/ensure-chromium.ts`.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { isExecutable } from '../worker/temporal-cli.ts';

const run = promisify(execFile);

/** Where Debian's `chromium` package puts the browser. */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/** Why no Chromium could be had: `notRoot` is expected on a developer's machine, the others are faults. */
export const ChromiumMissing = {
  badEnvPath: 'bad-env-path',
  notRoot: 'not-root',
  installFailed: 'install-failed',
} as const;
export type ChromiumMissing = (typeof ChromiumMissing)[keyof typeof ChromiumMissing];

export type ChromiumLookup =
  { path: string; source: string } | { path: undefined; missing: ChromiumMissing; reason: string };

export interface EnsureChromiumOptions {
  env?: NodeJS.ProcessEnv;
  /** Progress lines (the install takes a minute or two). @default stderr */
  log?: (line: string) => void;
  /** Whether this process may run apt-get. @default running as root */
  canInstall?: boolean;
  /** @default '/usr/bin/chromium' */
  debianPath?: string;
}

function tail(text: unknown, chars = 1_500): string {
  return String(text ?? '')
    .trim()
    .slice(-chars);
}

/** `apt-get update && apt-get install chromium`; resolves to an error text, or undefined on success. */
async function aptInstallChromium(env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<string | undefined> {
  const aptEnv = { ...env, DEBIAN_FRONTEND: 'noninteractive' };
  // Another apt run (a second test process, unattended upgrades) may hold the lock for a while.
  const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
  const steps: string[][] = [
    ['update', '-qq', ...lockWait],
    ['install', '-y', '-qq', '--no-install-recommends', ...lockWait, 'chromium'],
  ];
  for (const args of steps) {
    log(`chromium: apt-get ${args.join(' ')}`);
    try {
      await run('apt-get', args, { env: aptEnv, timeout: 900_000, maxBuffer: 64 * 1024 * 1024 });
    } catch (error) {
      const failure = error as { stderr?: unknown; message?: string };
      return `apt-get ${args[0]} failed: ${tail(failure.stderr) || failure.message}`;
    }
  }
  return undefined;
}

/** Returns the path of a Chromium binary, installing Debian's package if needed and allowed. */
export async function ensureChromium(options: EnsureChromiumOptions = {}): Promise<ChromiumLookup> {
  const env = options.env ?? process.env;
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  const debianPath = options.debianPath ?? DEBIAN_CHROMIUM;

  const explicit = env.CHROMIUM_PATH;
  if (explicit) {
    if (await isExecutable(explicit)) return { path: explicit, source: 'CHROMIUM_PATH' };
    return {
      path: undefined,
      missing: ChromiumMissing.badEnvPath,
      reason: `CHROMIUM_PATH is ${explicit}, which is not an executable file. Point it at a Chromium binary or unset it.`,
    };
  }
  if (await isExecutable(debianPath)) return { path: debianPath, source: "Debian's chromium package" };

  const canInstall = options.canInstall ?? process.getuid?.() === 0;
  if (!canInstall) {
    return {
      path: undefined,
      missing: ChromiumMissing.notRoot,
      reason: `No Chromium at ${debianPath} and not running as root, so it cannot be installed here. Run \`sudo apt-get install chromium\` or set CHROMIUM_PATH.`,
    };
  }
  const failure = await aptInstallChromium(env, log);
  if (failure)
    return {
      path: undefined,
      missing: ChromiumMissing.installFailed,
      reason: `Installing Debian's chromium failed. ${failure}`,
    };
  if (await isExecutable(debianPath)) return { path: debianPath, source: "Debian's chromium package, just installed" };
  return {
    path: undefined,
    missing: ChromiumMissing.installFailed,
    reason: `apt-get installed chromium, but ${debianPath} is still missing.`,
  };
}

async function cli(): Promise<void> {
  const found = await ensureChromium();
  if (found.path === undefined) {
    process.stderr.write(`${found.reason}\n`);
    process.exitCode = 1;
  } else {
    process.stdout.write(`${found.path}\n`);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await cli();
