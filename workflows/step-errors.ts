/**
 * The two ways a step ends early inside the step graph, apart from the interpreter so that the
 * steps it runs (`control-steps.ts`) throw them without importing it.
 */

/** Thrown inside the step graph when the run stops early (failure elsewhere, cancel, continue-as-new). */
export class Stopped extends Error {}

/** A step's failure: its ID, the failure type and the message the run reports. */
export class StepFailed extends Error {
  constructor(
    readonly stepId: string,
    readonly type: string,
    message: string,
    override readonly cause: unknown,
  ) {
    super(message);
  }
}
