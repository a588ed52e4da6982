/** A record's read-only view: the same blocks its PDF prints (contract records/record-view.ts). */
import type { RecordBlock } from '@meter/contract';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { KeyValueTable } from '../../components/key-value-table.tsx';

/** A number column's heading keeps its words on one line (tabular cells do not wrap): its unit goes on a line of its own. */
function numericHeader(h: string) {
  const at = h.lastIndexOf(' (');
  return at < 0 ? (
    h
  ) : (
    <>
      {h.slice(0, at)}
      <br />
      {h.slice(at + 1)}
    </>
  );
}

function TableBlock({ block }: { block: Extract<RecordBlock, { kind: 'table' }> }) {
  const columns: Column<readonly string[]>[] = block.headers.map((h, i) => {
    const numeric = block.numeric?.[i] === true;
    return { key: String(i), header: numeric ? numericHeader(h) : h, cell: (r) => r[i], rowHeader: i === 0, numeric };
  });
  return <DataTable title={block.title} columns={columns} rows={block.rows} rowKey={(r, i) => `${r[0]}-${i}`} />;
}

export function RecordBlocks({ blocks, loading }: { blocks: readonly RecordBlock[] | undefined; loading: boolean }) {
  if (!blocks) return <KeyValueTable title="" rows={undefined} loading={loading} />;
  return (
    <>
      {blocks.map((b) =>
        b.kind === 'rows' ? (
          <KeyValueTable key={b.title} title={b.title} rows={b.rows.map(([label, value]) => ({ label, value }))} />
        ) : b.kind === 'table' ? (
          <TableBlock key={b.title} block={b} />
        ) : (
          <section key={b.title} className="mb-4">
            <h2 className="h5">{b.title}</h2>
            {b.text ? <p style={{ whiteSpace: 'pre-wrap' }}>{b.text}</p> : <div className="border-bottom" style={{ width: '15rem', height: '3rem' }} />}
          </section>
        ),
      )}
    </>
  );
}
