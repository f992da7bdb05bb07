import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

/** Registers `tourflow status`. */
export function register(_program: Command, _ctx: CliContext): void {}
