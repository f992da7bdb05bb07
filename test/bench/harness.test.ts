/**
 * `npm run bench` at a tiny size, so the harness cannot rot: the variants (tourflow without
 * and with payload encryption, the two scripts) run the tour-setup playbook against fresh
 * sandboxes, on a dev server of the bench's own (so that its CPU is measured too), the numbers
 * land in the JSON file and the report prints them, with what a watched tour costs per poll.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBench, type BenchResults } from '../../bench/bench.ts';
import { parseOptions } from '../../bench/options.ts';

describe('bench harness', () => {
  it('measures tourflow (unencrypted and encrypted), the hand-written script and the naive script on a tiny tour', async () => {
    const outDir = await mkdtemp(path.join(os.tmpdir(), 'tourflow-bench-test-'));
    const lines: string[] = [];
    try {
      const options = parseOptions([
        '--sizes',
        '0.01',
        '--naive-sizes',
        '0.01',
        '--reps',
        '1',
        '--concurrency',
        '',
        '--latency-ms',
        '2',
        '--worker-from',
        'source',
        '--out',
        outDir,
        '--variants',
        'tourflow,encrypted,direct,naive',
        '--max-cpu-ratio',
        '1000',
        '--watch-seconds',
        '4',
      ]);
      const { file } = await runBench(options, { log: (line) => lines.push(line), throughputSeconds: 0.5 });
      const results = JSON.parse(await readFile(file, 'utf8')) as BenchResults;

      expect(results.failures).toEqual([]);
      const byVariant = Object.fromEntries(results.measurements.map((m) => [m.variant, m]));
      expect(Object.keys(byVariant).sort()).toEqual(['direct', 'encrypted', 'naive', 'tourflow']);
      expect(byVariant.encrypted!.apiCalls).toBe(byVariant.tourflow!.apiCalls);
      expect(byVariant.encrypted!.history?.executions).toBe(byVariant.tourflow!.history?.executions);
      // The scripts make exactly the same calls; tourflow adds only the reads its saga needs.
      expect(byVariant.naive!.apiCalls).toBe(byVariant.direct!.apiCalls);
      expect(byVariant.tourflow!.apiCalls).toBeGreaterThanOrEqual(byVariant.direct!.apiCalls);
      expect(byVariant.direct!.apiCalls).toBeGreaterThan(50);
      expect(byVariant.tourflow!.history?.executions).toBeGreaterThanOrEqual(6);
      expect(byVariant.tourflow!.history?.largest).toBeGreaterThan(10);
      expect(byVariant.tourflow!.workerPeakRssBytes).toBeGreaterThan(20 * 2 ** 20);
      expect(results.sandboxThroughput?.rps).toBeGreaterThan(0);
      // CPU of the worker, of the Temporal server and of the script's own process.
      expect(byVariant.tourflow!.cpu).toEqual(
        expect.objectContaining({ worker: expect.any(Number), temporal: expect.any(Number) }),
      );
      expect(byVariant.direct!.cpu).toEqual(expect.objectContaining({ script: expect.any(Number) }));
      expect(results.cpuRatioBreaches).toEqual([]);
      // A watched tour with nothing changing: one whole-tour read per poll, its CPU per poll.
      expect(results.watch?.polls).toBeGreaterThan(0);
      expect(results.watch?.apiCallsPerPoll).toBeGreaterThanOrEqual(1);
      expect(results.watch?.cpuPerHourAtDefaultPoll).toBeGreaterThanOrEqual(0);

      const report = lines.join('\n');
      expect(report).toMatch(/^tourflow\s+\d+\.\d+\s+\d+/m);
      expect(report).toContain('tourflow / hand-written at S');
      expect(report).toMatch(/^S\/100\s+\d+\.\d+\s+\d+\.\d+\s+\d+\.\d+\s+\d+\.\d+\s+\d+\.\d+ \/ \d+\.\d+ = \d+\.\d+$/m);
      expect(report).toMatch(
        /^Payload encryption at S\/100: encrypted \d+\.\d+ s \/ unencrypted \d+\.\d+ s = \d+\.\d+ \(medians\)$/m,
      );
      expect(report).toMatch(/^at the default poll of a minute: \d+\.\d+ CPU seconds an hour per watched tour\.$/m);
      expect(report).toContain(`Results: ${file}`);
    } finally {
      await rm(outDir, { recursive: true, force: true });
    }
  }, 180_000);
});
