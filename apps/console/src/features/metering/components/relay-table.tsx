import Button from 'react-bootstrap/Button';
import { flowTexts, type IoReply } from '@meter/contract';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { RELAY_STATUS_TEXT } from '../io-rows.ts';

type Relay = IoReply['ro'][number];

interface Props {
  relays: readonly Relay[] | undefined;
  loading: boolean;
  /** 000 §6: only admin sees Toggle. */
  canToggle: boolean;
  /** A command is under way: its button stays disabled until the answer (000 §4). */
  busy: boolean;
  onToggle: (index: number) => void;
}

/** Relay Output table (000 §2 IO): Name, Status, Action. */
export function RelayTable({ relays, loading, canToggle, busy, onToggle }: Props) {
  const columns: Column<Relay>[] = [
    { key: 'name', header: 'Name', cell: (r) => r.name, rowHeader: true },
    { key: 'status', header: 'Status', cell: (r) => RELAY_STATUS_TEXT[r.status] },
    {
      key: 'action',
      header: 'Action',
      cell: (r) =>
        canToggle && (
          <Button size="sm" variant="outline-primary" className="py-0" aria-label={`Toggle ${r.name}`} disabled={busy} onClick={() => relays && onToggle(relays.indexOf(r))}>
            Toggle
          </Button>
        ),
    },
  ];
  return <DataTable title={flowTexts.relayOutput} columns={columns} rows={relays} rowKey={(r) => r.name} loading={loading} />;
}
