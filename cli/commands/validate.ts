import type { Command } from 'commander';
import { ExitCode, type CliContext } from '../context.ts';
import { plural } from '../../definitions/plural.ts';

/** Registers `tourflow validate FILE…`: compiles each playbook, prints `ok FILE` or its errors. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('validate')
    .description('Check playbooks without running them: format, actions, arguments, expressions, guards.')
    .argument('<files...>', 'playbook files')
    .option(
      '--inputs <file>',
      'also check an inputs file against each playbook: YAML or JSON, or a CSV file or Excel workbook of rows ([<input>=]rows.csv)',
    )
    .option('--sheet <name>', 'the sheet of an --inputs Excel workbook (default: its first)')
    .action(async (files: string[], options: { inputs?: string; sheet?: string }) => {
      const [{ compilePlaybookFile, formatErrors }, { inputsFileProblems }] = await Promise.all([
        import('../../definitions/index.ts'),
        import('../playbook-input.ts'),
      ]);
      let failed = false;
      for (const file of files) {
        const { errors, sources, plan } = await compilePlaybookFile(file, { cwd: ctx.cwd });
        const inputs =
          errors.length === 0 && plan && options.inputs
            ? await inputsFileProblems(ctx, plan, options.inputs, { sheet: options.sheet })
            : [];
        if (errors.length === 0 && inputs.length === 0) {
          ctx.out(`ok ${file}${options.inputs ? ` with ${options.inputs}` : ''}`);
          continue;
        }
        if (inputs.length > 0) {
          failed = true;
          ctx.err(inputs.join('\n'));
          ctx.err(`${file}: ${options.inputs} does not fit its inputs`);
          continue;
        }
        failed = true;
        ctx.err(formatErrors(errors, sources));
        ctx.err(`${file}: ${plural(errors.length, 'error')}`);
      }
      if (failed) ctx.setExitCode(ExitCode.usage);
    });
}
