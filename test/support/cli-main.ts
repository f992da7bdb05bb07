/** Entry of the `tourflow` CLI from the sources, for tests that run it in its own process: output and exit code. */
import { main } from '../../cli/main.ts';

process.exitCode = await main({ argv: process.argv.slice(2) });
