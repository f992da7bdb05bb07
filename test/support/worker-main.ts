/** Entry of a worker in its own process, for tests that kill and restart it. */
import { main } from '../../cli/main.ts';

process.exitCode = await main({ argv: ['worker'] });
