/**
 * Entry of `npm run bench:triggers`: the goals of triggers measured against the sandbox and a
 * Temporal dev server of its own, each part on a fresh sandbox and worker. `--help` lists the
 * flags. Exits 1 when a part missed its goal or failed, 2 on a bad flag.
 */
import { startGoalStack, startGoalTemporal, writeGoalResults, type GoalStack } from './goal-stack.ts';
import { measureCalls, measureHistory } from './trigger-load.ts';
import { measureBurst, measureLatency } from './trigger-reactions.ts';
import { burstReport, callsReport, historyReport, latencyReport } from './trigger-figures.ts';
import { TRIGGER_USAGE, TriggerPart, parseTriggerOptions, type TriggerBenchOptions } from './trigger-options.ts';

const log = (line: string) => process.stdout.write(`${line}\n`);

/** Each part: how it is measured and reported, and whether it met its goal. */
function parts(options: TriggerBenchOptions) {
  return {
    [TriggerPart.latency]: {
      title: `write to reaction, polling every ${options.pollMs / 1000} s`,
      run: async (stack: GoalStack) => {
        const figures = await measureLatency(stack, options);
        return { figures, report: latencyReport(figures), met: figures.met };
      },
    },
    [TriggerPart.calls]: {
      title: 'API calls per poll',
      run: async (stack: GoalStack) => {
        const figures = await measureCalls(stack, {
          factor: options.callsSize,
          triggers: options.triggers,
          polls: options.callsPolls,
          pollMs: options.callsPollMs,
        });
        return { figures, report: callsReport(figures), met: figures.every((f) => f.met) };
      },
    },
    [TriggerPart.burst]: {
      title: 'a burst of edits inside the quiet period',
      run: async (stack: GoalStack) => {
        const figures = await measureBurst(stack, { ...options, pollMs: 1000 });
        return { figures, report: burstReport(figures), met: figures.met };
      },
    },
    [TriggerPart.history]: {
      title: 'history through continue-as-new',
      run: async (stack: GoalStack) => {
        const figures = await measureHistory(stack, {
          polls: options.historyPolls,
          pollMs: options.historyPollMs,
          changeEvery: options.changeEvery,
        });
        return { figures, report: historyReport(figures), met: figures.met };
      },
    },
  };
}

async function main(argv: string[]): Promise<number> {
  const options = parseTriggerOptions(argv);
  if (options.help) {
    log(TRIGGER_USAGE);
    return 0;
  }
  const startedAt = new Date().toISOString();
  log(`tourflow triggers bench: ${options.parts.join(', ')}; latency ${options.latencyMs} ms`);
  const temporal = await startGoalTemporal(options.latencyMs, options.workerFrom, log);
  const results: Record<string, unknown> = {};
  let failed = false;
  try {
    for (const part of options.parts) {
      const { title, run } = parts(options)[part];
      log(`\n[${part}] ${title}`);
      const stack = await startGoalStack(temporal.env, `triggers-${part}`);
      try {
        const done = await run(stack);
        results[part] = done.figures;
        log(done.report);
        failed ||= !done.met;
      } catch (error) {
        failed = true;
        results[part] = { error: error instanceof Error ? error.message : String(error) };
        log(`FAILED: ${error instanceof Error ? error.message : String(error)}`);
      } finally {
        await stack.close();
      }
    }
  } finally {
    await temporal.close();
  }
  log(`\nResults: ${await writeGoalResults(options.outDir, 'triggers', { startedAt, options, results })}`);
  return failed ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`bench:triggers: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
