/**
 * What the meter settings' option lists and rules depend on (001 §1: wiring type, demand
 * verified, pulse verified, seal; §3: meter model and firmware, module status). Every option
 * function and schema factory of the meter settings takes one of these, so the console's forms
 * and the module's checks are built from the same facts.
 */
export interface OptionalSealConfig {
  deviceRunTime: number;
  deviceClock: number;
  touRelated: number;
  /** 1: the seal covers the On Board RS485 card. */
  commuParam: number;
  networkParam: number;
  /** 1: the seal covers alarm enable, RO type and the system events. */
  roRelated: number;
}

export const OPTIONAL_SEAL_KEYS = ['deviceRunTime', 'deviceClock', 'touRelated', 'commuParam', 'networkParam', 'roRelated'] as const;

export interface MeterContext {
  /** settings/deviceInfo meterModel, e.g. 'AcuRev 2100-mV-18'. */
  meterModel: string;
  /** settings/deviceInfo or command/getMCStatus meterFirmwareVersion. */
  meterFirmwareVersion: string;
  /** command/getMCStatus mcStatus: decides the values of the extra wiring types. */
  mcStatus: number;
  /** settings/deviceInfo demmandVerified. */
  demandVerified: boolean;
  /** settings/deviceInfo pulseVerified: the DI type is editable only when set. */
  pulseVerified: boolean;
  /** The meter's wiring value (settings/meter voltageWiring = command/getWiringType WiringType). */
  wiringType: number;
  /** settings/deviceInfo meterSealStatus is 1. */
  sealed: boolean;
  /** settings/meter optionalSealConfig: which optional groups the seal covers. */
  optionalSeal: OptionalSealConfig;
  /** settings/meter demandMethod as the device holds it (Thermal and Sliding are offered only then). */
  demandMethod: number;
}

export const NO_OPTIONAL_SEAL: OptionalSealConfig = { deviceRunTime: 0, deviceClock: 0, touRelated: 0, commuParam: 0, networkParam: 0, roRelated: 0 };

/** Builds the context from the replies the settings screens load anyway. */
export function meterContextFrom(input: {
  deviceInfo: { meterModel: string; meterFirmwareVersion: string; meterSealStatus: number; demmandVerified: number; pulseVerified: number };
  mcStatus: number;
  meterSettings: { voltageWiring: number; demandMethod: number; optionalSealConfig: OptionalSealConfig };
}): MeterContext {
  const { deviceInfo: d, meterSettings: s } = input;
  return {
    meterModel: d.meterModel,
    meterFirmwareVersion: d.meterFirmwareVersion,
    mcStatus: input.mcStatus,
    demandVerified: d.demmandVerified === 1,
    pulseVerified: d.pulseVerified === 1,
    wiringType: s.voltageWiring,
    sealed: d.meterSealStatus === 1,
    optionalSeal: { ...s.optionalSealConfig },
    demandMethod: s.demandMethod,
  };
}

/** An option of a select: the value sent to the device and the text shown. */
export interface SelectOption<V extends number = number> {
  value: V;
  label: string;
}

export const optionValues = (options: readonly SelectOption[]): number[] => options.map((o) => o.value);

/** A neutral context (unsealed, 3LN, everything verified): for typing and defaults, never for a live check. */
export const DEFAULT_METER_CONTEXT: MeterContext = {
  meterModel: '',
  meterFirmwareVersion: '0',
  mcStatus: 1,
  demandVerified: true,
  pulseVerified: true,
  wiringType: 1,
  sealed: false,
  optionalSeal: NO_OPTIONAL_SEAL,
  demandMethod: 1,
};
