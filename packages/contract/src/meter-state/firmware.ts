/**
 * Meter firmware thresholds (001 §5: "Firmware thresholds 1.12, 1.15, 1.16 change option lists";
 * §3: BACnet below 1.14). What 1.12 and 1.16 change is not shown; decided here (docs/decisions/meter-settings-rules.md):
 * 1.12 brings the 2LL and Network wiring types (and with Network the channels CH207-CH209),
 * 1.16 brings High-leg Delta.
 */
export const METER_FIRMWARE = {
  /** 2LL and Network wiring; with Network: User Channel 7-9, EP CH207-209, alarms on CH207-209. */
  extendedWiring: '1.12',
  /** Protocol 2, BACnet MS/TP. */
  bacnet: '1.14',
  /** Pulse constant up to 6000000 (60000 below). */
  largePulseConstant: '1.15',
  /** High-leg Delta wiring. */
  highLegDelta: '1.16',
} as const;

function parts(version: string): number[] {
  return version
    .trim()
    .replace(/^v/i, '')
    .split('.')
    .map((p) => {
      const n = parseInt(p, 10);
      return Number.isFinite(n) ? n : 0;
    });
}

/**
 * Compares dotted versions part by part as numbers, so 1.12 is above 1.2 and 'v1.16' equals
 * '1.16'. Missing parts count as 0. Returns -1, 0 or 1.
 */
export function compareVersions(a: string, b: string): number {
  const x = parts(a);
  const y = parts(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? 0) - (y[i] ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return 0;
}

export const firmwareAtLeast = (version: string, threshold: string): boolean => compareVersions(version, threshold) >= 0;
