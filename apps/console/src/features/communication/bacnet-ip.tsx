/**
 * Settings › Communication › BACnet/IP (001 "Communication, BACnet/IP", "BACnet config", rules):
 * the Enable radio; when enabled, port, device instance, name, location, description, the
 * foreign device card and the EPICS file download ("Error: File not found." when it fails).
 * Saved with "BACnet/IP config saved", then the reboot prompt.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { bacnetTexts as t, fieldName, bacnetSection } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { defineSectionScreen, type SectionValues } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { download } from '../../lib/api.ts';

const fd = (k: string) => fieldName('foreignDeviceConfig', k);
const on = (v: SectionValues) => v.enable === 1;
const fdOff = (v: SectionValues) => (v.foreignDeviceConfig as Record<string, unknown> | undefined)?.enable !== 1;

export const BACNET_SCREEN = defineSectionScreen({
  endpoint: 'bacnetConfig',
  section: bacnetSection,
  title: 'BACnet/IP',
  blocks: [
    { kind: 'stack', fields: ['enable'] },
    // The EPICS download shows with the fields as soon as Enable is chosen (issue 28), before a save.
    { kind: 'card', title: 'BACnet/IP', fields: ['port', 'deviceInstance', 'deviceName', 'location', 'description'], visibleWhen: on, footer: () => <EpicsDownload /> },
    { kind: 'card', title: 'Foreign Device', fields: [fd('enable'), fd('BBMDIP'), fd('BBMDPort'), fd('TTL')], visibleWhen: on },
  ],
  fields: Object.fromEntries(['BBMDIP', 'BBMDPort', 'TTL'].map((k) => [fd(k), { disabledWhen: fdOff }])),
});

/** Shown while Enable is chosen (001): the file describes the running device, else the one the stored settings start. */
function EpicsDownload() {
  const [busy, setBusy] = useState(false);
  const get = async () => {
    setBusy(true);
    await download(calls.bacnetEpics.path, { failureMessage: t.fileNotFound });
    setBusy(false);
  };
  return (
    <Button variant="outline-primary" className="mt-2" disabled={busy} onClick={() => void get()}>
      {t.downloadEpics}
    </Button>
  );
}

export default function BacnetIp() {
  return <SectionScreen def={BACNET_SCREEN} />;
}
