/** The CE wireless transmit test's options and defaults (000 §5, §9). */

export const IEEE_PROTOCOL_OPTIONS = [
  { value: 1, label: '802.11b' },
  { value: 2, label: '802.11g' },
  { value: 3, label: '802.11n' },
] as const;
/** The command each protocol runs (000 §7). */
export const CE_TEST_PATHS = { 1: '11bTXTesting', 2: '11gTXTesting', 3: '11nTXTesting' } as const;

/** Override rates by protocol (000 §5): 802.11n's are MCS 1 to 8 sent as 0 to 7. */
export function overrideRateOptions(protocol: number): { value: number; label: string }[] {
  if (protocol === 1) return [1, 2, 5.5, 11].map((v) => ({ value: v, label: String(v) }));
  if (protocol === 2) return [6, 9, 12, 18, 24, 36, 48, 54].map((v) => ({ value: v, label: String(v) }));
  if (protocol === 3) return Array.from({ length: 8 }, (_, i) => ({ value: i, label: String(i + 1) }));
  return [];
}

export const PHY_WATCHDOG_OPTIONS = [
  { value: 0, label: 'Disable' },
  { value: 1, label: 'Enable' },
] as const;
export const COUNTRY_CODE_OPTIONS = [
  { value: 1, label: 'US/911' },
  { value: 2, label: 'EU/116' },
  { value: 3, label: 'JP/101' },
] as const;
/** Decided: 000 §9 names only the default, 20 MHz; 40 MHz is the other width of 2.4 GHz 802.11n. */
export const CHANNEL_BANDWIDTH_OPTIONS = [
  { value: 20, label: '20 MHz' },
  { value: 40, label: '40 MHz' },
] as const;
/** Chanspec 1 to 14, labelled 0*1001 to 0*100e (000 §9). */
export const CHANSPEC_OPTIONS = Array.from({ length: 14 }, (_, i) => ({ value: i + 1, label: `0*100${(i + 1).toString(16)}` }));
export const WLAN_POWER_TYPE_OPTIONS = [
  { value: 1, label: 'FCC' },
  { value: 2, label: 'ETSI' },
] as const;
export const TEST_SCAN_OPTIONS = [
  { value: 1, label: 'Suppress' },
  { value: 2, label: 'Allow' },
] as const;
export const TRANSMIT_PACKETS_OPTIONS = [
  { value: 1, label: 'TX' },
  { value: 2, label: 'Txwithack' },
] as const;
export const SYNCHRONOUS_MODE_OPTIONS = [
  { value: 0, label: 'OFF' },
  { value: 1, label: 'ON' },
] as const;
export const DEFAULT_DESTINATION_ADDRESS = '00:11:22:33:44:55';
