/** `tourflow` from the sources in its own process, for tests of what a user sees: output and exit code. */
import { main } from '../../cli/main.ts';

process.exitCode = await main({ argv: process.argv.slice(2) });
