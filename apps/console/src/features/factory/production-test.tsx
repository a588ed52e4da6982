/** Production Test (000 §2, route /login/test, public): Module Information, Test Output, Back To Login, Download. */
import { useQuery } from '@tanstack/react-query';
import { calls } from '../../lib/endpoint-table.ts';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { useNavigate } from 'react-router';
import { Loading } from '../../components/loading.tsx';
import { callEndpoint, saveBlob } from '../../lib/api.ts';
import { PASS, moduleInfoRows, reportFileName, reportText, testOutputRows } from './test-report.ts';

function Rows({ title, rows, colour }: { title: string; rows: { label: string; value: string }[]; colour?: boolean }) {
  return (
    <section className="mb-4">
      <h2 className="h5">{title}</h2>
      <Table bordered size="sm">
        <caption className="visually-hidden">{title}</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.label}>
              <th scope="row" className="fw-normal">
                {r.label}
              </th>
              <td className={colour ? (r.value === PASS ? 'text-success fw-bold' : 'text-danger fw-bold') : undefined}>{r.value}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </section>
  );
}

export default function ProductionTest() {
  const navigate = useNavigate();
  const result = useQuery({
    queryKey: ['productionTestResult'],
    queryFn: ({ signal }) => callEndpoint(calls.productionTestResult, { token: null, signal }),
  });
  const r = result.data;
  return (
    <div className="container py-4" style={{ maxWidth: 720 }}>
      <h1 className="h4 mb-4">Production Test</h1>
      {!r ? (
        <Loading />
      ) : (
        <>
          <Rows title="Module Information" rows={moduleInfoRows(r)} />
          <Rows title="Test Output" rows={testOutputRows(r)} colour />
        </>
      )}
      <div className="d-flex gap-2">
        <Button variant="secondary" onClick={() => void navigate('/login')}>
          Back To Login
        </Button>
        <Button disabled={!r} onClick={() => r && saveBlob(new Blob([reportText(r)], { type: 'text/plain' }), reportFileName(r))}>
          Download
        </Button>
      </div>
    </div>
  );
}
