/** The shared table: heading, 'No Data' when empty, optional pagination (000 §2 "Shared screen behaviour"). */
import { useState, type ReactNode } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, shellTexts } from '@meter/contract';
import { pageCount, pageSlice } from './pagination.ts';
import { ScrollRegion } from './scroll-region.tsx';
import { useRepeatsHeading } from './screen-title.tsx';
import { TablePagination } from './table-pagination.tsx';

export interface Column<T> {
  key: string;
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** Rendered as the row's header cell. */
  rowHeader?: boolean;
  /** Column width in pixels. */
  width?: number;
  /** Numbers: right-aligned with tabular figures, heading included, so decimals line up. */
  numeric?: boolean;
  /** The order the rows are sorted by this column, announced on its heading. */
  sort?: 'ascending' | 'descending';
  /** On a phone, stays in view while the other columns scroll: the first or the second from the left (layout.css). */
  sticky?: 1 | 2;
}

export interface DataTableProps<T> {
  /** Visible heading, and the table's name (through a caption: labels are kept for form fields). */
  title?: string;
  /** Names the table when the screen draws its own heading. */
  label?: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  rowKey: (row: T, index: number) => string | number;
  loading?: boolean;
  paginate?: boolean;
  /** Column headings for screen readers only (label/value tables). */
  quietHeader?: boolean;
  /** Drawn at the end of the heading's line (the age of polled readings): takes no extra height. */
  aside?: ReactNode;
  /** Below 'No Data' in an empty table: why it is empty (EmptyReason). */
  empty?: ReactNode;
}

const NUMERIC = 'text-end text-nowrap tabular-nums';

const classOf = (c: { numeric?: boolean; sticky?: 1 | 2 }, extra?: string): string | undefined =>
  [c.numeric ? NUMERIC : undefined, c.sticky ? `sticky-col sticky-col-${c.sticky}` : undefined, extra].filter(Boolean).join(' ') || undefined;

export function DataTable<T>({ title, label, columns, rows, rowKey, loading, paginate, quietHeader, aside, empty }: DataTableProps<T>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const all = rows ?? [];
  const pages = pageCount(all.length, pageSize);
  const shown = paginate ? pageSlice(all, page, pageSize) : all;
  // A table named like its page (Current, Alarm Log) keeps its heading for the outline only.
  const titleClass = useRepeatsHeading(title) ? 'visually-hidden' : 'h5';

  return (
    <section className="mb-4">
      {title && aside ? (
        <div className="d-flex align-items-baseline justify-content-between column-gap-3">
          <h2 className={titleClass}>{title}</h2>
          {aside}
        </div>
      ) : (
        title && <h2 className={titleClass}>{title}</h2>
      )}
      <ScrollRegion label={title ?? label}>
        <Table striped bordered hover size="sm" className="mb-0">
          {(title ?? label) && <caption className="visually-hidden">{title ?? label}</caption>}
          <thead className={quietHeader ? 'visually-hidden' : undefined}>
            <tr>
              {columns.map((c) => (
                <th key={c.key} scope="col" style={c.width ? { width: c.width } : undefined} aria-sort={c.sort} className={classOf(c)}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="text-center text-muted">
                  {loading ? (
                    <Spinner animation="border" size="sm" role="status" aria-label="Loading" />
                  ) : (
                    <>
                      {/* Its own element: 'No Data' stays a text of its own beside the reason. */}
                      <span>{shellTexts.noData}</span>
                      {empty && <div className="mt-1">{empty}</div>}
                    </>
                  )}
                </td>
              </tr>
            ) : (
              shown.map((row, i) => (
                <tr key={rowKey(row, i)}>
                  {columns.map((c) =>
                    c.rowHeader ? (
                      <th key={c.key} scope="row" className={classOf(c, 'fw-normal')}>
                        {c.cell(row)}
                      </th>
                    ) : (
                      <td key={c.key} className={classOf(c)}>
                        {c.cell(row)}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </ScrollRegion>
      {paginate && all.length > PAGE_SIZES[0] && (
        <TablePagination
          page={Math.min(page, pages)}
          pageCount={pages}
          pageSize={pageSize}
          onPage={setPage}
          onPageSize={(s) => {
            setPageSize(s);
            setPage(1);
          }}
        />
      )}
    </section>
  );
}
