/** Page list of the shared table (000 §2): neighbour pages each side of the current one, first and last, ellipses between. */
import { PAGINATION_NEIGHBOURS } from '@meter/contract';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

export const pageCount = (rowCount: number, pageSize: number): number => Math.max(1, Math.ceil(rowCount / pageSize));

export function pageList(current: number, total: number, neighbours: number = PAGINATION_NEIGHBOURS): PageItem[] {
  if (total < 1) return [];
  const page = Math.min(Math.max(1, current), total);
  const start = Math.max(1, page - neighbours);
  const end = Math.min(total, page + neighbours);
  const items: PageItem[] = [];
  if (start > 1) {
    items.push(1);
    // An ellipsis standing for a single page hides nothing: show the page instead.
    if (start === 3) items.push(2);
    else if (start > 3) items.push('ellipsis-start');
  }
  for (let p = start; p <= end; p++) items.push(p);
  if (end < total) {
    if (end === total - 2) items.push(total - 1);
    else if (end < total - 2) items.push('ellipsis-end');
    items.push(total);
  }
  return items;
}

export function pageSlice<T>(rows: readonly T[], page: number, pageSize: number): T[] {
  const start = (Math.min(Math.max(1, page), pageCount(rows.length, pageSize)) - 1) * pageSize;
  return rows.slice(start, start + pageSize);
}
