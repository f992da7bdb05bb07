/**
 * Every failure type a run reports and a playbook may name in a step's
 * `retry.nonRetryableErrorTypes`: one catalogue, one naming scheme (SCREAMING_SNAKE), each with
 * its meaning. Code raises a type only through `FailureType`; docs/playbooks.md lists the
 * catalogue (`failureTypeReference`), and test/ops/failure-types.test.ts finds no failure type
 * written anywhere else.
 *
 * Beyond these, a failure's type is the API's own `error` code as it comes (the contract's
 * `"400"`, `Forbidden`, `Unauthorized`), `HTTP_<status>` for an answer without one, or, for a
 * bug of tourflow, a JavaScript error's name (`Error`, `TypeError`).
 *
 * Workflow code: the interpreter raises the plan's and the run's types.
 */

/** Who raises a failure type. */
export const FailureSource = {
  /** The Tour API (the `error` of its answer); the contract's errors table. */
  api: 'the API',
  /** tourflow's API client, before or after the call. */
  client: 'the API client',
  /** An action, beyond the API's own answer. */
  action: 'an action',
  /** The interpreter, evaluating the plan or running a step in the workflow. */
  plan: 'the plan',
  /** A run, as the failure it ends with (the CLI turns it into an exit code). */
  run: 'the run',
} as const;
export type FailureSource = (typeof FailureSource)[keyof typeof FailureSource];

const { api, client, action, plan, run } = FailureSource;

