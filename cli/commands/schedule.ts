import type { Command } from 'commander';
import type { CliContext } from '../context.ts';

/** Registers `tourflow schedule`. */
export function register(_program: Command, _ctx: CliContext): void {}
