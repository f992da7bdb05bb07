/**
 * Counts unique markers (a guest's name, a crew member's e-mail) in a history as a tool prints
 * it: in the text itself, in every base64 string decoded, and in what that decodes to when it
 * is gzip-compressed, so a marker is found wherever a reader without the key could find it.
 */
import { gunzipSync } from 'node:zlib';

const BASE64 = /^(?:[A-Za-z0-9+/]{4})+(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** What a string says to a reader: itself, its base64 bytes as text, those bytes gunzipped. */
function readings(text: string): string[] {
  if (text.length < 8 || !BASE64.test(text)) return [text];
  const bytes = Buffer.from(text, 'base64');
  const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
  return [text, bytes.toString('utf8'), ...(gzipped ? [gunzipSync(bytes).toString('utf8')] : [])];
}

function strings(value: unknown, out: string[]): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      strings(item, out);
    }
  }
  return out;
}

/** How often each marker occurs in a JSON document (keys and values). */
export function countMarkers(json: string, markers: readonly string[]): Record<string, number> {
  const texts = strings(JSON.parse(json), [])
    .flatMap(readings)
    .map((text) => text.toLowerCase());
  return Object.fromEntries(
    markers.map((marker) => [
      marker,
      texts.reduce((sum, text) => sum + text.split(marker.toLowerCase()).length - 1, 0),
    ]),
  );
}
