/**
 * Settings › Module Firmware (002 §2.13, §4.7–4.10): Auto Update (checkStat radio, check-time
 * select, Save), Remote Update, the Firmware Server URL only with `?showAdvanced=true`, and Manual
 * Update: choose and upload a .a2up (step 0), then Process or Cancel (step 1). Processing (either
 * way) polls the update log every 3 s until 'END OF FILE' (components/firmware); meanwhile the
 * page cannot be left. Below, the meter firmware (.abin) with its own upload and update log.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { AUTO_UPDATE_OFF, feedbackTexts, firmwareTexts as t, autoUpdateSection, firmwareServerSection } from '@meter/contract';
import { CopyButton } from '../../components/copy-button.tsx';
import { ManualUpdate, UpdateLog } from '../../components/firmware/manual-update-card.tsx';
import { useUpdateProcess } from '../../components/firmware/use-update-process.ts';
import { defineSectionScreen } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { RemoteUpdate } from './remote-update.tsx';
import { ScreenTitle } from '../../components/screen-title.tsx';

const AUTO_UPDATE_SCREEN = defineSectionScreen({
  endpoint: 'autoUpdateConfig',
  section: autoUpdateSection,
  title: t.autoUpdate,
  formLabel: t.autoUpdate,
  blocks: [{ kind: 'stack', fields: ['checkStat', 'checkTime'] }],
  fields: { checkTime: { disabledWhen: (v) => v.checkStat === AUTO_UPDATE_OFF } },
});

const FIRMWARE_SERVER_SCREEN = defineSectionScreen({
  endpoint: 'firmwareSettings',
  section: firmwareServerSection,
  title: t.firmwareServer,
  formLabel: t.firmwareServer,
  blocks: [{ kind: 'stack', fields: ['moduleCheckUpdateUrl'] }],
  failureMessage: t.serverUrlFailed,
});

export default function ModuleFirmware() {
  const canWrite = useCanWriteHere();
  const client = useQueryClient();
  const [params] = useSearchParams();
  const info = useQuery(endpointQuery('deviceInfo'));
  const update = useUpdateProcess();
  // The meter settings' option lists follow the meter firmware: every reader of deviceInfo reloads.
  const meterUpdate = useUpdateProcess('meter', () => void client.invalidateQueries({ queryKey: ['deviceInfo'] }));

  return (
    <section>
      <ScreenTitle className="h4">{t.title}</ScreenTitle>
      <p>
        {t.currentVersion}: <strong>{info.data?.moduleFirmwareVersion ?? ''}</strong>{' '}
        {info.data?.moduleFirmwareVersion && (
          <CopyButton value={info.data.moduleFirmwareVersion} label={feedbackTexts.copy} copiedLabel={feedbackTexts.copied} name={feedbackTexts.names.moduleFirmwareVersion} />
        )}
      </p>
      <SectionScreen def={AUTO_UPDATE_SCREEN} />
      {/* 002 §2.13: the server URL is for the vendor's support, shown only when asked for. */}
      {params.get('showAdvanced') === 'true' && <SectionScreen def={FIRMWARE_SERVER_SCREEN} />}
      <RemoteUpdate canWrite={canWrite} update={update} />
      <ManualUpdate kind="module" title={t.manualUpdate} canWrite={canWrite && !meterUpdate.updating} update={update} />
      <UpdateLog label={t.updateLog} update={update} />
      <h2 className="h4 mt-4">{t.meterTitle}</h2>
      <p>
        {t.meterCurrentVersion}: <strong>{info.data?.meterFirmwareVersion ?? ''}</strong>{' '}
        {info.data?.meterFirmwareVersion && (
          <CopyButton value={info.data.meterFirmwareVersion} label={feedbackTexts.copy} copiedLabel={feedbackTexts.copied} name={feedbackTexts.names.meterFirmwareVersion} />
        )}
      </p>
      <ManualUpdate kind="meter" title={t.meterManualUpdate} canWrite={canWrite && !update.updating} update={meterUpdate} />
      <UpdateLog label={t.meterUpdateLog} update={meterUpdate} />
    </section>
  );
}
