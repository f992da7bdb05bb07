import { defaultPayloadConverter } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { payloadConverter } from '../../worker/payload-converter.cjs';

const values: unknown[] = [
  {
    tour: 'Frühjahr 2027',
    days: [{ date: '2027-03-26', city: 'København' }],
    emoji: '🎸',
    lone: '\ud800x',
    n: 1.5,
    none: null,
  },
  'Ada Lindholm',
  0,
  true,
  null,
  [],
  { long: 'ü'.repeat(50_000) },
];

describe('the payload converter', () => {
  it.each(values.map((value) => [JSON.stringify(value).slice(0, 40), value]))(
    'writes the bytes the SDK writes for %s, and reads them back',
    (_, value) => {
      const ours = payloadConverter.toPayload(value);
      const sdk = defaultPayloadConverter.toPayload(value);
      expect(ours).toEqual(sdk);
      expect(payloadConverter.fromPayload(sdk)).toEqual(defaultPayloadConverter.fromPayload(ours));
    },
  );

  it('keeps undefined and bytes as the SDK does', () => {
    expect(payloadConverter.toPayload(undefined)).toEqual(defaultPayloadConverter.toPayload(undefined));
    const bytes = new Uint8Array([1, 2, 3]);
    expect(payloadConverter.toPayload(bytes)).toEqual(defaultPayloadConverter.toPayload(bytes));
    expect(payloadConverter.fromPayload(defaultPayloadConverter.toPayload(bytes))).toEqual(bytes);
  });
});
