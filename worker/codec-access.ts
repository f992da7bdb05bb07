/**
 * Who may ask the codec server to decode. Decoded payloads are guest lists, so besides the
 * browser origins (worker/codec-server.ts) a request may have to show a bearer token, come for
 * one of the namespaces served, or pass a check of the caller's own: the Web UI forwards the
 * signed-in user's access token as `Authorization: Bearer <token>` when its codec setting "Pass
 * the user access token" is on (Temporal Cloud, or a self-hosted UI with SSO), and names the
 * namespace in `X-Namespace`; `temporal workflow show --codec-auth` sends the header as given.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

/** What a request shows of itself. */
export interface AccessRequest {
  /** The `Authorization` header, as sent. */
  authorization: string | undefined;
  /** The `X-Namespace` header. */
  namespace: string | undefined;
}

export interface CodecAccess {
  /** Bearer tokens accepted (several, to rotate one without a gap). @default none: no token check */
  tokens?: readonly string[];
  /** Namespaces served (`X-Namespace`). @default any */
  namespaces?: readonly string[];
  /**
   * A check of the caller's own, after the token: for instance verifying the forwarded access
   * token of the Web UI (a JWT) against the identity provider's keys, and the user's rights.
   */
  authorize?: (request: AccessRequest) => boolean | Promise<boolean>;
}

/** Why a request is refused: the status and a message that names no secret. */
export interface Refusal {
  status: 401 | 403;
  message: string;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The bearer token of an `Authorization` header, if it holds one. */
function bearerToken(authorization: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '');
  return match?.[1];
}

/** Checks requests against `access`; compares tokens in constant time (as digests of equal length). */
export function accessCheck(access: CodecAccess = {}): (request: AccessRequest) => Promise<Refusal | undefined> {
  const tokens = (access.tokens ?? []).filter(Boolean).map(digest);
  const namespaces = access.namespaces?.length ? new Set(access.namespaces) : undefined;
  return async (request) => {
    if (tokens.length > 0) {
      const given = bearerToken(request.authorization);
      const shown = given === undefined ? undefined : digest(given);
      // Every token is compared, so the time taken does not say which one came close.
      const matched = shown !== undefined && tokens.map((token) => timingSafeEqual(token, shown)).includes(true);
      if (!matched)
        return {
          status: 401,
          message:
            given === undefined
              ? 'a bearer token is required (Authorization: Bearer <token>)'
              : 'the bearer token is not accepted',
        };
    }
    if (namespaces && (request.namespace === undefined || !namespaces.has(request.namespace))) {
      return {
        status: 403,
        message: `namespace ${request.namespace === undefined ? '(none given in X-Namespace)' : `"${request.namespace}"`} is not served here`,
      };
    }
    if (access.authorize && !(await access.authorize(request)))
      return { status: 403, message: 'the request is not authorized' };
    return undefined;
  };
}
