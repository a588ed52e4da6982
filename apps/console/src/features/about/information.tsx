/** About › Information (000 §2): Meter, Display Module and Web Module tables. */
import { calls } from '../../lib/endpoint-table.ts';
import { KeyValueTable } from '../../components/key-value-table.tsx';
import { useDeviceInfo } from '../../lib/device.ts';
import { useMayCall } from '../../lib/permissions.ts';
import { useDiskStatus, useMcStatus, useStorageStatus } from './api/use-information.ts';
import { displayModuleRows, meterRows, webModuleRows } from './info-rows.ts';

export default function Information() {
  const infoAllowed = useMayCall(calls.deviceInfo);
  const info = useDeviceInfo(infoAllowed);
  const mc = useMcStatus();
  const disk = useDiskStatus();
  const storage = useStorageStatus();
  const loading = infoAllowed && info.isPending;

  return (
    <>
      <KeyValueTable title="Meter" rows={meterRows(info.data, mc.data?.mcStatus)} loading={loading} />
      <KeyValueTable title="Display Module" rows={displayModuleRows(info.data)} loading={loading} />
      <KeyValueTable title="Web Module" rows={webModuleRows(info.data, disk.data?.diskStatus, storage.data?.value)} loading={loading} />
    </>
  );
}
