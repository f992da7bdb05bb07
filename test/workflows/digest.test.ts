/**
 * Every digest workflow code makes (idempotency keys, content digests, trigger fingerprints) is
 * the SHA-256 of the text's UTF-8 bytes: the keys of runs recorded before stay the keys of runs
 * made now, and the API sees the same key for the same element whichever hash library made it.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { digest } from '../../workflows/keys.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('SHA-256 digests in workflow code', () => {
  it('equal node:crypto for ASCII, Latin-1, CJK, emoji and lone surrogates, across block boundaries', () => {
    const texts = [
      '',
      'a',
      '{"date":"2027-03-26","firstName":"Ada","lastName":"Lindholm"}',
      'Zoë Ødegård',
      '東京ドーム',
    ];
    texts.push('🎸 Mötley Crüe 🤘', 'x'.repeat(55), 'x'.repeat(56), 'x'.repeat(63), 'é'.repeat(64), 'ü'.repeat(1000));
    // a lone surrogate is not valid UTF-16: it is encoded as U+FFFD, as TextEncoder and node do
    texts.push('before \ud800 after');
    for (const text of texts) expect(digest(text, 64), JSON.stringify(text)).toBe(sha256(text));
  });

  it('gives the first hex digits asked for', () => {
    expect(digest('tour-setup', 16)).toBe(sha256('tour-setup').slice(0, 16));
  });
});
