/**
 * Settings › Emergency › Step 2 (002 §2.16, §4.10, §7.8): every file of data loggers 1, 2, 3 and
 * AcuCloud is fetched and saved in one zip, and only then are exactly those files deleted from
 * the module, so nothing is reset that was not exported; Clear Trend Log empties the trend log.
 * While either runs the page cannot be left: 'Exporting Logger. Please stay on the current page'.
 */
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { DATA_LOG_IDS, emergencyTexts as t, trendTexts, type DataLogId } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, callEndpoint, fetchFile, saveBlob } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useIsAdmin, useMayCall } from '../../lib/permissions.ts';
import { registerBusyOperation } from '../../lib/unsaved-changes.ts';
import { buildZip, type ZipEntry } from '../../lib/zip.ts';
import { EmergencyWizard } from './wizard.tsx';

type LoggerState = { files?: number; state?: 'done' | 'empty' | 'failed' };
type Row = { id: DataLogId } & LoggerState;

const stamp = (d: Date) => d.toISOString().replace(/[-:]/g, '').replace(/\..*/, '');

/** Lists and fetches one logger's files; undefined when the module did not give them all. */
async function fetchLogger(id: DataLogId): Promise<ZipEntry[] | undefined> {
  try {
    const files = await callEndpoint(calls.dataLogFiles, { params: { id }, suppress: true });
    const entries: ZipEntry[] = [];
    for (const f of files) {
      const blob = await fetchFile(calls.dataLogFile.path, { params: { id, filename: f.filename }, suppress: true });
      entries.push({ name: `backup${id}/${f.filename}`, data: new Uint8Array(await blob.arrayBuffer()), modified: new Date(f.timestamp * 1000) });
    }
    return entries;
  } catch (e) {
    if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: t.loadFailed(id) });
    return undefined;
  }
}

export default function EmergencyStep2() {
  const mayList = useMayCall(calls.dataLogFiles);
  const mayDelete = useMayCall(calls.deleteDataLogFiles);
  // 001 §6: deleting data log files belongs to the admin access level.
  const isAdmin = useIsAdmin();
  const mayExport = mayList && mayDelete && isAdmin;
  const mayClear = useMayCall(calls.resetTrendLog);
  const [states, setStates] = useState<Partial<Record<DataLogId, LoggerState>>>({});
  const [running, setRunning] = useState(false);
  const busy = useRef(false);
  useEffect(() => registerBusyOperation(() => (busy.current ? t.exportingLogger : undefined)), []);

  const hold = (on: boolean) => {
    busy.current = on;
    setRunning(on);
  };

  const exportAndReset = async () => {
    hold(true);
    setStates({});
    const fetched = new Map<DataLogId, ZipEntry[]>();
    for (const id of DATA_LOG_IDS) {
      const entries = await fetchLogger(id);
      if (!entries) {
        // Nothing is reset unless everything was exported.
        setStates((s) => ({ ...s, [id]: { state: 'failed' } }));
        return hold(false);
      }
      fetched.set(id, entries);
      setStates((s) => ({ ...s, [id]: { files: entries.length } }));
    }
    const all = [...fetched.values()].flat();
    if (all.length > 0) saveBlob(new Blob([buildZip(all)], { type: 'application/zip' }), `datalog-backup-${stamp(new Date())}.zip`);
    let ok = true;
    for (const [id, entries] of fetched) {
      if (entries.length === 0) {
        setStates((s) => ({ ...s, [id]: { files: 0, state: 'empty' } }));
        continue;
      }
      try {
        const names = entries.map((e) => e.name.slice(e.name.indexOf('/') + 1));
        await callEndpoint(calls.deleteDataLogFiles, { params: { id }, body: names, suppress: true });
        setStates((s) => ({ ...s, [id]: { files: entries.length, state: 'done' } }));
      } catch (e) {
        ok = false;
        setStates((s) => ({ ...s, [id]: { files: entries.length, state: 'failed' } }));
        if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: t.resetFailed(id) });
      }
    }
    hold(false);
    if (ok) showAlert({ type: 'success', message: t.filesDeleted });
  };

  const clearTrendLog = () =>
    confirmAction({
      title: trendTexts.warningTitle,
      body: trendTexts.resetWarning,
      run: async () => {
        hold(true);
        try {
          await callEndpoint(calls.resetTrendLog, { body: { value: 1 }, suppress: true });
          return true;
        } catch {
          return false;
        } finally {
          hold(false);
        }
      },
      onSuccess: () => showAlert({ type: 'success', message: t.trendCleared }),
      onFailure: () => showAlert({ type: 'danger', message: trendTexts.resetFailed }),
    });

  const stateText = (s: LoggerState) => (s.state === 'done' ? t.exportedAndReset : s.state === 'empty' ? t.empty : s.state === 'failed' ? t.failed : '');
  const columns: readonly Column<Row>[] = [
    { key: 'logger', header: t.logger, rowHeader: true, cell: (r) => t.loggerNames[r.id] ?? r.id },
    { key: 'files', header: t.files, cell: (r) => (r.files === undefined ? '' : String(r.files)), numeric: true },
    { key: 'state', header: t.state, cell: stateText },
  ];
  const rows: Row[] = DATA_LOG_IDS.map((id) => ({ id, ...states[id] }));

  return (
    <EmergencyWizard step={2} title={t.step2Title} busy={running}>
      <DataTable label={t.step2Title} columns={columns} rows={rows} rowKey={(r) => r.id} quietHeader />
      <div className="d-flex flex-wrap gap-2">
        <Button onClick={() => void exportAndReset()} disabled={!mayExport || running}>
          {t.exportLoggers}
        </Button>
        <Button variant="outline-danger" onClick={clearTrendLog} disabled={!mayClear || running}>
          {t.clearTrendLog}
        </Button>
      </div>
    </EmergencyWizard>
  );
}