/** The catalogue: each failure type, who raises it, and what it means. */
export const FAILURE_TYPES = {
  // the API's codes (docs/api-assumptions.md for what a code does not say)
  INVALID_JSON: { source: api, meaning: 'The request body is not valid JSON.' },
  VALIDATION_ERROR: { source: api, meaning: "A field or path ID failed the API's validation (the message names it)." },
  BAD_REQUEST: { source: api, meaning: 'The service behind the API rejected the input.' },
  GRAPHQL_ERROR: {
    source: api,
    meaning: 'The service behind the API rejected the input (400), or it conflicts with existing data (409).',
  },
  SUBSCRIPTION_REQUIRED: {
    source: api,
    meaning: 'The organization has no active subscription for this write (creating a tour).',
  },
  INSUFFICIENT_SCOPE: {
    source: api,
    meaning: 'The partner credential lacks a scope the call needs (the message names it).',
  },
  NOT_FOUND: { source: api, meaning: 'No such endpoint, or a direct-message chat resource.' },
  TOUR_NOT_FOUND: { source: api, meaning: 'The tour was deleted.' },
  METHOD_NOT_ALLOWED: { source: api, meaning: 'The path exists, but not for this method.' },
  PAYLOAD_TOO_LARGE: { source: api, meaning: 'The body is over 512 KB, or an inline upload over 256 KB.' },
  INTERNAL_ERROR: { source: api, meaning: 'An unexpected server error (retried).' },
  EMPTY_RESPONSE: { source: api, meaning: 'The service behind the API returned no data (retried).' },

  // the API client's
  NETWORK_ERROR: {
    source: client,
    meaning: 'The connection was refused or reset, or closed before the answer was complete (retried).',
  },
  TIMEOUT: { source: client, meaning: 'A call, or a whole activity, took longer than its timeout (retried).' },
  RESPONSE_SHAPE_ERROR: {
    source: client,
    meaning: 'The answer did not have the shape the contract gives the endpoint.',
  },
  INVALID_REQUEST: {
    source: client,
    meaning: 'The request was refused before it was sent: bad parameters, body or idempotency key.',
  },
  NOT_PERFORMED: {
    source: client,
    meaning: 'The API answered success with `status: false`: the operation did not happen.',
  },
  REAUTH_REQUIRED: { source: client, meaning: 'No usable sign-in: run `tourflow login`.' },
  MISSING_CREDENTIALS: { source: client, meaning: 'The API key or secret is missing from the configuration.' },
  INSECURE_TOKEN_FILE: { source: client, meaning: 'The token file is readable by other users, or unreadable.' },
  SIGN_IN_FAILED: { source: client, meaning: '`tourflow login` did not complete (the message says why).' },
  STATE_MISMATCH: {
    source: client,
    meaning: 'The sign-in came back with another state value (a possible forged redirect).',
  },

  // the actions'
  INVALID_ARGUMENTS: { source: action, meaning: "A step's arguments, once evaluated, are not what its action takes." },
  UNKNOWN_NAME: {
    source: action,
    meaning: 'A name (a tour, a tag, a person, a lookup value) matches no record; the message lists the nearest.',
  },
  AMBIGUOUS_NAME: {
    source: action,
    meaning: 'A name matches several records; the message lists what tells them apart.',
  },
  UNKNOWN_RECORD: { source: action, meaning: 'A day, entry or record the arguments name is not on the tour.' },
  UNKNOWN_DAY: { source: action, meaning: 'The tour has no such day.' },
  AMBIGUOUS_DAY: {
    source: action,
    meaning:
      'Several days of the tour match: a date they share, or a date and a name; the message lists them with their types and IDs.',
  },
  UNKNOWN_ITEM: { source: action, meaning: 'The schedule item is not on that day, or you cannot see it.' },
  UNKNOWN_ATTACHMENT: { source: action, meaning: 'The schedule item has no such attachment.' },
  EMPTY_SELECTION: {
    source: action,
    meaning: 'There is nothing to act on (a day with no schedule items to save as a template).',
  },
  OVER_DAY_CAP: { source: action, meaning: 'Approving would take a day beyond its guest cap.' },
  PASS_TYPE_HELD: { source: action, meaning: 'Guest list entries hold the pass type, so it was not deleted.' },
  UPLOAD_REFUSED: { source: action, meaning: 'The file storage refused an upload, also with a fresh upload ticket.' },
  FILE_EXISTS: {
    source: action,
    meaning: 'A file with other content is already where a download would be saved; tourflow never replaces one.',
  },
  FILE_NOT_A_TOURFLOW_SHEET: {
    source: action,
    meaning: 'A file is already where a day sheet would be saved, and tourflow did not write it.',
  },
  CANNOT_UNDO: { source: action, meaning: 'An undo the API cannot do; the record is left for manual repair.' },

  // the plan's, raised by the interpreter
  EXPRESSION_FAILED: {
    source: plan,
    meaning: 'An expression failed at run time (the message names the step, field and expression).',
  },
  FOREACH_NOT_A_LIST: { source: plan, meaning: 'A `forEach` list is not a list.' },
  FOREACH_DUPLICATE_KEY: { source: plan, meaning: 'Two `forEach` elements would share an idempotency key.' },
  INVALID_PLAN: { source: plan, meaning: 'A composite step has no embedded playbook.' },
  UNKNOWN_ACTION: {
    source: plan,
    meaning: "No activity or control step implements the step's action (a worker older than the plan).",
  },
  APPROVAL_TIMEOUT: { source: plan, meaning: 'Nobody approved an `approval` step within its timeout.' },
  APPROVAL_DECLINED: { source: plan, meaning: 'An `approval` step was declined.' },

  // the run's
  PLAYBOOK_FAILED: { source: run, meaning: 'The run failed and kept what it did (`rollback: false`).' },
  PLAYBOOK_ROLLED_BACK: { source: run, meaning: 'The run failed and undid everything it did.' },
  PLAYBOOK_NEEDS_MANUAL_REPAIR: {
    source: run,
    meaning: 'The run failed and some undo failed: the report lists the records left behind.',
  },
} as const satisfies Record<string, { source: FailureSource; meaning: string }>;

/** A failure type of the catalogue. */
export type FailureType = keyof typeof FAILURE_TYPES;

/** Each failure type by its own name: `FailureType.UNKNOWN_NAME === 'UNKNOWN_NAME'`. */
export const FailureType = Object.freeze(
  Object.fromEntries(Object.keys(FAILURE_TYPES).map((type) => [type, type])),
) as {
  readonly [T in FailureType]: T;
};

/** True when `type` is a failure type of the catalogue. */
export function isFailureType(type: unknown): type is FailureType {
  return typeof type === 'string' && Object.hasOwn(FAILURE_TYPES, type);
}
