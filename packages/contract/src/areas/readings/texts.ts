/**
 * Reading texts (000 §8 and the meter link of issue 26), zod-free: Basic Metering and the banner of
 * every readings screen read them without loading the schemas.
 */

/** Reading › Metering (000 §8 "Relay toggle success"). */
export const meteringTexts = {
  relayToggled: (n: number) => `Relay output ${n} toggle successful`,
} as const;

/**
 * A real meter behind the module (issue 26, docs/modbus.md): ours, the spec has none. The banner
 * of every readings screen while the meter does not answer (`hhmmss` in the device's time), and
 * the module event log's entries at the loss and at the recovery.
 */
export const meterLinkTexts = {
  notResponding: (hhmmss: string) => `Meter not responding since ${hhmmss}`,
  lostEvent: (source: string, reason: string) => `Meter not responding (${source}): ${reason}`,
  recoveredEvent: (source: string) => `Meter responding again (${source})`,
} as const;
