/** Settings › Network Diagnostic › Connection Test (002 §2.14): Begin Test, then each step's result. */
import Button from 'react-bootstrap/Button';
import { networkDiagnosticTexts as t, type ConnectionTestOutput } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { callEndpoint } from '../../lib/api.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { useDiagnose } from './use-diagnose.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

type Step = ConnectionTestOutput['steps'][number];
const COLUMNS: readonly Column<Step>[] = [
  { key: 'name', header: 'Step', rowHeader: true, cell: (s) => s.name },
  { key: 'result', header: 'Result', cell: (s) => <span className={s.result === 'PASS' ? 'text-success' : s.result === 'FAIL' ? 'text-danger' : undefined}>{s.result}</span> },
  { key: 'detail', header: 'Detail', cell: (s) => s.detail },
];

export default function ConnectionTest() {
  const canWrite = useCanWriteHere();
  const { data, running, start } = useDiagnose('connectionTestOutput');
  return (
    <section>
      <ScreenTitle className="h4">{t.connectionTest}</ScreenTitle>
      {canWrite && (
        <Button className="mb-3" disabled={running} onClick={() => void start(() => callEndpoint(calls.connectionTestCmd, { body: { command: 'begin' }, suppress: true }))}>
          {t.beginTest}
        </Button>
      )}
      <DataTable label={t.connectionTest} columns={COLUMNS} rows={data?.steps} rowKey={(s) => s.name} />
    </section>
  );
}
