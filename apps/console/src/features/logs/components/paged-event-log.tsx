/**
 * The paged event log of 001 §2, shared by the Module Event Log and the maintenance Meter Event
 * Log: an Interval (and, for the module, Level) filter with Search and Reset, pages of
 * 10/20/40/80 read from the module a window at a time, Export Logs and Clear Logs for those who
 * may call them (write permission on the screen and the call's own area).
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { EVENT_LOG_PAGE_SIZES, logTexts, shellTexts, type Endpoint, type EventLevel, type LogQueryParams } from '@meter/contract';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { pageCount } from '../../../components/pagination.ts';
import { TablePagination } from '../../../components/table-pagination.tsx';
import { showAlert } from '../../../lib/alerts.ts';
import { confirmAction } from '../../../lib/confirm-action.ts';
import { useCanWriteHere, useMayCall } from '../../../lib/permissions.ts';
import { EMPTY_FILTER, intervalIsValid, logQueryOf, withLevel, type LogFilter } from '../log-filter.ts';
import { useDeviceZone } from '../use-device-zone.ts';
import { EventLogFilter } from './event-log-filter.tsx';

export interface EventLogSource<T> {
  title: string;
  useLog: (query: LogQueryParams) => UseQueryResult<{ count: number; eventLogs: T[] }>;
  useClear: () => UseMutationResult<unknown, Error, void>;
  exportLog: () => Promise<void>;
  exportEndpoint: Endpoint;
  clearEndpoint: Endpoint;
  /** Columns in the device time zone; `addLevel` is there for the module log's level cells. */
  columns: (zone: string, addLevel: (level: EventLevel) => void) => Column<T>[];
  rowKey: (entry: T, index: number) => string;
  showLevel: boolean;
  showUser?: boolean;
}

export function PagedEventLog<T>({ source }: { source: EventLogSource<T> }) {
  const zone = useDeviceZone();
  const [draft, setDraft] = useState<LogFilter>(EMPTY_FILTER);
  const [applied, setApplied] = useState<LogFilter>(EMPTY_FILTER);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(EVENT_LOG_PAGE_SIZES[0]);
  const [exporting, setExporting] = useState(false);
  const log = source.useLog(logQueryOf(applied, zone, page, pageSize));
  const clear = source.useClear();
  const writeHere = useCanWriteHere();
  const mayExport = useMayCall(source.exportEndpoint);
  const mayClear = useMayCall(source.clearEndpoint);
  const intervalOk = intervalIsValid(draft, zone);

  const apply = (f: LogFilter) => {
    setDraft(f);
    setApplied(f);
    setPage(1);
  };

  const onExport = async () => {
    setExporting(true);
    try {
      await source.exportLog();
    } catch {
      // The request helper has shown the catalogue's message.
    } finally {
      setExporting(false);
    }
  };

  const onClear = () =>
    confirmAction({
      title: shellTexts.confirmation,
      body: logTexts.clearEventLogConfirm,
      run: async () => {
        await clear.mutateAsync();
      },
      onSuccess: () => {
        setPage(1);
        showAlert({ type: 'success', message: logTexts.eventLogCleared });
      },
    });

  const count = log.data?.count ?? 0;
  return (
    <section aria-label={source.title}>
      <EventLogFilter
        value={draft}
        onChange={setDraft}
        onSearch={() => intervalOk && apply(draft)}
        onReset={() => apply(EMPTY_FILTER)}
        intervalError={intervalOk ? undefined : logTexts.intervalEndBeforeStart}
        showLevel={source.showLevel}
        showUser={source.showUser}
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
      <DataTable
        label={source.title}
        columns={source.columns(zone, (level) => apply(withLevel(draft, level)))}
        rows={log.data?.eventLogs}
        rowKey={source.rowKey}
        loading={log.isPending}
      />
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
