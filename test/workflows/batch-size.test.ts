import { describe, expect, it } from 'vitest';
import { MAX_BATCH, batchSize, inBatches } from '../../workflows/for-each.ts';

describe('batchSize', () => {
  it('runs a list no longer than its concurrency one element per activity', () => {
    expect(batchSize(6, 10)).toBe(1);
    expect(batchSize(10, 10)).toBe(1);
    expect(batchSize(1, 1)).toBe(1);
    expect(batchSize(0, 10)).toBe(1);
  });

  it("gives every lane its whole share while that is at most 8 elements", () => {
    expect(batchSize(60, 10)).toBe(6); // 60 venues: 10 activities of 6
    expect(batchSize(20, 10)).toBe(2);
    expect(batchSize(11, 10)).toBe(2);
    expect(batchSize(8, 1)).toBe(8);
  });

  it('cuts longer shares into 2 batches per lane, of at most 100 calls', () => {
    expect(batchSize(300, 4)).toBe(38); // 75 rooms per lane
    expect(batchSize(49, 1)).toBe(25);
    expect(batchSize(5_000, 30)).toBe(84); // 5,000 guests: 60 batches, 2 per lane
    expect(batchSize(20_000, 10)).toBe(MAX_BATCH);
  });

  it('cuts them into 4 per lane for runs started before that', () => {
    expect(batchSize(300, 4, undefined, false, 4)).toBe(19);
    expect(batchSize(5_000, 20, undefined, false, 4)).toBe(63);
  });

  it('keeps a lane\'s share in one batch, up to 100, for a step that prepares its undo', () => {
    expect(batchSize(300, 4, undefined, true)).toBe(75);
    expect(batchSize(5_000, 10, undefined, true)).toBe(MAX_BATCH);
    expect(batchSize(6, 10, undefined, true)).toBe(1);
  });

  it("takes the step's own batch, within 1 to 100", () => {
    expect(batchSize(5_000, 10, 1)).toBe(1);
    expect(batchSize(5_000, 10, 250)).toBe(MAX_BATCH);
    expect(batchSize(6, 10, 3)).toBe(3);
  });

  it('cuts the elements into consecutive batches, the last one shorter', () => {
    expect(inBatches([0, 1, 2, 3, 4], 2)).toEqual([[0, 1], [2, 3], [4]]);
  });
});
