/**
 * Keeps secrets and personal data out of error messages and log lines. The client knows its
 * own secrets (API secret, tokens) and masks them exactly; e-mail addresses and long opaque
 * strings that look like tokens are masked by pattern.
 */

/** Masks secrets in a piece of text. */
export type Redactor = (text: string) => string;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// A JWT: three base64url parts, the first a JSON object (`{"` encodes as `eyJ`).
const JWT = /\beyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g;
// Other long opaque credentials: 32+ characters of base64url/hex with no spaces.
const OPAQUE = /\b[A-Za-z0-9_-]{32,}(\.[A-Za-z0-9_-]{8,}){0,2}\b/g;
// Tour and organization IDs are UUIDs: they help the reader and are not secret.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A redactor that masks the given secrets (read lazily, so rotated tokens are covered). */
export function createRedactor(secrets: () => Iterable<string | undefined>): Redactor {
  return (text) => {
    let out = text;
    for (const secret of secrets()) {
      if (secret && secret.length >= 6) out = out.split(secret).join('[redacted]');
    }
    return out
      .replace(EMAIL, '[email]')
      .replace(JWT, '[redacted]')
      .replace(OPAQUE, (match) => (UUID.test(match) ? match : '[redacted]'));
  };
}

/** A redactor without known secrets: patterns only. */
export const redactPatterns: Redactor = createRedactor(() => []);
