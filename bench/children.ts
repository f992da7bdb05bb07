/**
 * What the bench started (sandboxes, workers, the dev server), ended when the bench ends in
 * any way, so that an interrupted bench leaves no worker polling and no server listening.
 */
import type { ChildProcess } from 'node:child_process';

const live = new Set<ChildProcess>();
const cleanups = new Set<() => Promise<void>>();
let hooked = false;

function killAll(): void {
  for (const child of live) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  live.clear();
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  process.once('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll();
      void Promise.allSettled([...cleanups].map((cleanup) => cleanup())).then(() => process.exit(130));
    });
  }
}

/** Keeps `child` on the list until it exits. */
export function track(child: ChildProcess): void {
  hook();
  live.add(child);
  child.once('exit', () => live.delete(child));
}

/** Runs `cleanup` if the bench is interrupted before `release()` is called. */
export function onInterrupt(cleanup: () => Promise<void>): { release(): void } {
  hook();
  cleanups.add(cleanup);
  return { release: () => cleanups.delete(cleanup) };
}
