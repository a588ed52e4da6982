/**
 * Settings › Emergency › Step 3 (002 §2.16, §4.10): module firmware update (.a2up), meter firmware
 * update (.abin), reset to factory default and module reboot. The firmware parts are the Firmware
 * page's (components/firmware): while either update runs the page cannot be left, 'Firmware is
 * upgrading. Please stay on the current page'. Next Step is disabled here (the last step).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { emergencyTexts as t, firmwareTexts, managementTexts, shellTexts } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { ManualUpdate, UpdateLog } from '../../components/firmware/manual-update-card.tsx';
import { useUpdateProcess } from '../../components/firmware/use-update-process.ts';
import { showAlert } from '../../lib/alerts.ts';
import { ApiError, callEndpoint } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useMayCall } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { requestReboot, startRebootCountdown } from '../../lib/reboot.ts';
import { rebootStore } from '../../lib/reboot-state.ts';
import { useStore } from '../../lib/use-store.ts';
import { EmergencyWizard } from './wizard.tsx';

export default function EmergencyStep3() {
  const client = useQueryClient();
  const info = useQuery(endpointQuery('deviceInfo'));
  const mayUpdate = useMayCall(calls.fwUpdate);
  const mayMeterUpdate = useMayCall(calls.meterUpdate);
  const mayReset = useMayCall(calls.resetFactory);
  const mayReboot = useMayCall(calls.rebootSystem);
  const rebooting = useStore(rebootStore).phase !== 'idle';
  const update = useUpdateProcess();
  const meterUpdate = useUpdateProcess('meter', () => void client.invalidateQueries({ queryKey: ['deviceInfo'] }));
  const updating = update.updating || meterUpdate.updating;
  const idle = !updating && !rebooting;

  const factoryReset = () =>
    confirmAction({
      title: t.factoryReset,
      body: managementTexts.confirmFactoryReset,
      run: async () => {
        try {
          await callEndpoint(calls.resetFactory, { body: { value: 1 }, suppress: true });
        } catch (e) {
          if (!(e instanceof ApiError && e.aborted)) showAlert({ type: 'danger', message: managementTexts.resetFactoryFailed });
          return false;
        }
        startRebootCountdown();
        return true;
      },
    });

  const reboot = () => confirmAction({ title: shellTexts.confirmation, body: shellTexts.rebootNow, run: requestReboot });

  return (
    <EmergencyWizard step={3} title={t.step3Title} busy={updating}>
      <p className="mb-1">
        {firmwareTexts.currentVersion}: <strong>{info.data?.moduleFirmwareVersion ?? ''}</strong>
      </p>
      <ManualUpdate kind="module" title={t.moduleFirmwareUpdate} canWrite={mayUpdate && idle} update={update} />
      <UpdateLog label={firmwareTexts.updateLog} update={update} />
      <p className="mb-1 mt-4">
        {firmwareTexts.meterCurrentVersion}: <strong>{info.data?.meterFirmwareVersion ?? ''}</strong>
      </p>
      <ManualUpdate kind="meter" title={t.meterFirmwareUpdate} canWrite={mayMeterUpdate && idle} update={meterUpdate} />
      <UpdateLog label={firmwareTexts.meterUpdateLog} update={meterUpdate} />
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Button variant="danger" disabled={!mayReset || !idle} onClick={factoryReset}>
          {t.factoryReset}
        </Button>
        <Button variant="outline-danger" disabled={!mayReboot || !idle} onClick={reboot}>
          {t.moduleReboot}
        </Button>
      </div>
    </EmergencyWizard>
  );
}
