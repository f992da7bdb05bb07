/** Entry of `tourflow worker` from the TypeScript sources, for a bench run without a build. */
import { main } from '../cli/main.ts';

process.exitCode = await main({ argv: ['worker'] });
