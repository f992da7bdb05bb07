/**
 * Redirect URI matching. An exact match always counts. A registered loopback URI
 * (`http://127.0.0.1/...`, `http://localhost/...`, `http://[::1]/...`) also matches the same
 * URI on any port, as RFC 8252 §7.3 asks of servers, so a CLI can listen on a free port.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function parse(uri: string): URL | undefined {
  try {
    return new URL(uri);
  } catch {
    return undefined;
  }
}

/** Whether `presented` matches one registered redirect URI. */
export function redirectUriMatches(registered: string, presented: string): boolean {
  if (registered === presented) return true;
  const want = parse(registered);
  const got = parse(presented);
  if (!want || !got || want.protocol !== 'http:' || !LOOPBACK_HOSTS.has(want.hostname)) return false;
  return (
    got.protocol === want.protocol &&
    got.hostname === want.hostname &&
    got.pathname === want.pathname &&
    got.search === want.search &&
    got.username === '' &&
    got.password === '' &&
    got.hash === ''
  );
}

/** Whether `presented` is on the credential's list. */
export function isRegisteredRedirectUri(registered: readonly string[], presented: string): boolean {
  return registered.some((uri) => redirectUriMatches(uri, presented));
}

/** `redirectUri` with query parameters added. */
export function withQuery(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [name, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}
