/** Entry of `tourflow <argv>` run from the sources in a process of its own. */
import { main } from '../../cli/main.ts';

process.exitCode = await main({ argv: process.argv.slice(2) });
