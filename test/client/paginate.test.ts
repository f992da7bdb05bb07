/**
 * Paging edge cases, over a scripted server that answers exactly the pages under test, and
 * over the sandbox for a real paged read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Endpoints } from '../../api/contract/assumptions.ts';
import { listFiles } from '../../api/contract/files.ts';
import { listVenues } from '../../api/contract/venues.ts';
import {
  arrayRows,
  createApiClient,
  definePagedEndpoint,
  type ApiClient,
  type ApiResponseShapeError,
} from '../../api/client/index.ts';
import { scriptedConfig, scriptedServer } from './helpers.ts';

type Page = { rows: number[]; pagination?: Record<string, unknown> };

/** A paged endpoint over the scripted server: `/v1/tours/:tourId/venues` answering scripted pages. */
const numbers = definePagedEndpoint(Endpoints.listVenues, {
  query: z.object({ limit: z.number().optional(), offset: z.number().optional() }),
  data: z.array(z.number()),
  page: { rows: arrayRows },
});

describe('paginate', () => {
  let server: Awaited<ReturnType<typeof scriptedServer>>;
  let client: ApiClient;
  /** Pages by offset for the current test; requests seen as `limit@offset`. */
  let pages: Map<number, Page>;
  let seen: string[];

  beforeAll(async () => {
    server = await scriptedServer((app) => {
      app.get('/v1/tours/:tourId/venues', async (request) => {
        const query = request.query as { limit?: string; offset?: string };
        seen.push(`${query.limit}@${query.offset}`);
        const page = pages.get(Number(query.offset ?? 0)) ?? { rows: [] };
        return {
          status: true,
          message: 'ok',
          data: page.rows,
          ...(page.pagination ? { pagination: page.pagination } : {}),
        };
      });
      app.get('/v1/tours/:tourId/files', async (request) => {
        const query = request.query as { offset?: string; limit?: string };
        seen.push(`files@${query.offset}`);
        const offset = Number(query.offset ?? 0);
        const end = offset + Number(query.limit);
        // five files, the second one not visible to the caller: filtered after counting
        const items = ['k0', null, 'k2', 'k3', 'k4']
          .slice(offset, end)
          .flatMap((key, i) => (key ? [{ fileId: offset + i + 1, key }] : []));
        return {
          status: true,
          message: 'ok',
          data: { items, totalCount: 5, returnedCount: items.length, hasMore: end < 5 },
        };
      });
    });
    client = createApiClient({ config: scriptedConfig(server.url) });
  });
  afterAll(async () => {
    await client.close();
    await server.close();
  });

  async function all(pageSize?: number): Promise<number[]> {
    const rows: number[] = [];
    for await (const row of client.paginate(numbers, { params: { tourId: 't' }, pageSize })) rows.push(row);
    return rows;
  }

  const more = (
    totalCount: number,
    returned: number,
    nextOffset: number | null,
    extra: Record<string, unknown> = {},
  ) => ({
    totalCount,
    returnedCount: returned,
    hasMore: nextOffset !== null && nextOffset < totalCount,
    truncated: false,
    nextOffset,
    ...extra,
  });

  it('follows nextOffset and stops on hasMore: false', async () => {
    seen = [];
    pages = new Map([
      [0, { rows: [1, 2], pagination: more(5, 2, 2) }],
      [2, { rows: [3, 4], pagination: more(5, 2, 4) }],
      [4, { rows: [5], pagination: more(5, 1, 5) }],
    ]);
    expect(await all(2)).toEqual([1, 2, 3, 4, 5]);
    expect(seen).toEqual(['2@0', '2@2', '2@4']);
  });

  it('keeps going through an empty page that says hasMore: true', async () => {
    seen = [];
    pages = new Map([
      [0, { rows: [], pagination: more(6, 0, 3) }],
      [3, { rows: [4, 6], pagination: more(6, 2, 6) }],
    ]);
    expect(await all(3)).toEqual([4, 6]);
    expect(seen).toEqual(['3@0', '3@3']);
  });

  it('pages by rows consumed, not rows returned, when rows are filtered after counting', async () => {
    seen = [];
    pages = new Map([
      [0, { rows: [1], pagination: more(4, 1, 2) }],
      [2, { rows: [3, 4], pagination: more(4, 2, 4) }],
    ]);
    expect(await all(2)).toEqual([1, 3, 4]);
    expect(seen).toEqual(['2@0', '2@2']);
  });

  it('after a truncated page, continues at nextOffset with the same limit', async () => {
    seen = [];
    pages = new Map([
      [0, { rows: [1, 2], pagination: more(6, 2, 2, { truncated: true }) }],
      [2, { rows: [3], pagination: more(6, 1, 3, { truncated: true }) }],
      [3, { rows: [4, 5, 6], pagination: more(6, 3, 6) }],
    ]);
    expect(await all(100)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seen).toEqual(['100@0', '100@2', '100@3']);
  });

  it('stops when nothing was consumed (hasMore false, nextOffset null)', async () => {
    seen = [];
    pages = new Map([
      [
        0,
        {
          rows: [],
          pagination: { totalCount: 0, returnedCount: 0, hasMore: false, truncated: false, nextOffset: null },
        },
      ],
    ]);
    expect(await all()).toEqual([]);
    expect(seen).toEqual(['1000@0']);
  });

  it('without a pagination object, a short page is the last one', async () => {
    seen = [];
    pages = new Map([
      [0, { rows: [1, 2] }],
      [2, { rows: [3] }],
    ]);
    expect(await all(2)).toEqual([1, 2, 3]);
    expect(seen).toEqual(['2@0', '2@2']);
  });

  it('refuses a nextOffset that does not move forward, naming the field', async () => {
    pages = new Map([[0, { rows: [1], pagination: more(5, 1, 0) }]]);
    const error = (await all(2).catch((caught: unknown) => caught)) as ApiResponseShapeError;
    expect(error.field).toBe('pagination.nextOffset');
    expect(error.retryable).toBe(false);
    expect(error.message).toContain('GET /v1/tours/:tourId/venues');
  });

  it('refuses hasMore: true with a null nextOffset', async () => {
    pages = new Map([
      [
        0,
        {
          rows: [1],
          pagination: { totalCount: 5, returnedCount: 1, hasMore: true, truncated: false, nextOffset: null },
        },
      ],
    ]);
    await expect(all(2)).rejects.toThrow(/pagination\.nextOffset/);
  });

  it('pages the file listing by its inner hasMore, a full page at a time', async () => {
    seen = [];
    const keys: string[] = [];
    for await (const file of client.paginate(listFiles, { params: { tourId: 't' }, pageSize: 2 })) keys.push(file.key);
    expect(keys).toEqual(['k0', 'k2', 'k3', 'k4']);
    expect(seen).toEqual(['files@0', 'files@2', 'files@4']);
  });

  it('types rows from the endpoint', async () => {
    pages = new Map([[0, { rows: [], pagination: more(0, 0, null) }]]);
    // compile-time check: venue rows have a title
    const titles: string[] = [];
    for await (const venue of client.paginate(listVenues, { params: { tourId: 't' } })) titles.push(venue.title);
    expect(titles).toEqual([]);
  });
});
