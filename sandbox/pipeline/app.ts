/**
 * The API app (`{base_url}`): body parsing, the request pipeline as hooks, error bodies, CORS,
 * 404/405/OPTIONS answers, and fault injection. Resource routes are added by `sandbox/routes/`.
 *
 * Order per request: routing (404/405, OPTIONS 204) → faults (latency, injected status) →
 * partner key/secret → bearer token → scope → path IDs → JSON body → handler (business rules,
 * execution) → CORS header → (fault) drop the connection.
 */
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { API_PREFIX, IDEMPOTENCY_HEADER } from '../../api/contract/assumptions.ts';
import type { SandboxContext } from '../context.ts';
import { ApiProblem, ErrorCode, validationError } from '../errors.ts';
import { authenticate } from './authenticate.ts';
import { parsePathParams } from './params.ts';

/** Request body limit (shown: 512 KB). */
export const MAX_BODY_BYTES = 512 * 1024;
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'] as const;
/** Preflight allow-list; omits `x-api-secret` on purpose (browser clients are unsupported). */
const PREFLIGHT_HEADERS = 'Content-Type, Authorization, x-api-key, X-Idempotency-Key';

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Parses any request body as JSON: invalid → INVALID_JSON; not an object → VALIDATION_ERROR. */
function parseJsonBody(
  _request: FastifyRequest,
  body: string,
  done: (error: Error | null, value?: unknown) => void,
): void {
  if (body.trim() === '') return done(null, undefined);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch (error) {
    return done(new ApiProblem(400, ErrorCode.invalidJson, 'Request body is not valid JSON', { cause: error }));
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return done(validationError('Request body must be a JSON object'));
  }
  done(null, parsed);
}

/** Maps anything thrown to the answer the API gives; internals never leak. */
export function toProblem(error: unknown): ApiProblem {
  if (error instanceof ApiProblem) return error;
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return new ApiProblem(413, ErrorCode.payloadTooLarge, `Request body exceeds ${MAX_BODY_BYTES / 1024} KB`);
  }
  const status = fastifyError.statusCode ?? 500;
  if (status >= 400 && status < 500)
    return new ApiProblem(status, ErrorCode.badRequest, 'The request could not be read');
  return new ApiProblem(500, ErrorCode.internal, 'Internal server error', { cause: error });
}

function sendProblem(reply: FastifyReply, problem: ApiProblem): FastifyReply {
  return reply.code(problem.status).headers(problem.headers).send(problem.body());
}

async function applyFaults(ctx: SandboxContext, request: FastifyRequest): Promise<void> {
  const path = request.url.split('?', 1)[0] ?? '';
  const key = request.headers[IDEMPOTENCY_HEADER];
  const verdict = ctx.faults.evaluate(
    request.method,
    path,
    `${request.method} ${request.url} ${typeof key === 'string' ? key : ''}`,
  );
  const latency = ctx.options.latencyMs + verdict.latencyMs;
  if (latency > 0) await sleep(latency);
  request.dropConnection = verdict.drop;
  if (verdict.status) {
    const { status, retryAfterSeconds } = verdict.status;
    if (status === 429) {
      throw new ApiProblem(429, ErrorCode.tooManyRequests, 'Too many requests', {
        headers: { 'retry-after': String(retryAfterSeconds) },
      });
    }
    // 409 is the API's refusal that a retry cannot fix (conflict with existing data): a
    // definitive failure before anything is written.
    if (status === 409) throw new ApiProblem(409, ErrorCode.conflict, 'Conflict with existing data');
    throw status === 502
      ? new ApiProblem(502, ErrorCode.emptyResponse, 'The underlying service returned no data')
      : new ApiProblem(500, ErrorCode.internal, 'Internal server error');
  }
}

function addPipelineHooks(app: FastifyInstance, ctx: SandboxContext): void {
  app.decorateRequest('caller', null);
  app.decorateRequest('pathParams', null);
  app.decorateRequest('dropConnection', false);
  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || !request.url.startsWith(`${API_PREFIX}/`)) return;
    await applyFaults(ctx, request);
    const endpoint = request.routeOptions.config.endpoint;
    if (!endpoint) return;
    request.caller = await authenticate(ctx, request.headers, endpoint);
    request.pathParams = parsePathParams(request.params as Record<string, string>);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 300 && request.url.startsWith(`${API_PREFIX}/`))
      void reply.header('access-control-allow-origin', '*');
    // "commit, then lose the answer": the write is done and kept; the client sees a reset
    if (request.dropConnection) request.raw.socket.destroy();
    return payload;
  });
  app.setErrorHandler((error, _request, reply) => sendProblem(reply, toProblem(error)));
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      reply,
      new ApiProblem(404, ErrorCode.notFound, `No endpoint for ${request.method} ${request.url.split('?', 1)[0]}`),
    ),
  );
}

/** Builds the API app; call `finishApiApp` after the resource routes are added. */
export function createApiApp(ctx: SandboxContext): { app: FastifyInstance; finish: () => void } {
  const app = Fastify({
    logger: false,
    bodyLimit: MAX_BODY_BYTES,
    exposeHeadRoutes: false,
    forceCloseConnections: true,
    routerOptions: { maxParamLength: 2048 },
  });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, parseJsonBody);
  addPipelineHooks(app, ctx);
  const methodsByPath = new Map<string, Set<string>>();
  app.addHook('onRoute', (route) => {
    if (!route.config?.endpoint) return;
    const methods = methodsByPath.get(route.url) ?? new Set<string>();
    for (const method of [route.method].flat()) methods.add(method);
    methodsByPath.set(route.url, methods);
  });
  const finish = (): void => {
    for (const [url, allowed] of methodsByPath) {
      const allow = [...allowed].join(', ');
      const others = METHODS.filter((method) => !allowed.has(method));
      app.route({
        method: others,
        url,
        handler: (request, reply) =>
          sendProblem(
            reply.header('allow', allow),
            new ApiProblem(405, ErrorCode.methodNotAllowed, `${request.method} is not allowed here; use ${allow}`),
          ),
      });
    }
    app.route({ method: 'OPTIONS', url: '*', handler: (request, reply) => preflight(request, reply) });
  };
  return { app, finish };
}

/**
 * OPTIONS: 204 before authentication. A real browser preflight (one naming request headers) gets
 * no `Access-Control-Allow-*` headers at all, so browsers refuse: the API is server-to-server.
 */
function preflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  void reply.code(204);
  if (request.headers['access-control-request-headers'] === undefined) {
    void reply.headers({
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'access-control-allow-headers': PREFLIGHT_HEADERS,
    });
  }
  return reply.send();
}
