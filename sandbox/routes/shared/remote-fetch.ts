/**
 * Server-side URL fetches (`POST /v1/attachments`, a stay's `image_url`). The sandbox never
 * reaches the network: it applies the contract's rules to the URL (http/https only; private,
 * loopback, link-local and metadata addresses refused; reserved `.invalid`/`.test` hosts
 * unreachable) and, for an acceptable URL, stores a small placeholder file.
 */
import { isIP } from 'node:net';
import { ApiProblem, ErrorCode } from '../../errors.ts';
import type { Store } from '../../store/store.ts';
import { contentTypeFromName, requireAllowedType, withExtension } from './content-types.ts';
import { nowIso } from './schemas.ts';

const PRIVATE_V4 = [
  /^10\./,
  /^127\./,
  /^169\.254\./,
  /^192\.168\./,
  /^172\.(1[6-9]|2\d|3[01])\./,
  /^0\./,
  /^100\.(6[4-9]|[7-9]\d|1[01]\d|12[0-7])\./,
];
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata', 'instance-data']);
const UNREACHABLE_SUFFIXES = ['.invalid', '.test', '.example', '.localhost', '.local', '.internal'];

const refuse = (message: string): ApiProblem => new ApiProblem(400, ErrorCode.fetchFailed, message);

function isPrivateHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || METADATA_HOSTS.has(bare)) return true;
  if (isIP(bare) === 4) return PRIVATE_V4.some((pattern) => pattern.test(bare));
  if (isIP(bare) === 6)
    return (
      bare === '::1' || bare === '::' || /^f[cd]/.test(bare) || /^fe[89ab]/.test(bare) || bare.startsWith('::ffff:')
    );
  return false;
}

/** Checks a URL as the service would before fetching it; returns the parsed URL. */
export function checkFetchableUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refuse('url must be an absolute http or https URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse('url must use http or https');
  if (isPrivateHost(url.hostname)) throw refuse('url resolves to a private, loopback, link-local or metadata address');
  if (UNREACHABLE_SUFFIXES.some((suffix) => url.hostname.endsWith(suffix))) throw refuse('fetch failed');
  return url;
}

/** "Fetches" a public URL into storage; returns the new storage key, file name, size and type. */
export function fetchIntoStorage(
  store: Store,
  tourId: string | null,
  raw: string,
  fileName?: string,
): { key: string; fileName: string; size: number; contentType: string } {
  const url = checkFetchableUrl(raw);
  const lastSegment = decodeURIComponent(url.pathname.split('/').pop() ?? '') || 'download';
  // no extension to go by: treat it as a photo, the usual case for image URLs
  const contentType = requireAllowedType(contentTypeFromName(lastSegment) ?? 'image/jpeg');
  const name = withExtension(fileName ?? lastSegment, contentType);
  const bytes = Buffer.from(`placeholder for ${url.href}\n`);
  const key = `${tourId ? `tours/${tourId}/files` : 'uploads'}/${store.uuid()}/${name}`;
  store.objects.put({
    id: key,
    tourId: tourId ?? '',
    fileName: name,
    contentType,
    size: bytes.length,
    base64: bytes.toString('base64'),
    createdAt: nowIso(),
  });
  return { key, fileName: name, size: bytes.length, contentType };
}
