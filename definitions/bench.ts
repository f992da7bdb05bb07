/**
 * Compile-time benchmark: a generated playbook of many steps (10,000 by default), compiled
 * from text to plan. `npm run bench` calls `benchCompile`.
 *
 * Playbooks that large come from programs, which write JSON (JSON is YAML too); the compiler
 * reads JSON on a fast path. `format: 'yaml'` measures the same playbook written as YAML,
 * where the YAML parser's own time dominates.
 */
import { stringify } from 'yaml';
import { compilePlaybookSource } from './compiler.ts';
import type { JsonObject } from './plan-types.ts';

export interface BenchCompileOptions {
  /** How many steps the generated playbook has. @default 10_000 */
  steps?: number;
  /** How the playbook is written. @default 'json' */
  format?: 'json' | 'yaml';
  /** Compiles before the measured run, so the measurement is of warm code. @default 2 */
  warmup?: number;
}

export interface BenchCompileResult {
  steps: number;
  /** Milliseconds of the measured compile, parse included (wall clock). */
  ms: number;
  /** CPU milliseconds the process spent on it (what the machine's other load does not inflate). */
  cpuMs: number;
  format: 'json' | 'yaml';
  /** Size of the generated playbook in bytes. */
  bytes: number;
  /** Parallel groups of the plan. */
  groups: number;
}

/**
 * A playbook like a large generated one: a tour, then schedule items on its day, each step
 * referencing the tour and an input, every tenth waiting for the one before, one in a hundred
 * a forEach with a condition.
 */
export function generatePlaybook(steps: number): JsonObject {
  const list: JsonObject[] = [
    {
      id: 'tour',
      action: 'tour.create',
      with: {
        name: 'Generated',
        timeZone: 'Europe/Berlin',
        days: [{ date: '2027-03-27', city: 'Berlin', dayType: 'Show' }],
      },
    },
  ];
  for (let i = 1; i < steps; i++) {
    list.push({
      id: `s${i}`,
      action: 'schedule.item.create',
      ...(i % 10 === 0 ? { needs: [`s${i - 1}`] } : {}),
      ...(i % 100 === 0 ? { forEach: '${{ ["a", "b"] }}', if: '${{ inputs.day != "" }}' } : {}),
      with: {
        tourId: '${{ steps.tour.outputs.id }}',
        day: '${{ inputs.day }}',
        name: `Item ${i}`,
        start: `${String(8 + (i % 12)).padStart(2, '0')}:${i % 2 === 0 ? '00' : '30'}`,
      },
    });
  }
  return {
    apiVersion: 'tourflow/v1',
    name: 'generated',
    inputs: { day: { type: 'date', default: '2027-03-27' } },
    steps: list,
  };
}

/** Compiles a generated playbook and reports how long it took. */
export async function benchCompile(options: BenchCompileOptions = {}): Promise<BenchCompileResult> {
  const format = options.format ?? 'json';
  const playbook = generatePlaybook(options.steps ?? 10_000);
  const text = format === 'json' ? JSON.stringify(playbook, null, 1) : stringify(playbook);
  const file = `generated.${format}`;
  for (let i = 0; i < (options.warmup ?? 2); i++) await compilePlaybookSource(text, { file });
  const started = performance.now();
  const cpu = process.cpuUsage();
  const { plan, errors } = await compilePlaybookSource(text, { file });
  const cpuMs = process.cpuUsage(cpu).user / 1000;
  const ms = performance.now() - started;
  if (!plan) throw new Error(`the generated playbook does not compile: ${errors[0]?.message ?? 'unknown error'}`);
  return {
    steps: plan.steps.length,
    ms: Math.round(ms),
    cpuMs: Math.round(cpuMs),
    format,
    bytes: Buffer.byteLength(text),
    groups: plan.groups.length,
  };
}
