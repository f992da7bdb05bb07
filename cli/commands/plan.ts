import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { addTemporalFlags, collectInput, type TemporalFlags } from '../options.ts';

interface PlanOptions extends TemporalFlags {
  input: Record<string, string>;
  inputs?: string;
  sheet?: string;
  json?: boolean;
  live?: boolean;
  taskQueue?: string;
}

/** Registers `tourflow plan FILE --input k=v [--live]`: what a run would do; with `--live`, on the tour as it is (reads only). */
export function register(program: Command, ctx: CliContext): void {
  addTemporalFlags(
    program
      .command('plan')
      .description(
        'Show what a playbook would do: steps in order with their parallel groups, API calls and undo. Calls nothing; with --live, reads the tour and says what a run would change.',
      )
      .argument('<file>', 'playbook file')
      .option('--input <key=value>', 'an input of the run (repeatable)', collectInput, {})
      .option(
        '--inputs <file>',
        'YAML or JSON file of inputs, or a CSV file or Excel workbook of rows, as `run` takes it',
      )
      .option('--sheet <name>', 'the sheet of an --inputs Excel workbook (default: its first)')
      .option(
        '--live',
        'read the tour through the worker (never writing) and say per step and element what the run would create, change, leave, delete or fail on; exit 0 nothing to change, 10 changes, 1 a call would fail',
      )
      .option('--json', 'print the compiled plan (with --live: the live plan) as JSON')
      .option('--task-queue <name>', 'task queue of the tourflow worker (with --live)'),
  ).action(async (file: string, options: PlanOptions) => {
    const [{ loadPlan }, { describePlan }] = await Promise.all([
      import('../playbook-input.ts'),
      import('../plan-text.ts'),
    ]);
    const { plan, inputs } = await loadPlan(ctx, file, options.input, options.inputs, { sheet: options.sheet });
    if (options.live) {
      const [{ runLivePlan }, { inputSources }] = await Promise.all([import('../live-plan.ts'), import('../retry.ts')]);
      const sources = inputSources(plan, options.inputs);
      await runLivePlan(ctx, options, plan, inputs, {
        ...(options.json ? { json: true } : {}),
        ...(sources ? { sources } : {}),
      });
      return;
    }
    ctx.out(options.json ? JSON.stringify(plan, null, 2) : describePlan(plan, inputs).join('\n'));
  });
}
