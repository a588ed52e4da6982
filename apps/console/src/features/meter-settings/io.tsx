/**
 * Settings › Meter › I/O & Event (001 "Meter I/O and Event settings", §3 "IO config", §4
 * "Pulse input rows"): Pulse Input (18 rows), RO Type and Output Mode, the system event alarm
 * table, Energy Pulse (DO), pulse constant and width. Takes effect after a restart (reboot prompt).
 */
import { DI_CONFIG_KEYS, DO_CHANNEL_KEYS, METER_EVENT_KEYS, diTypeLocked, fieldName, meterEventTexts, type MeterContext, meterIoSection } from '@meter/contract';
import { defineSectionScreen, type RowColumn } from '../../components/section/section-def.ts';
import { SectionScreen } from '../../components/section/section-screen.tsx';

const STATUS_TYPE = 0;
/** A status input counts nothing: its category, unit and ratio are off. */
const counterOnly = (header: string, field: string): RowColumn<MeterContext> => ({ field, header, disabledWhen: (row) => row.type === STATUS_TYPE });
const EVENT_ROWS = METER_EVENT_KEYS.map((k) => fieldName('systemEventAlarm', k));

export const IO_SCREEN = defineSectionScreen<MeterContext>({
  endpoint: 'ioConfig',
  section: meterIoSection,
  title: 'I/O & Event',
  formLabel: 'Meter I/O and Event settings',
  blocks: [
    {
      kind: 'rows',
      title: 'Pulse Input',
      rows: DI_CONFIG_KEYS,
      rowHeader: 'DI',
      rowLabel: (_, i) => `DI${i + 1}`,
      columns: [
        { field: 'type', header: 'Type', disabledWhen: (_, ctx) => diTypeLocked(ctx) },
        { field: 'name', header: 'Name' },
        counterOnly('Category', 'category'),
        counterOnly('Unit', 'unit'),
        counterOnly('Ratio', 'ratio'),
      ],
    },
    { kind: 'card', title: 'RO Type and Output Mode', fields: ['ro1Type', 'ro1OutputMode', 'ro2Type', 'ro2OutputMode', 'roPulseWidth', 'roAlarmOutputTime'] },
    {
      kind: 'rows',
      title: 'Meter System Event',
      rows: EVENT_ROWS,
      rowHeader: 'Event',
      rowLabel: (_, i) => meterEventTexts[METER_EVENT_KEYS[i]!],
      columns: [
        { field: 'enable', header: 'Enable' },
        { field: 'output', header: 'Output' },
      ],
    },
    { kind: 'card', title: 'Energy Pulse (DO)', fields: [...DO_CHANNEL_KEYS, 'pulseConst', 'pulseWidth'] },
  ],
});

export default function MeterIo() {
  return <SectionScreen def={IO_SCREEN} />;
}
