/**
 * The README's "Using it" block, run as printed: `tourflow dev` in a process of its own, then
 * every other line in order, from the project folder, in processes whose environment holds no
 * Temporal or tourflow settings. `<tour id>` is the tourId the create-tour run printed. The
 * launcher `npx tourflow` is the CLI of these sources (`tourflowCommand`), so the test does not
 * depend on a fresh build.
 *
 * Not run here: the Quick start block (`npm install`, `npm start` is `tourflow dev --demo`,
 * `npm test` is this suite) and the block for the real API, which needs a partner credential.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanEnv, runTourflow, tourflowCommand, type CliResult } from '../support/cli-process.ts';
import { pollUntil } from '../support/poll.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
/** How long one README command may take. */
const COMMAND_DEADLINE_MS = 120_000;

/** The commands of the README's "Using it" block, continuation lines joined, with their comments. */
function usingItCommands(): { line: string; comment: string }[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Using it'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .map((raw) => ({ line: raw.replace(/\s{2,}#.*$/, '').trim(), comment: /\s{2,}#(.*)$/.exec(raw)?.[1] ?? '' }))
    .filter(({ line }) => line.startsWith('npx tourflow '));
}

/** The exit code a README line ends with: 3 where its comment says so. */
function expectedExit(commented: string): number {
  return /exit 3/.test(commented) ? 3 : 0;
}

function quote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

describe('the README, run as printed against tourflow dev', () => {
  const commands = usingItCommands();
  const env = cleanEnv({ TOURFLOW_STATE_DIR: mkdtempSync(path.join(os.tmpdir(), 'tourflow-readme-')) });
  let stopDev: (() => Promise<void>) | undefined;

  afterAll(async () => {
    await stopDev?.();
  });

  /** Runs one README line through the shell (quotes, globs), with `npx tourflow` as this CLI. */
  async function shell(
    line: string,
    background = false,
  ): Promise<CliResult & { stop?: () => Promise<void>; ready?: Promise<void> }> {
    const launcher = [process.execPath, ...(await tourflowCommand())].map(quote).join(' ');
    const child = spawn('sh', ['-c', `exec ${line.replace(/^npx tourflow/, launcher)}`], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    if (background) {
      const ready = pollUntil(
        async () => {
          if (child.exitCode !== null) throw new Error(`${line} ended:\n${out}\n${err}`);
          return out.includes('Press Ctrl-C to stop.') || undefined;
        },
        'tourflow dev to be ready',
        180_000,
      ).then(() => undefined);
      return { code: null, out, err, ready, stop: async () => (child.kill('SIGINT'), void (await exited)) };
    }
    // A command that hangs fails the test instead of outliving it.
    const deadline = setTimeout(() => child.kill('SIGKILL'), COMMAND_DEADLINE_MS);
    const code = await exited;
    clearTimeout(deadline);
    return { code, out, err };
  }

  it('has the commands the README shows', () => {
    expect(commands.map(({ line }) => line.split(' ')[2])).toEqual([
      'validate',
      'validate',
      'plan',
      'dev',
      'run',
      'runs',
      'status',
      'schedule',
      'run',
      'run',
      'approve',
      'result',
      'run',
      'cancel',
    ]);
  });

  it('runs every command as printed', async () => {
    let tourId: string | undefined;
    for (const { line: printed, comment } of commands) {
      const line = printed.replace('<tour id>', tourId ?? '<tour id>');
      const [, , command, target] = line.split(' ');
      if (command === 'dev') {
        const dev = await shell(line, true);
        stopDev = dev.stop;
        await dev.ready;
        continue;
      }
      if (command === 'approve') {
        // the child run waits at its approval step once the steps before it are done
        await pollUntil(
          async () => {
            const status = await runTourflow(['status', target!, '--json'], { env, cwd: ROOT });
            const steps =
              status.code === 0 ? (JSON.parse(status.out) as { steps: { id: string; state: string }[] }).steps : [];
            return steps.some((step) => step.id === 'confirm' && step.state === 'waiting') || undefined;
          },
          `${target} to wait for approval`,
          120_000,
          500,
        );
      }
      const result = await shell(line);
      expect(result.err, line).not.toMatch(/this is a bug|\n\s+at /);
      expect(result.code, `${line}\n${result.out}\n${result.err}`).toBe(expectedExit(comment));
      tourId ??= /tourId: "([0-9a-f-]{36})"/.exec(result.out)?.[1];
    }
    expect(tourId).toBeDefined();
  }, 400_000);
});
