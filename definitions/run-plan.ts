/**
 * The plan as a run carries it. A compiled plan names the files it came from as they were
 * given to the compiler (`/home/<user>/tours/2027/tour-setup.yaml`): a run's input is stored
 * in Temporal, so it keeps the file names only, which say as much to a reader of the run.
 */
import type { Plan, SourceLocation } from './plan-types.ts';

/** The last part of a path, `/` or `\` separated. */
function fileName(file: string): string {
  return file.split(/[\\/]/).pop() ?? file;
}

/** `value` with its `source` (if any) naming the file alone. */
function withFileName<T extends { source?: SourceLocation }>(value: T): T {
  return value.source ? { ...value, source: { ...value.source, file: fileName(value.source.file) } } : value;
}

/** The plan with every file path (its own, its inputs' and steps' sources, included plans') cut to the file's name. */
export function planForRun(plan: Plan): Plan {
  return {
    ...plan,
    ...(plan.file !== undefined ? { file: fileName(plan.file) } : {}),
    inputs: Object.fromEntries(Object.entries(plan.inputs).map(([name, input]) => [name, withFileName(input)])),
    steps: plan.steps.map((step) => withFileName(step.plan ? { ...step, plan: planForRun(step.plan) } : step)),
  };
}
