/** The bench's CPU time by thread: kinds from thread names, ended threads, and a real process's threads. */
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { CpuMeter, threadSeconds } from '../../bench/proc.ts';
import { spread } from '../../bench/stats.ts';
import type { GroupSummary } from '../../bench/summary.ts';
import { secondsByKind, threadKind, threadTable, type ThreadKind } from '../../bench/threads.ts';

const onLinux = process.platform === 'linux';

describe('thread kinds', () => {
  it('names the main thread by its ID and the others by the names node, V8, libuv and the core give them', () => {
    expect(threadKind('node', true)).toBe('main');
    expect(threadKind('WorkerThread', false)).toBe('workflow');
    expect(threadKind('V8Worker', false)).toBe('v8');
    expect(threadKind('DelayedTaskSche', false)).toBe('v8');
    expect(threadKind('libuv-worker', false)).toBe('libuv');
    expect(threadKind('tokio-runtime-w', false)).toBe('core');
    expect(threadKind('SignalInspector', false)).toBe('other');
  });

  it("counts a thread born during the span from zero and puts what ended threads took in 'ended'", () => {
    const thread = (kind: ThreadKind, seconds: number) => ({ kind, seconds });
    const before = new Map([
      [1, thread('main', 1)],
      [2, thread('v8', 0.5)],
      [3, thread('v8', 0.2)], // ends during the span
    ]);
    const after = new Map([
      [1, thread('main', 2.5)],
      [2, thread('v8', 0.75)],
      [4, thread('workflow', 0.4)], // born during the span
    ]);
    expect(secondsByKind(before, after, 2.5)).toEqual({
      main: 1.5,
      workflow: 0.4,
      v8: 0.25,
      core: 0,
      libuv: 0,
      other: 0,
      ended: 0.35,
    });
  });
});

describe.runIf(onLinux)("a real process's threads", () => {
  it('finds a busy worker thread as the workflow kind, and leaves little to threads that ended', async () => {
    const meter = new CpuMeter({ self: process.pid }, ['self']);
    // The thread spins until told to stop, so that it is alive and busy when the meter reads.
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const worker = new Worker(
      'const [stop] = require("node:worker_threads").workerData; while (Atomics.load(stop, 0) === 0);',
      {
        eval: true,
        workerData: [stop],
      },
    );
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    const busy = () => [...threadSeconds(process.pid).values()].some((t) => t.kind === 'workflow' && t.seconds >= 0.2);
    const deadline = Date.now() + 20_000;
    while (!busy() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    const used = meter.read();
    Atomics.store(stop, 0, 1);
    await exited;
    expect(used['self.workflow']).toBeGreaterThanOrEqual(0.2);
    // nothing ended during the span: what is left is the ticks' rounding
    expect(used['self.ended']).toBeLessThan(0.1);
  });
});

describe('thread table', () => {
  it("shows the worker's and the hand-written script's seconds by kind at a size", () => {
    const group = (variant: 'tourflow' | 'direct', cpu: Record<string, number>): GroupSummary => ({
      variant,
      factor: 1,
      concurrency: null,
      wallMs: spread([1])!,
      apiCalls: spread([1])!,
      callsPerSecond: spread([1])!,
      cpu: Object.fromEntries(Object.entries(cpu).map(([name, seconds]) => [name, spread([seconds])!])),
    });
    const text = threadTable(
      [
        group('tourflow', {
          worker: 3,
          'worker.main': 1.8,
          'worker.workflow': 0.3,
          'worker.v8': 0.8,
          'worker.core': 0.1,
        }),
        group('direct', { script: 2, 'script.main': 1.6, 'script.v8': 0.4, 'script.core': 0 }),
      ],
      1,
    )!;
    const [header, worker, script] = text.split('\n');
    expect(header).toMatch(/main thread +workflow thread +V8 helpers \(GC, compiler\) +Temporal core/);
    expect(worker).toMatch(/^worker at S +1\.80 +0\.30 +0\.80 +0\.10 +- +- +- +3\.00$/);
    expect(script).toMatch(/^hand-written at S +1\.60 +- +0\.40 +- +- +- +- +2\.00$/);
    expect(threadTable([group('tourflow', { worker: 3 })], 1)).toBeUndefined();
  });
});
