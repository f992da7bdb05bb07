/** The consent page of `/authorize`: what the app asks for, approve and decline. */

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string,
  );

/** Path the consent form posts to. */
export const CONSENT_PATH = '/authorize/consent';

export interface ConsentPageInput {
  requestId: string;
  appLabel: string;
  userEmail: string;
  scopes: readonly string[];
}

/** The HTML consent page; the form posts `request_id` and `decision` (approve | decline). */
export function consentPage(input: ConsentPageInput): string {
  const scopes = input.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Authorize ${escapeHtml(input.appLabel)}</title></head>
<body>
<h1>Authorize ${escapeHtml(input.appLabel)}</h1>
<p>Signed in as ${escapeHtml(input.userEmail)}. The application asks for:</p>
<ul>${scopes}</ul>
<form method="post" action="${CONSENT_PATH}">
<input type="hidden" name="request_id" value="${escapeHtml(input.requestId)}">
<button type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="decline">Decline</button>
</form>
</body>
</html>`;
}

/** A page for an authorize request that cannot be redirected (bad client or redirect URI). */
export function errorPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Authorization error</title></head>
<body><h1>Authorization error</h1><p>${escapeHtml(message)}</p></body></html>`;
}
