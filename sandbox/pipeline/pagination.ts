/**
 * Paged list reads. The window `[offset, offset + limit)` is taken over every live row (what the
 * service counts), then rows the caller may not see are dropped, and the page stops early when
 * the response would pass the size ceiling. So `returnedCount: 0` with `hasMore: true` happens,
 * and `nextOffset` counts rows consumed, not rows returned, as the contract says.
 */
import { Paging } from '../../api/contract/assumptions.ts';
import { validationError } from '../errors.ts';

export interface Pagination {
  totalCount: number;
  returnedCount: number;
  hasMore: boolean;
  truncated: boolean;
  nextOffset: number | null;
}

export interface PageRequest {
  limit: number;
  offset: number;
}

const NON_NEGATIVE_INT = /^(0|[1-9][0-9]{0,9})$/;

/** Parses one optional non-negative integer query parameter. */
export function readIntParam(
  query: Record<string, string | undefined>,
  name: string,
  options: { min: number },
): number | undefined {
  const raw = query[name];
  if (raw === undefined || raw === '') return undefined;
  const value = NON_NEGATIVE_INT.test(raw) ? Number(raw) : NaN;
  if (!(value >= options.min) || value > 2_147_483_647) {
    throw validationError(`Query parameter "${name}" must be an integer of at least ${options.min}`);
  }
  return value;
}

/** `limit` (positive, clamped to `max`, defaulting to it) and `offset` (default 0). */
export function readPaging(query: Record<string, string | undefined>, max: number = Paging.maxRows): PageRequest {
  const limit = readIntParam(query, 'limit', { min: 1 }) ?? max;
  return { limit: Math.min(limit, max), offset: readIntParam(query, 'offset', { min: 0 }) ?? 0 };
}

/** One page: the rendered rows and the pagination object. */
export interface Page {
  data: unknown[];
  pagination: Pagination;
}

/**
 * Pages `rows`: `visible` filters after counting, `render` produces the API shape, and
 * `ceilingBytes` shortens the page (at least one row is always consumed).
 */
export function paginate<T>(
  rows: readonly T[],
  page: PageRequest,
  visible: (row: T) => boolean,
  render: (row: T) => unknown,
  ceilingBytes: number = Paging.maxResponseBytes,
): Page {
  const data: unknown[] = [];
  let bytes = 0;
  let consumed = 0;
  let truncated = false;
  const end = Math.min(rows.length, page.offset + page.limit);
  for (let index = page.offset; index < end; index += 1) {
    const row = rows[index] as T;
    if (visible(row)) {
      const rendered = render(row);
      const size = JSON.stringify(rendered).length + 1;
      if (consumed > 0 && bytes + size > ceilingBytes) {
        truncated = true;
        break;
      }
      bytes += size;
      data.push(rendered);
    }
    consumed += 1;
  }
  const nextOffset = consumed > 0 ? page.offset + consumed : null;
  return {
    data,
    pagination: {
      totalCount: rows.length,
      returnedCount: data.length,
      hasMore: nextOffset !== null && nextOffset < rows.length,
      truncated,
      nextOffset,
    },
  };
}
