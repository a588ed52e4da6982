/** Option lists of the Meter General settings (001 §3 "Option lists"). */
import { CHANNEL_COUNT } from '../constants.ts';
import type { MeterContext, SelectOption } from '../../meter-state/context.ts';
import { METER_FIRMWARE, firmwareAtLeast } from '../../meter-state/firmware.ts';

/** 1 Rolling Window, 2 Fixed Window; 3 Thermal Demand and 0 Sliding Window only if the device already has that value. */
export function demandMethodOptions(current: number | undefined): SelectOption[] {
  const options: SelectOption[] = [
    { value: 1, label: 'Rolling Window' },
    { value: 2, label: 'Fixed Window' },
  ];
  if (current === 3) options.push({ value: 3, label: 'Thermal Demand' });
  if (current === 0) options.push({ value: 0, label: 'Sliding Window' });
  return options;
}
/** 001 §4: the sub-interval is disabled with demand method 2 (a fixed window has one sub-interval). */
export const SUB_INTERVAL_DISABLED_METHOD = 2;

export const DI_TRIGGER_OPTIONS: readonly SelectOption[] = [
  { value: 0, label: 'None' },
  { value: 1, label: 'Rising' },
  { value: 2, label: 'Falling' },
  { value: 3, label: 'Changing' },
];
export const DI_TRIGGER = { none: 0, rising: 1, falling: 2, changing: 3 } as const;

export const DI_SYNC_SOURCE_OPTIONS: readonly SelectOption[] = Array.from({ length: CHANNEL_COUNT }, (_, i) => ({ value: i + 1, label: `DI${i + 1}` }));

/** Baud rates; 115200 is stored as 11520 (the device's register holds baud / 10 above 65535). */
export const BAUD_OPTIONS: readonly SelectOption[] = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200].map((b) => ({
  value: b === 115200 ? 11520 : b,
  label: String(b),
}));
/** The baud rate a stored value stands for. */
export const baudRateOf = (value: number): number => (value === 11520 ? 115200 : value);

export const PROTOCOL = { modbusRtu: 0, bacnetMstp: 2 } as const;
/** 0 Modbus RTU, 2 BACnet MS/TP; BACnet only from meter firmware 1.14. */
export function protocolOptions(ctx: Pick<MeterContext, 'meterFirmwareVersion'>): SelectOption[] {
  const options: SelectOption[] = [{ value: PROTOCOL.modbusRtu, label: 'Modbus RTU' }];
  if (firmwareAtLeast(ctx.meterFirmwareVersion, METER_FIRMWARE.bacnet)) options.push({ value: PROTOCOL.bacnetMstp, label: 'BACnet MS/TP' });
  return options;
}

export const PARITY_OPTIONS: readonly SelectOption[] = [
  { value: 0, label: 'Even' },
  { value: 1, label: 'Odd' },
  { value: 2, label: 'None 2' },
  { value: 3, label: 'None 1' },
];

export const VAR_METHOD_OPTIONS: readonly SelectOption[] = [
  { value: 0, label: 'True' },
  { value: 1, label: 'Generalized' },
];
export const VAR_PF_CONVENTION_OPTIONS: readonly SelectOption[] = [
  { value: 0, label: 'IEC' },
  { value: 1, label: 'IEEE' },
];

/**
 * Device Transformer by meter model: '-mA-' models take 80 or 100 mA CTs, '-mV-' models 333 mV
 * or RCT (120); other models offer none (the field then keeps the device's value, any integer).
 */
export function transformerOptions(meterModel: string): SelectOption[] {
  if (meterModel.includes('-mA-')) {
    return [
      { value: 80, label: '80 mA' },
      { value: 100, label: '100 mA' },
    ];
  }
  if (meterModel.includes('-mV-')) {
    return [
      { value: 333, label: '333 mV' },
      { value: 120, label: 'RCT (120)' },
    ];
  }
  return [];
}

export const defaultTransformerOf = (meterModel: string): number => transformerOptions(meterModel)[0]?.value ?? 0;
