/** Entry of the `tourflow` CLI from the sources, for tests that run it in its own process. */
import { main } from '../../cli/main.ts';

process.exitCode = await main({ argv: process.argv.slice(2) });
