import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import Pagination from 'react-bootstrap/Pagination';
import { PAGE_SIZES } from '@meter/contract';
import { pageList } from './pagination.ts';

interface Props {
  page: number;
  pageCount: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
  /** Page sizes offered; the shared 25/50/100 unless a screen's spec says otherwise (event logs). */
  pageSizes?: readonly number[];
}

export function TablePagination({ page, pageCount, pageSize, onPage, onPageSize, pageSizes = PAGE_SIZES }: Props) {
  const sizeId = useId();
  return (
    <div className="d-flex flex-wrap align-items-center gap-3">
      <Pagination className="mb-0" aria-label="Pagination">
        <Pagination.Prev aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)} />
        {pageList(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <Pagination.Item key={item} active={item === page} aria-label={`Page ${item}`} onClick={() => onPage(item)}>
              {item}
            </Pagination.Item>
          ) : (
            <Pagination.Ellipsis key={item} disabled />
          ),
        )}
        <Pagination.Next aria-label="Next page" disabled={page >= pageCount} onClick={() => onPage(page + 1)} />
      </Pagination>
      <div className="d-flex align-items-center gap-2">
        <Form.Label htmlFor={sizeId} className="mb-0 text-nowrap">
          Rows per page
        </Form.Label>
        <Form.Select id={sizeId} size="sm" value={pageSize} onChange={(e) => onPageSize(Number(e.target.value))}>
          {pageSizes.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </Form.Select>
      </div>
    </div>
  );
}
