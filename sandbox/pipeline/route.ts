/**
 * Declares one API endpoint on the fastify app. The route carries its `EndpointSpec` (the
 * pipeline's hooks authenticate and check scopes from it); the handler returns an `Outcome`
 * that becomes the success envelope `{ status, message, data }` (plus `pagination` on paged
 * reads). Writes with `X-Idempotency-Key` run at most once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { Endpoints, type EndpointName } from '../../api/contract/assumptions.ts';
import { contractEndpoints, type ContractEndpoints } from '../../api/contract/table.ts';
import type { SandboxContext } from '../context.ts';
import type { Store } from '../store/store.ts';
import type { Caller } from './authenticate.ts';
import { readIdempotencyKey, type StoredAnswer } from './idempotency.ts';
import type { Pagination } from './pagination.ts';
import { ApiProblem, ErrorCode } from '../errors.ts';
import { parseWith } from './validate.ts';

type BodySchema<N extends EndpointName> = ContractEndpoints[N]['body'];
/** The request body of endpoint `N` as its contract schema parses it. */
export type BodyInput<N extends EndpointName> = BodySchema<N> extends z.ZodType ? z.output<BodySchema<N>> : never;

/** Everything a handler gets. Path parameters are already validated and parsed. */
export interface Call<N extends EndpointName = EndpointName> {
  ctx: SandboxContext;
  store: Store;
  caller: Caller;
  params: Record<string, string | number>;
  /** Query parameters; a repeated name keeps its first value. */
  query: Record<string, string | undefined>;
  /** The raw body; read it through `input()`. */
  body: unknown;
  /**
   * The body checked against the endpoint's schema in the contract (`api/contract/`), lookup
   * IDs against the sandbox's tables; a failure is 400 VALIDATION_ERROR naming the fields. A
   * handler calls it after the checks the API makes first (the tour exists, the caller may write).
   * A request without a body is read as `{}`, so the message names the missing fields.
   */
  input(): BodyInput<N>;
  request: FastifyRequest;
}

/** What a handler answers with. */
export interface Outcome {
  /** Absent for the contract's "data: none" (the envelope then has no `data` key). */
  data?: unknown;
  /** @default 'Success' */
  message?: string;
  /** The operation's real outcome. @default true */
  status?: boolean;
  pagination?: Pagination | null;
  /** @default 200 (201 is never used: the contract shows 2xx with an envelope) */
  statusCode?: number;
}

export type Handler<N extends EndpointName = EndpointName> = (call: Call<N>) => Outcome | Promise<Outcome>;

declare module 'fastify' {
  interface FastifyContextConfig {
    endpoint?: (typeof Endpoints)[EndpointName];
  }
  interface FastifyRequest {
    caller: Caller | null;
    pathParams: Record<string, string | number> | null;
    dropConnection: boolean;
  }
}

function flattenQuery(query: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries((query ?? {}) as Record<string, unknown>)) {
    out[name] = Array.isArray(value) ? String(value[0]) : String(value);
  }
  return out;
}

/**
 * The envelope, serialised once (the idempotency cache replays these exact bytes). An outcome
 * without `data` is the contract's "data: none": only `status` and `message` come back.
 */
function toAnswer(outcome: Outcome): StoredAnswer {
  const envelope: Record<string, unknown> = { status: outcome.status ?? true, message: outcome.message ?? 'Success' };
  if (outcome.data !== undefined) envelope.data = outcome.data;
  if (outcome.pagination) envelope.pagination = outcome.pagination;
  return { statusCode: outcome.statusCode ?? 200, body: JSON.stringify(envelope) };
}

/** Registers the handler of one named endpoint. */
export function defineRoute<N extends EndpointName>(
  app: FastifyInstance,
  ctx: SandboxContext,
  name: N,
  handler: Handler<N>,
): void {
  const endpoint = Endpoints[name];
  const schema = contractEndpoints[name].body as z.ZodType | undefined;
  const data = contractEndpoints[name].data as z.ZodType;
  const checked = (outcome: Outcome): Outcome => {
    if (!ctx.options.checkResponses || outcome.data === undefined) return outcome;
    const result = data.safeParse(outcome.data);
    if (result.success) return outcome;
    const issue = result.error.issues[0];
    throw new ApiProblem(
      500,
      ErrorCode.internal,
      `The ${name} response does not fit the contract: data.${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`,
    );
  };
  const isWrite = endpoint.method !== 'GET';
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    config: { endpoint },
    handler: async (request, reply) => {
      const caller = request.caller as Caller;
      const call: Call<N> = {
        ctx,
        store: ctx.store,
        caller,
        params: request.pathParams ?? {},
        query: flattenQuery(request.query),
        body: request.body,
        input: () => {
          if (!schema) throw new Error(`${endpoint.method} ${endpoint.path} takes no body`);
          return parseWith(schema, request.body ?? {}) as BodyInput<N>;
        },
        request,
      };
      const execute = async (): Promise<StoredAnswer> => {
        const answer = toAnswer(checked(await handler(call)));
        if (isWrite) ctx.changed();
        return answer;
      };
      const key = isWrite ? readIdempotencyKey(request.headers) : undefined;
      let answer: StoredAnswer;
      if (key === undefined) {
        answer = await execute();
      } else {
        const slot = ctx.idempotency.slot(caller.apiKey, caller.userId, key);
        const result = await ctx.idempotency.run(slot, execute);
        answer = result.answer as StoredAnswer;
        if (result.replayed) void reply.header('idempotent-replayed', 'true');
      }
      return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer.body);
    },
  });
}
