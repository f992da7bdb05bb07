/**
 * The storage the signed URLs point at, on the API port under `/storage`: the upload-ticket PUT
 * (the signed `content-type` and `content-length` must match exactly) and signed downloads.
 * Expired or tampered URLs answer 403; a file that is gone answers 404.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { verifyToken } from '../../auth/signed-url.ts';
import type { SandboxContext } from '../../context.ts';
import { nowIso } from '../shared/schemas.ts';

/** Where signed storage URLs point on the API port. */
export const STORAGE_PREFIX = '/storage';
/** Largest upload-ticket body (the URL upload limit, shown: 25 MB). */
const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

/** An S3-like XML error: storage is not the API and does not use its envelope. */
export function storageError(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply
    .code(status)
    .type('application/xml')
    .send(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

/** The characters RFC 5987 lets stand in an encoded value (`attr-char`). */
const ATTR_CHAR = /^[A-Za-z0-9!#$&+.^_`|~-]$/;

/**
 * `Content-Disposition` naming a download as RFC 6266 says: `filename*` carries the stored name
 * whole, UTF-8 and percent-encoded (RFC 5987); `filename` an ASCII stand-in for old clients,
 * control characters left out and quotes, backslashes and other letters as `_`. A stored name
 * may hold anything the upload took (its `fileName` is any string), and a raw one in a header
 * is refused by Node (HTTP 500 before).
 */
export function attachmentHeader(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const fallback = name.replace(/[\u0000-\u001f\u007f]/g, '').replace(/[^\x20-\x7e]|["\\]/g, '_') || 'download';
  // byte by byte: a lone surrogate (which encodeURIComponent throws on) becomes U+FFFD
  const encoded = Array.from(Buffer.from(name, 'utf8'), (byte) =>
    ATTR_CHAR.test(String.fromCharCode(byte))
      ? String.fromCharCode(byte)
      : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Registers the signed storage routes (upload-ticket PUT, download GET). */
export function registerStorageRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  void app.register(async (storage) => {
    storage.removeAllContentTypeParsers();
    storage.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_UPLOAD_BYTES }, (_request, body, done) =>
      done(null, body),
    );

    storage.put(`${STORAGE_PREFIX}/upload/:token`, async (request, reply) => {
      const verified = verifyToken<{ kind: string; key: string }>(
        ctx.store,
        (request.params as { token: string }).token,
      );
      if (!verified.ok || verified.payload.kind !== 'upload')
        return storageError(reply, 403, 'AccessDenied', 'Request has expired or is not signed');
      const ticket = ctx.store.uploadTickets.get(verified.payload.key);
      if (!ticket || Date.parse(ticket.expiresAt) <= Date.now())
        return storageError(reply, 403, 'AccessDenied', 'Request has expired');
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const type = request.headers['content-type'];
      if (
        type !== ticket.contentType ||
        Number(request.headers['content-length']) !== ticket.contentLength ||
        body.length !== ticket.contentLength
      ) {
        return storageError(
          reply,
          403,
          'SignatureDoesNotMatch',
          'The content-type and content-length must be exactly the signed ones',
        );
      }
      ctx.store.objects.put({
        id: ticket.id,
        tourId: ticket.tourId,
        fileName: ticket.fileName,
        contentType: ticket.contentType,
        size: body.length,
        base64: body.toString('base64'),
        createdAt: nowIso(),
      });
      ctx.changed();
      return reply.code(200).send();
    });

    storage.get(`${STORAGE_PREFIX}/download/:token`, async (request, reply) => {
      const verified = verifyToken<{ kind: string; key: string; name: string }>(
        ctx.store,
        (request.params as { token: string }).token,
      );
      if (!verified.ok || verified.payload.kind !== 'download')
        return storageError(reply, 403, 'AccessDenied', 'Request has expired or is not signed');
      const object = ctx.store.objects.get(verified.payload.key);
      if (!object) return storageError(reply, 404, 'NoSuchKey', 'The file does not exist');
      return reply
        .type(object.contentType)
        .header('content-disposition', attachmentHeader(verified.payload.name))
        .send(Buffer.from(object.base64, 'base64'));
    });
  });
}
