/**
 * Settings › Communication › SNMP (002 §2.7, §3.8, §5.7, §8): the agent (enable, read-only
 * community, port) and its traps (targets 1–4, buffer size, hold time), saved with "SNMP config
 * saved"; and the MIB file download ("Error: File not found." when it fails). The community is
 * never shown: left empty it keeps the stored one.
 */
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { SNMP_TRAP_TARGETS, fieldName, snmpTexts as t, snmpSection } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { defineSectionScreen, type SectionValues } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { download } from '../../lib/api.ts';

const trap = (k: string) => fieldName('trapConfig', k);
const snmpOff = (v: SectionValues) => v.enable !== 1;
const trapsOff = (v: SectionValues) => snmpOff(v) || (v.trapConfig as Record<string, unknown> | undefined)?.enable !== 1;
const TRAP_FIELDS = [...SNMP_TRAP_TARGETS, 'reportBufferSize', 'reportHoldTime'].map(trap);

export const SNMP_SCREEN = defineSectionScreen({
  endpoint: 'snmpConfig',
  section: snmpSection,
  title: 'SNMP',
  blocks: [
    { kind: 'card', title: 'SNMP', fields: ['enable', 'readOnlyCommunity', 'port'] },
    { kind: 'card', title: 'Trap', fields: [trap('enable'), ...TRAP_FIELDS] },
  ],
  fields: {
    readOnlyCommunity: { disabledWhen: snmpOff },
    port: { disabledWhen: snmpOff },
    [trap('enable')]: { disabledWhen: snmpOff },
    ...Object.fromEntries(TRAP_FIELDS.map((f) => [f, { disabledWhen: trapsOff }])),
  },
});

function MibDownload() {
  const [busy, setBusy] = useState(false);
  const get = async () => {
    setBusy(true);
    await download(calls.snmpMib.path, { failureMessage: t.fileNotFound });
    setBusy(false);
  };
  return (
    <Button variant="outline-primary" className="mb-4" disabled={busy} onClick={() => void get()}>
      {t.downloadMib}
    </Button>
  );
}

export default function Snmp() {
  return (
    <SectionScreen def={SNMP_SCREEN}>
      <MibDownload />
    </SectionScreen>
  );
}
