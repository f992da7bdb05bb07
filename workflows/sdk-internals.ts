/**
 * The fence around the Temporal SDK's internals that tourflow relies on: each is taken here
 * (or, for the bundler's configuration, in `compileForNode` in worker/worker.ts) and checked
 * where it is taken, so that an SDK upgrade that moves or reshapes one stops the worker at
 * start with an `SdkInternalsError` naming it, instead of misbehaving quietly. The SDK-upgrade
 * checklist in workflows/ARCHITECTURE.md lists them all.
 *
 * Workflow code: the interpreter reads durations with it, so it imports only SDK packages.
 */
import * as common from '@temporalio/common';
import type { Duration } from '@temporalio/common';

/** An SDK internal that tourflow relies on is gone or changed shape. */
export class SdkInternalsError extends Error {
  override readonly name = 'SdkInternalsError';

  constructor(
    /** What tourflow takes from the SDK. */
    readonly internal: string,
    /** What tourflow uses it for. */
    use: string,
  ) {
    super(
      `the Temporal SDK no longer has ${internal} as tourflow uses it (${use}); an SDK upgrade moved or changed it: ` +
        'follow the SDK-upgrade checklist in workflows/ARCHITECTURE.md',
    );
  }
}

/**
 * `msToNumber` of a module (the SDK's `@temporalio/common`, exported there for its own use),
 * checked on durations whose reading is known.
 */
export function durationParser(module: object): (value: Duration) => number {
  const parse = (module as Record<string, unknown>).msToNumber;
  if (typeof parse === 'function') {
    try {
      if (parse('30s') === 30_000 && parse('5m') === 300_000 && parse(1_500) === 1_500)
        return parse as (value: Duration) => number;
    } catch {
      // reported below
    }
  }
  throw new SdkInternalsError(
    "@temporalio/common's msToNumber",
    'reading durations such as 30s as Temporal reads the activity options it is handed',
  );
}

/** A duration (`30s`, `5m`, a number of milliseconds) in milliseconds, as Temporal reads it. */
export const msToNumber = durationParser(common);

/** What tourflow reads of the SDK's activity context storage. */
export interface ContextStorage<T> {
  getStore(): T | undefined;
}

/**
 * `asyncLocalStorage` of a module (the SDK's `@temporalio/activity`, where activities' context
 * lives), checked to be an `AsyncLocalStorage`.
 */
export function contextStorage<T>(module: object): ContextStorage<T> {
  const storage = (module as Record<string, unknown>).asyncLocalStorage as
    Partial<Record<'getStore' | 'run', unknown>> | undefined;
  if (
    typeof storage === 'object' &&
    storage !== null &&
    typeof storage.getStore === 'function' &&
    typeof storage.run === 'function'
  ) {
    return storage as ContextStorage<T>;
  }
  throw new SdkInternalsError(
    "@temporalio/activity's asyncLocalStorage",
    'finding the activity a call runs in without a thrown error per call (activities/current.ts)',
  );
}
