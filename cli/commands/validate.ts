import type { Command } from 'commander';
import { ExitCode, type CliContext } from '../context.ts';
import { plural } from '../../definitions/plural.ts';

/** Registers `tourflow validate FILE…`: compiles each playbook, prints `ok FILE` or its errors. */
export function register(program: Command, ctx: CliContext): void {
  program
    .command('validate')
    .description('Check playbooks without running them: format, actions, arguments, expressions, guards.')
    .argument('<files...>', 'playbook files')
    .action(async (files: string[]) => {
      const { compilePlaybookFile, formatErrors } = await import('../../definitions/index.ts');
      let failed = false;
      for (const file of files) {
        const { errors, sources } = await compilePlaybookFile(file, { cwd: ctx.cwd });
        if (errors.length === 0) {
          ctx.out(`ok ${file}`);
          continue;
        }
        failed = true;
        ctx.err(formatErrors(errors, sources));
        ctx.err(`${file}: ${plural(errors.length, 'error')}`);
      }
      if (failed) ctx.setExitCode(ExitCode.usage);
    });
}
