import { describe, expect, it } from 'vitest';
import { MAX_BATCH, MAX_PREPARED_BATCH, batchSize, inBatches, lanesPerActivity } from '../../workflows/for-each.ts';

describe('batchSize', () => {
  it('runs a list no longer than its concurrency one element per activity', () => {
    expect(batchSize(6, 10)).toBe(1);
    expect(batchSize(10, 10)).toBe(1);
    expect(batchSize(1, 1)).toBe(1);
    expect(batchSize(0, 10)).toBe(1);
  });

  it('gives every lane its whole share while that is at most 8 elements', () => {
    expect(batchSize(60, 10)).toBe(6); // 60 venues: 10 activities of 6
    expect(batchSize(20, 10)).toBe(2);
    expect(batchSize(11, 10)).toBe(2);
    expect(batchSize(8, 1)).toBe(8);
  });

  it('gives every lane its longer share in one batch, of at most 200 calls', () => {
    expect(batchSize(300, 4)).toBe(75); // 75 rooms per lane
    expect(batchSize(49, 1)).toBe(49);
    expect(batchSize(5_000, 30)).toBe(167); // 5,000 guests: 30 batches, one per lane
    expect(batchSize(6_000, 30)).toBe(MAX_BATCH);
    expect(batchSize(7_500, 30)).toBe(125); // 250 per lane: two batches each
  });

  it('cuts a share over 200 into the fewest equal batches, so every round keeps all lanes busy', () => {
    expect(batchSize(20_000, 30)).toBe(167); // 667 per lane: 120 batches, 4 rounds of 30
    expect(Math.ceil(20_000 / batchSize(20_000, 30))).toBe(120);
    expect(batchSize(201, 1)).toBe(101);
    expect(batchSize(20_000, 10)).toBe(MAX_BATCH); // 2,000 per lane: 10 batches each
  });

  it("keeps a lane's share in one batch, up to 100, for a step that prepares its undo", () => {
    expect(batchSize(300, 4, undefined, true)).toBe(75);
    expect(batchSize(5_000, 10, undefined, true)).toBe(MAX_PREPARED_BATCH);
    expect(batchSize(6, 10, undefined, true)).toBe(1);
  });

  it("takes the step's own batch, within 1 to 200", () => {
    expect(batchSize(5_000, 10, 1)).toBe(1);
    expect(batchSize(5_000, 10, 200)).toBe(200);
    expect(batchSize(5_000, 10, 1_000)).toBe(MAX_BATCH);
    expect(batchSize(6, 10, 3)).toBe(3);
  });

  it('cuts the elements into consecutive batches, the last one shorter', () => {
    expect(inBatches([0, 1, 2, 3, 4], 2)).toEqual([[0, 1], [2, 3], [4]]);
  });
});

describe('lanesPerActivity', () => {
  it('runs the most lanes per activity that divide the concurrency and leave at least four activities', () => {
    expect(lanesPerActivity(30)).toBe(6); // 5,000 guests: 5 activities, 6 calls each at a time
    expect(lanesPerActivity(50)).toBe(10);
    expect(lanesPerActivity(10)).toBe(2);
    expect(lanesPerActivity(8)).toBe(2);
    expect(lanesPerActivity(12)).toBe(3);
  });

  it('keeps one lane per activity where no such number exists', () => {
    for (const concurrency of [1, 2, 4, 7, 13]) expect(lanesPerActivity(concurrency)).toBe(1);
  });

  it('keeps one lane per activity for a step with its own batch, or one that prepares its undo', () => {
    expect(lanesPerActivity(30, 25)).toBe(1);
    expect(lanesPerActivity(30, undefined, true)).toBe(1);
  });

  it('never puts more calls in flight than the concurrency', () => {
    for (let concurrency = 1; concurrency <= 100; concurrency++) {
      const lanes = lanesPerActivity(concurrency);
      expect(concurrency % lanes).toBe(0);
      expect(concurrency / lanes >= 4 || lanes === 1).toBe(true);
    }
  });
});
