/**
 * Settings › Meter › User & CT (001 "Meter User and CT settings", §3 "User and CT config"):
 * Wiring of Three Phase User, the CTs of the 18 input channels and the User and Channel Mapping
 * (18 rows) whose channels follow the wiring chosen. Takes effect after a restart: the reboot
 * prompt follows the save, and the wiring and user names other screens cache are refetched.
 */
import { CT_KEYS, USER_CT_LABELS as L, USER_ID_KEYS, userChannelOptions, wiringKindOf, type MeterContext, meterUserCtSection } from '@meter/contract';
import { defineSectionScreen } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';

export const USER_CT_SCREEN = defineSectionScreen<MeterContext>({
  endpoint: 'userCtConfig',
  section: meterUserCtSection,
  title: 'User & CT',
  formLabel: 'Meter User and CT settings',
  invalidates: ['wiringType', 'userNames'],
  blocks: [
    { kind: 'card', title: L.connectionType, fields: ['connectionType'] },
    { kind: 'card', title: 'CT', fields: CT_KEYS, grid: 'col-md-4 col-lg-3' },
    {
      kind: 'rows',
      title: 'User and Channel Mapping',
      rows: USER_ID_KEYS,
      rowHeader: 'User',
      rowLabel: (_, i) => String(i + 1),
      columns: [
        { field: 'userName', header: 'User Name' },
        { field: 'channel', header: 'Channel', options: (_, ctx, v) => userChannelOptions(wiringKindOf(Number(v.connectionType), ctx.mcStatus) ?? '3LN') },
        { field: 'enableDisplay', header: 'Enable Display' },
      ],
    },
  ],
});

export default function MeterUserCt() {
  return <SectionScreen def={USER_CT_SCREEN} />;
}
