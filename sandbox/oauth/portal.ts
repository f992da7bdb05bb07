/** The OAuth portal app (`{auth_url}`): `/authorize`, its consent form, and the token endpoint. */
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.ts';
import { registerAuthorize } from './authorize.ts';
import { registerTokenEndpoint } from './token-endpoint.ts';

/** Builds the portal app (not listening). */
export function createPortalApp(ctx: SandboxContext): FastifyInstance {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024, forceCloseConnections: true });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500 ? 400 : 500;
    const body =
      status === 400
        ? { error: 'invalid_request', error_description: 'The request must be form-encoded' }
        : { error: 'server_error' };
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: 'not_found' }));
  registerAuthorize(app, ctx);
  registerTokenEndpoint(app, ctx);
  return app;
}
