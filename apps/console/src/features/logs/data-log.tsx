/**
 * Reading › Log › Data Log 1, 2, 3 and AcuCloud (001 §2 Data Log View): the logger's files with
 * File, Update and Size (KB), a download per file, and — for the admin access level only (001 §6)
 * — row selection and Delete Selected. The logger comes from the route's last segment.
 */
import { useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DATA_LOG_IDS, displayName, emptyStateTexts, routeByName, type DataLogFile, type DataLogId } from '@meter/contract';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { EmptyReason } from '../../components/empty-reason.tsx';
import { PageNotFound } from '../../components/page-not-found.tsx';
import { formatDeviceTime } from '../../lib/device-time.ts';
import { useIsAdmin } from '../../lib/permissions.ts';
import { downloadDataLogFile, useDataLogEnabled, useDataLogFiles, useDeleteDataLogFiles } from './api/use-logs.ts';
import { confirmDelete } from './data-log-delete.ts';
import { useDeviceZone } from './use-device-zone.ts';

/** Each logger's page in the menu and the settings page that switches it on (issue 28: the empty list links there). */
const DATA_LOG_ROUTES: Record<DataLogId, { view: string; settings: string }> = {
  '1': { view: 'Reading, Log, Data Log, Data Log 1', settings: 'Settings, Communication, Data Log, Data Log 1' },
  '2': { view: 'Reading, Log, Data Log, Data Log 2', settings: 'Settings, Communication, Data Log, Data Log 2' },
  '3': { view: 'Reading, Log, Data Log, Data Log 3', settings: 'Settings, Communication, Data Log, Data Log 3' },
  ac: { view: 'Reading, Log, Data Log, AcuCloud', settings: 'Settings, Communication, AcuCloud' },
};

/** Why the list is empty: the logger is off, on but has written nothing yet, or (settings not readable) either. */
export function dataLogEmptyReason(name: string, enabled: boolean | undefined): string {
  if (enabled === undefined) return emptyStateTexts.logMaybeOff(name);
  return enabled ? emptyStateTexts.logOn(name) : emptyStateTexts.logOff(name);
}

export default function DataLog() {
  const id = useLocation().pathname.split('/').filter(Boolean).pop();
  if (!(DATA_LOG_IDS as readonly string[]).includes(id ?? '')) return <PageNotFound />;
  // A fresh view (and selection) per logger.
  return <DataLogView key={id} id={id as DataLogId} />;
}

function DataLogView({ id }: { id: DataLogId }) {
  const zone = useDeviceZone();
  const isAdmin = useIsAdmin();
  const files = useDataLogFiles(id);
  const enabled = useDataLogEnabled(id);
  const routes = DATA_LOG_ROUTES[id];
  const remove = useDeleteDataLogFiles(id);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const listed = useMemo(() => new Set((files.data ?? []).map((f) => f.filename)), [files.data]);
  // Names deleted elsewhere drop out of the selection.
  const chosen = [...selected].filter((n) => listed.has(n));
  const allChosen = listed.size > 0 && chosen.length === listed.size;

  const toggle = (name: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const columns: Column<DataLogFile>[] = [
    ...(isAdmin
      ? [
          {
            key: 'select',
            header: <Form.Check aria-label="Select all" checked={allChosen} onChange={() => setSelected(allChosen ? new Set() : new Set(listed))} />,
            cell: (f: DataLogFile) => <Form.Check aria-label={`Select ${f.filename}`} checked={selected.has(f.filename)} onChange={() => toggle(f.filename)} />,
          },
        ]
      : []),
    { key: 'file', header: 'File', cell: (f) => f.filename },
    { key: 'update', header: 'Update', cell: (f) => formatDeviceTime(f.timestamp, zone) },
    { key: 'size', header: 'Size (KB)', cell: (f) => f.size.toFixed(2), numeric: true },
    {
      key: 'action',
      header: 'Action',
      cell: (f) => (
        <Button size="sm" variant="outline-primary" className="py-0" aria-label={`Download ${f.filename}`} onClick={() => void downloadDataLogFile(id, f.filename)}>
          Download
        </Button>
      ),
    },
  ];

  return (
    <section>
      {isAdmin && (
        <div className="mb-3">
          <Button
            variant="outline-danger"
            disabled={remove.isPending}
            onClick={() =>
              confirmDelete(
                chosen,
                (names) => remove.mutateAsync(names),
                () => setSelected(new Set()),
              )
            }
          >
            Delete Selected
          </Button>
        </div>
      )}
      <DataTable
        label="Data Log Files"
        columns={columns}
        rows={files.data}
        rowKey={(f) => f.filename}
        loading={files.isPending}
        paginate
        empty={<EmptyReason reason={dataLogEmptyReason(displayName(routeByName(routes.view)), enabled)} settings={routes.settings} />}
      />
    </section>
  );
}
