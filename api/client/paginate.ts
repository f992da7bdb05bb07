/**
 * One async iterator for every paged read. It pages by `nextOffset` (rows the server consumed,
 * not rows returned), stops on `hasMore: false`, keeps going through an empty page that says
 * `hasMore: true` (rows filtered after counting), and never shrinks the page size after a
 * `truncated: true` page: the response ceiling cut it short, a smaller limit would not help.
 */
import { Paging } from '../contract/assumptions.ts';
import type { PagedEndpoint, PageSpec } from '../contract/endpoint.ts';
import type { RawResult } from './envelope.ts';
import { ApiResponseShapeError, notPerformed } from './errors.ts';
import type { LooseCallOptions } from './prepare.ts';

/** Rows per request unless the caller says otherwise: the most a day-scoped list returns. */
export const DEFAULT_PAGE_SIZE = Paging.maxRows;

export interface PageOptions {
  /** Rows asked for per request. @default 1000 */
  pageSize?: number;
  /** Rows to skip before the first page. @default 0 */
  startOffset?: number;
}

type FetchPage = (options: LooseCallOptions) => Promise<RawResult<unknown>>;

/** Where the next page starts, or `undefined` when the list is done. */
function nextOffset(
  endpoint: string,
  result: RawResult<unknown> & { status: true },
  rows: unknown[],
  offset: number,
  pageSize: number,
  page: PageSpec<unknown, unknown>,
): number | undefined {
  const { pagination } = result;
  if (pagination) {
    if (!pagination.hasMore) return undefined;
    if (pagination.nextOffset === null) {
      throw new ApiResponseShapeError(endpoint, 'pagination.nextOffset', 'null while hasMore is true');
    }
    return pagination.nextOffset;
  }
  const inner = page.inner?.(result.data);
  if (inner) return inner.hasMore ? offset + pageSize : undefined;
  // No paging state at all: a short page is the last one.
  return rows.length === 0 || rows.length < pageSize ? undefined : offset + rows.length;
}

/** Iterates the rows of a paged read, fetching page after page with `fetchPage`. */
export async function* paginate<R>(
  fetchPage: FetchPage,
  endpoint: PagedEndpoint,
  options: LooseCallOptions & PageOptions,
): AsyncGenerator<R, void, undefined> {
  const page = endpoint.page as PageSpec<unknown, R>;
  const pageSize = options.pageSize ?? DEFAULT_PAGE_SIZE;
  let offset = options.startOffset ?? 0;
  for (;;) {
    const pageQuery = { [page.limitParam ?? 'limit']: pageSize, [page.offsetParam ?? 'offset']: offset };
    const result = await fetchPage({ ...options, pageQuery });
    if (!result.status) throw notPerformed(endpoint.name, result.message);
    const rows = page.rows(result.data);
    yield* rows;
    const next = nextOffset(endpoint.name, result, rows, offset, pageSize, page);
    if (next === undefined) return;
    if (next <= offset) {
      throw new ApiResponseShapeError(
        endpoint.name,
        'pagination.nextOffset',
        `${next} does not move past offset ${offset}`,
      );
    }
    offset = next;
  }
}
