/** Entry of `npm run bench`; `npm run bench -- --help` lists the options. */
import { runBench } from './bench.ts';
import { USAGE, parseOptions } from './options.ts';

async function main(argv: string[]): Promise<number> {
  const options = parseOptions(argv);
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { results } = await runBench(options);
  return results.failures.length > 0 || results.cpuRatioBreaches.length > 0 ? 1 : 0;
}

process.exitCode = await main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
});
