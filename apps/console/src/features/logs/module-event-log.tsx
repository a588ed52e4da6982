/**
 * Reading › Log › Module Event Log (001 §2): interval and level filter, pages of 10/20/40/80 read
 * from the module a window at a time, Export Logs and Clear Logs for those who may call them.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { EVENT_LOG_PAGE_SIZES, endpoints, logTexts, shellTexts, type EventLevel, type ModuleEventLogEntry } from '@meter/contract';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { pageCount } from '../../components/pagination.ts';
import { TablePagination } from '../../components/table-pagination.tsx';
import { showAlert } from '../../lib/alerts.ts';
import { formatDeviceTime } from '../../lib/device-time.ts';
import { closeModal, openModal, setButtonProcessing } from '../../lib/modal.ts';
import { useCanWriteHere, useMayCall } from '../../lib/permissions.ts';
import { exportModuleEventLog, useClearModuleEventLog, useModuleEventLog } from './api/use-logs.ts';
import { EventLogFilter } from './components/event-log-filter.tsx';
import { LevelCell } from './components/level-cell.tsx';
import { EMPTY_FILTER, intervalIsValid, logQueryOf, withLevel, type LogFilter } from './log-filter.ts';
import { useDeviceZone } from './use-device-zone.ts';

const TITLE = 'Module Event Log';

export default function ModuleEventLog() {
  const zone = useDeviceZone();
  const [draft, setDraft] = useState<LogFilter>(EMPTY_FILTER);
  const [applied, setApplied] = useState<LogFilter>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(EVENT_LOG_PAGE_SIZES[0]);
  const [exporting, setExporting] = useState(false);
  const log = useModuleEventLog(logQueryOf(applied, zone, page, pageSize));
  const clear = useClearModuleEventLog();
  // Write permission on the screen shows the buttons (001 §6) — and only if the module would take the call.
  const writeHere = useCanWriteHere();
  const mayExport = useMayCall(endpoints.exportModuleEventLog);
  const mayClear = useMayCall(endpoints.clearModuleEventLog);
  const intervalOk = intervalIsValid(draft, zone);

  const apply = (f: LogFilter) => {
    setDraft(f);
    setApplied(f);
    setPage(1);
  };
  const addLevel = (level: EventLevel) => apply(withLevel(draft, level));

  const onExport = async () => {
    setExporting(true);
    try {
      await exportModuleEventLog();
    } catch {
      // The request helper has shown the catalogue's message.
    } finally {
      setExporting(false);
    }
  };

  const onClear = () =>
    openModal({
      title: shellTexts.confirmation,
      body: logTexts.clearEventLogConfirm,
      buttons: [
        {
          text: shellTexts.yesContinue,
          type: 'danger',
          action: async () => {
            setButtonProcessing(shellTexts.yesContinue, true);
            try {
              await clear.mutateAsync();
              setPage(1);
              showAlert({ type: 'success', message: logTexts.eventLogCleared });
            } catch {
              // Reported by the request helper.
            }
            closeModal();
          },
        },
        { text: shellTexts.cancel, type: 'secondary', dismiss: true },
      ],
    });

  const columns: Column<ModuleEventLogEntry>[] = [
    { key: 'timestamp', header: 'Timestamp', width: 210, cell: (e) => formatDeviceTime(e.timestamp, zone) },
    { key: 'level', header: 'Level', cell: (e) => <LevelCell level={e.level} onAdd={addLevel} /> },
    { key: 'message', header: 'Message', cell: (e) => e.message },
  ];
  const count = log.data?.count ?? 0;

  return (
    <section>
      <h2 className="h5">{TITLE}</h2>
      <EventLogFilter
        value={draft}
        onChange={setDraft}
        onSearch={() => intervalOk && apply(draft)}
        onReset={() => apply(EMPTY_FILTER)}
        intervalError={intervalOk ? undefined : logTexts.intervalEndBeforeStart}
      />
      {writeHere && (mayExport || mayClear) && (
        <div className="d-flex gap-2 mb-3">
          {mayExport && (
            <Button variant="outline-primary" disabled={exporting} onClick={() => void onExport()}>
              Export Logs
            </Button>
          )}
          {mayClear && (
            <Button variant="outline-danger" onClick={onClear}>
              Clear Logs
            </Button>
          )}
        </div>
      )}
      <DataTable label={TITLE} columns={columns} rows={log.data?.eventLogs} rowKey={(e, i) => `${e.timestamp}-${i}`} loading={log.isPending} />
      <TablePagination
        page={page}
        pageCount={pageCount(count, pageSize)}
        pageSize={pageSize}
        pageSizes={EVENT_LOG_PAGE_SIZES}
        onPage={setPage}
        onPageSize={(s) => {
          setPageSize(s);
          setPage(1);
        }}
      />
    </section>
  );
}
