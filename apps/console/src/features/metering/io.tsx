/**
 * Reading › Metering › IO (000 §2): Digital Input (Name, Status; Counter and Value on a
 * pulse-verified device) and Relay Output (Name, Status, Action), refreshed every 5 s.
 */
import { LiveAge } from '../../components/live-age.tsx';
import { flowTexts, type IoReply } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useDeviceInfo } from '../../lib/device.ts';
import { useIsAdmin, useMayCall } from '../../lib/permissions.ts';
import { useIo, useToggleRelay } from './api/use-io.ts';
import { RelayTable } from './components/relay-table.tsx';
import { DI_STATUS_TEXT, RELAY_STATUS_TEXT, diCounter, diValue } from './io-rows.ts';
import { withMeteringWrapper } from './metering-wrapper.tsx';

type DigitalInput = IoReply['di'][number];

const baseColumns: Column<DigitalInput>[] = [
  { key: 'name', header: 'Name', cell: (d) => d.name, rowHeader: true },
  { key: 'status', header: 'Status', cell: (d) => DI_STATUS_TEXT[d.status] },
];
const pulseColumns: Column<DigitalInput>[] = [
  { key: 'counter', header: 'Counter', cell: diCounter, numeric: true },
  { key: 'value', header: 'Value', cell: diValue, numeric: true },
];

function Io() {
  const io = useIo();
  const pulseVerified = useDeviceInfo().data?.pulseVerified === 1;
  // Toggle is the admin's (000 §6); the module also wants readings edit, so a button it would refuse is not offered.
  const isAdmin = useIsAdmin();
  const mayToggle = useMayCall(calls.setRO);
  const canToggle = isAdmin && mayToggle;
  const toggle = useToggleRelay();

  return (
    <>
      <DataTable
        title="Digital Input"
        columns={pulseVerified ? [...baseColumns, ...pulseColumns] : baseColumns}
        rows={io.data?.di}
        rowKey={(d, i) => `${i}-${d.name}`}
        loading={io.isPending}
        aside={<LiveAge updatedAt={io.dataUpdatedAt} />}
      />
      <RelayTable
        relays={io.data?.ro}
        loading={io.isPending}
        canToggle={canToggle}
        // Both buttons wait: the command carries both relays, so a second one must see the first's result.
        busy={toggle.isPending}
        onToggle={(index) => {
          const data = io.data;
          const relay = data?.ro[index];
          if (!data || !relay) return;
          // A relay switches real equipment: the question names it and the state it will take (issue 14).
          const next = RELAY_STATUS_TEXT[relay.status === 1 ? 0 : 1];
          confirmAction({
            title: flowTexts.relayOutput,
            body: flowTexts.relayConfirm(relay.name, next),
            confirmText: flowTexts.relaySwitch(next),
            confirmVariant: 'primary',
            run: async () => (await toggle.mutateAsync({ io: data, index })).ok,
          });
        }}
      />
    </>
  );
}

export default withMeteringWrapper(Io);
