/**
 * Entry of `npm run bench:retry`: what `tourflow retry` saves. A guest import of 5,000 elements
 * with 10 on a date the tour lacks (`onFailure: continue` keeps the rest), the 10 fixed and
 * retried, beside a full re-run of the fixed list on a tour of its own; the sandbox counts every
 * run's calls, and the retried tour's guest list is checked for entries twice or missing.
 * Exits 1 when the goal is missed, 2 on a bad flag.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { listGuestlist } from '../api/contract/guestlist.ts';
import { planOf, startGoalStack, startGoalTemporal, writeGoalResults, type GoalStack } from './goal-stack.ts';
import {
  compareGuestLists,
  guestList,
  parseRetryOptions,
  RETRY_USAGE,
  retryFigures,
  retryReport,
  runCost,
  tourDates,
  type BenchGuest,
  type RunCost,
} from './retry-figures.ts';

const PLAYBOOK = path.resolve(import.meta.dirname, 'retry-guests.yaml');
const CREATE_TOUR = path.resolve(import.meta.dirname, '../definitions/playbooks/create-tour.yaml');

type Options = ReturnType<typeof parseRetryOptions>;
const log = (line: string) => process.stdout.write(`${line}\n`);

/** A tour of `dates` made by the script's walk of create-tour; its ID and day IDs. */
async function newTour(stack: GoalStack, dates: string[]): Promise<{ tourId: string; dayIds: number[] }> {
  const outputs = await stack.walk(await planOf(CREATE_TOUR), {
    name: `Retry ${randomUUID().slice(0, 8)}`,
    timeZone: 'UTC',
    days: dates.map((date) => ({ date, city: 'Leeds', dayType: 'Show' })),
  });
  return { tourId: String(outputs.tourId), dayIds: (outputs.days as { id: number }[]).map((day) => day.id) };
}

/** `tourflow ARGV` timed, its calls counted by the sandbox; its JSON result. */
async function timed(stack: GoalStack, argv: string[]): Promise<{ cost: RunCost; result: Record<string, unknown> }> {
  await stack.sandbox.counts(true);
  const started = Date.now();
  const done = await stack.tourflow([...argv, '--json']);
  const wallMs = Date.now() - started;
  if (done.code !== 0)
    throw new Error(`tourflow ${argv[0]} exited ${done.code}: ${done.lines.join('\n').slice(-2000)}`);
  return { cost: runCost(wallMs, (await stack.sandbox.counts()).requests), result: JSON.parse(done.out) };
}

async function guestsOf(stack: GoalStack, tour: { tourId: string; dayIds: number[] }): Promise<BenchGuest[]> {
  const out: BenchGuest[] = [];
  for (const [n, dayId] of tour.dayIds.entries())
    for await (const row of stack.api.paginate(listGuestlist, { params: { tourId: tour.tourId, dayId } })) {
      const entry = row as { firstName: string; lastName: string; numberOfGuests: number };
      out.push({ date: tourDates(tour.dayIds.length)[n]!, ...entry, guests: entry.numberOfGuests });
    }
  return out.map(({ date, firstName, lastName, guests }) => ({ date, firstName, lastName, guests }));
}

async function measureRetry(stack: GoalStack, options: Options) {
  const dates = tourDates(options.days);
  const broken = guestList(options.elements, dates, options.failed);
  const fixed = guestList(options.elements, dates, options.failed, dates[0]);
  const brokenFile = path.join(stack.outputDir, 'guests.json');
  const fixedFile = path.join(stack.outputDir, 'fixed.json');
  await writeFile(brokenFile, JSON.stringify({ guests: broken }));
  await writeFile(fixedFile, JSON.stringify({ guests: fixed }));
  const tour = await newTour(stack, dates);
  const runArgs = (tourId: string, file: string, key: string) => [
    'run',
    PLAYBOOK,
    '--input',
    `tourId=${tourId}`,
    '--inputs',
    file,
    '--run-key',
    key,
  ];
  log(`[retry] first run: ${options.elements} guests, ${options.failed} on a date the tour lacks`);
  const first = await timed(stack, runArgs(tour.tourId, brokenFile, `bench-${randomUUID()}`));
  log(`[retry] tourflow retry ${String(first.result.workflowId)} with the ${options.failed} fixed`);
  const retry = await timed(stack, ['retry', String(first.result.workflowId), '--inputs', fixedFile]);
  const { duplicates, missing } = compareGuestLists(fixed, await guestsOf(stack, tour));
  log('[retry] full re-run of the fixed list on a tour of its own');
  const other = await newTour(stack, dates);
  const full = await timed(stack, runArgs(other.tourId, fixedFile, `bench-${randomUUID()}`));
  return retryFigures({
    elements: options.elements,
    failed: options.failed,
    first: { ...first.cost, warnings: (first.result.warnings as unknown[]).length },
    retry: { ...retry.cost, done: (retry.result.done as unknown[]).length },
    full: full.cost,
    duplicates,
    missing,
  });
}

async function main(argv: string[]): Promise<number> {
  const options = parseRetryOptions(argv);
  if (options.help) {
    log(RETRY_USAGE);
    return 0;
  }
  const startedAt = new Date().toISOString();
  const temporal = await startGoalTemporal(options.latencyMs, options.workerFrom, log);
  let figures;
  try {
    const stack = await startGoalStack(temporal.env, 'retry');
    try {
      figures = await measureRetry(stack, options);
    } finally {
      await stack.close();
    }
  } finally {
    await temporal.close();
  }
  log(`\n${retryReport(figures)}`);
  log(`\nResults: ${await writeGoalResults(options.outDir, 'retry', { startedAt, options, figures })}`);
  return figures.met ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename)
  process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`bench:retry: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  });
