/** Entry of the `tourflow` CLI from its sources, for tests that run it as a process of its own. */
import { main } from '../../cli/main.ts';

process.exitCode = await main({ argv: process.argv.slice(2) });
