/**
 * Settings › Meter › General (001 "Meter General settings", §4 visibility and seal, §5): the
 * cards of settings/meter (the Optional Seal Configuration flags included) and the Meter
 * Password card as a form of its own. Saved without a reboot prompt ('Meter config saved').
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { GENERAL_LABELS as L, OPTIONAL_SEAL_KEYS, PROTOCOL, SUB_INTERVAL_DISABLED_METHOD, fieldName, type MeterContext, meterGeneralSection } from '@meter/contract';
import { defineSectionScreen, type Condition } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';
import { usePermission } from '../../lib/permissions.ts';
import { MeterPasswordCard } from './meter-password-card.tsx';
import { generalRedirect } from './rules.ts';

const demandVerified: Condition<MeterContext> = (_, ctx) => ctx.demandVerified;
const modbus: Condition<MeterContext> = (v) => v.protocolSelect === PROTOCOL.modbusRtu;
const bacnet: Condition<MeterContext> = (v) => v.protocolSelect === PROTOCOL.bacnetMstp;

export const GENERAL_SCREEN = defineSectionScreen<MeterContext>({
  endpoint: 'meterSettings',
  section: meterGeneralSection,
  title: 'General',
  formLabel: 'Meter General settings',
  // The top bar's device name and About's description follow a saved Device Description at once.
  invalidates: ['homePageInfo', 'deviceInfo'],
  blocks: [
    { kind: 'card', title: L.deviceDescription, fields: ['deviceDescription'] },
    { kind: 'card', title: L.deviceTransformer, fields: ['deviceTransformer'] },
    { kind: 'card', title: L.ratedVoltage, fields: ['ratedVoltage'] },
    { kind: 'card', title: 'Demand', fields: ['demandMethod', 'subInterval', 'avgIntervalWindow'], visibleWhen: demandVerified },
    { kind: 'card', title: 'DI Synchronous Demand', fields: ['diTriggerCondition', 'diSyncSource'], visibleWhen: demandVerified },
    { kind: 'card', title: L.varCalMethod, fields: ['varCalMethod'] },
    { kind: 'card', title: L.varPfConvention, fields: ['varPfConvention'] },
    { kind: 'card', title: 'On Board RS485', fields: ['protocolSelect', 'meterAddress', 'meterBaud', 'meterParity', 'bacnetAddress', 'bacnetBaud', 'maxInfoFrame', 'bacnetId'] },
    { kind: 'card', title: 'Display', fields: ['autoCycleStartTime', 'autoCycleShowTime', 'powerDecimal', 'backlightTime'] },
    { kind: 'card', title: L.optionalSealConfig, fields: OPTIONAL_SEAL_KEYS.map((k) => fieldName('optionalSealConfig', k)) },
  ],
  fields: {
    subInterval: { disabledWhen: (v) => v.demandMethod === SUB_INTERVAL_DISABLED_METHOD },
    meterAddress: { visibleWhen: modbus },
    meterBaud: { visibleWhen: modbus },
    meterParity: { visibleWhen: modbus },
    bacnetAddress: { visibleWhen: bacnet },
    bacnetBaud: { visibleWhen: bacnet },
    maxInfoFrame: { visibleWhen: bacnet },
    bacnetId: { visibleWhen: bacnet },
  },
});

export default function MeterGeneral() {
  const navigate = useNavigate();
  const redirect = generalRedirect(usePermission());
  useEffect(() => {
    if (redirect) void navigate(redirect, { replace: true });
  }, [redirect, navigate]);
  if (redirect) return null;
  return (
    <SectionScreen def={GENERAL_SCREEN}>
      <MeterPasswordCard />
    </SectionScreen>
  );
}
