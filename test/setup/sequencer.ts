/**
 * The order in which `vitest run` hands test files to its workers: the files named in `first`,
 * in that order, then every other file in vitest's own order (the longest of the last run first,
 * or on a clean clone, which has no record of one, the largest first). The named files are the
 * longest, most of it waiting for the clock (a time event's moment, a worker killed on purpose,
 * retries' backoff): started first, they wait while the shorter files keep the other worker busy,
 * instead of starting last and lengthening the run by their whole wait.
 */
import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { BaseSequencer, type TestSequencerConstructor, type TestSpecification, type Vitest } from 'vitest/node';

export function longFirstSequencer(root: string, first: readonly string[]): TestSequencerConstructor {
  const missing = first.filter((file) => !existsSync(resolve(root, file)));
  if (missing.length > 0) throw new Error(`files to run first that do not exist: ${missing.join(', ')}`);
  return class LongFirstSequencer extends BaseSequencer {
    constructor(ctx: Vitest) {
      super(ctx);
    }

    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const sorted = await super.sort(files);
      const rank = (spec: TestSpecification) => {
        const index = first.indexOf(relative(root, spec.moduleId));
        return index < 0 ? first.length : index;
      };
      // Array.prototype.sort is stable: the files not named keep vitest's order
      return sorted.sort((a, b) => rank(a) - rank(b));
    }
  };
}
