import type { Command } from 'commander';
import type { CliContext } from '../context.ts';
import { collectInput } from '../options.ts';

/** Registers `tourflow plan FILE --input k=v`: what a run would do, without calling the API. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('plan')
    .description('Show what a playbook would do: steps in order with their parallel groups, API calls and undo. Calls nothing.')
    .argument('<file>', 'playbook file')
    .option('--input <key=value>', 'an input of the run (repeatable)', collectInput, {})
    .option('--inputs <file>', 'YAML or JSON file of inputs, or a CSV file or Excel workbook of rows, as `run` takes it')
    .option('--sheet <name>', 'the sheet of an --inputs Excel workbook (default: its first)')
    .option('--json', 'print the compiled plan as JSON')
    .action(async (file: string, options: { input: Record<string, string>; inputs?: string; sheet?: string; json?: boolean }) => {
      const [{ loadPlan }, { describePlan }] = await Promise.all([import('../playbook-input.ts'), import('../plan-text.ts')]);
      const { plan, inputs } = await loadPlan(ctx, file, options.input, options.inputs, { sheet: options.sheet });
      ctx.out(options.json ? JSON.stringify(plan, null, 2) : describePlan(plan, inputs).join('\n'));
    });
}
