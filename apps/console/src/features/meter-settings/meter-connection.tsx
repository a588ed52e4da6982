/**
 * Settings › Meter › Meter Connection (issue 26, beyond the spec; docs/decisions/meter-connection-settings.md "Meter
 * Connection"): the simulator, a Modbus TCP meter or a Modbus RTU meter, applied after the reboot
 * the save offers. Read-only unless admin, and read-only when MODULE_METER set the source (the
 * environment wins; the module reports it).
 */
import { useMemo } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useQuery } from '@tanstack/react-query';
import { fieldName, meterConnectionSection, meterConnectionTexts as t } from '@meter/contract';
import { defineSectionScreen, type Condition } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { useIsAdmin } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';

const tcp = (k: string) => fieldName('tcp', k);
const rtu = (k: string) => fieldName('rtu', k);
const is =
  (source: string): Condition<unknown> =>
  (v) =>
    v.source === source;

const meterConnectionScreen = (readOnly: boolean) =>
  defineSectionScreen({
    endpoint: 'meterConnection',
    section: meterConnectionSection,
    title: 'Meter Connection',
    readOnly,
    blocks: [
      { kind: 'stack', fields: ['source'] },
      { kind: 'card', title: t.tcpCard, fields: [tcp('host'), tcp('port'), tcp('unit'), tcp('profile')], visibleWhen: is('modbus-tcp') },
      { kind: 'card', title: t.rtuCard, fields: [rtu('device'), rtu('baud'), rtu('parity'), rtu('unit'), rtu('profile')], visibleWhen: is('modbus-rtu') },
    ],
  });

export default function MeterConnection() {
  const admin = useIsAdmin();
  const environment = useQuery(endpointQuery('meterConnection')).data?.environment ?? '';
  // One declaration per state: a new one each render would rebuild the form's fields. Read-only also
  // for other access levels than admin (the section is adminOnly).
  const def = useMemo(() => meterConnectionScreen(environment !== ''), [environment]);
  return (
    <>
      {environment !== '' && (
        <Alert variant="info" data-testid="meter-environment">
          {t.fromEnvironment(environment)}
        </Alert>
      )}
      <SectionScreen def={def}>
        <p className="text-body-secondary">{admin ? t.appliedAtStart : t.adminOnly}</p>
      </SectionScreen>
    </>
  );
}
