/** Business constants of 000 §9 and 002 §9 used by both apps. */
import { QUANTITY_NAMES as Q } from './shared-texts.ts';

export const TIMING = {
  lockoutWaitSeconds: 10,
  rebootCountdownSeconds: 10,
  rebootPollMs: 3000,
  readingsRefreshMs: 5000,
  verifyPollMs: 3000,
  clockTickMs: 1000,
  firmwareReloadDelayMs: 100,
  diagnosticPollMs: 2000,
  alertSeconds: 5,
  trendBrushDebounceMs: 300,
} as const;

export const CHANNEL_COUNT = 18;
/** Row names of the three phases, in phase order (readings, energy, demand, harmonics). */
export const PHASE_NAMES = ['Phase A', 'Phase B', 'Phase C'] as const;
/**
 * Parameter keys of the real-time rows, in display order. Here, not beside the rows' schema: the
 * landing screen (Basic Metering) needs the keys and no schema, and this file builds none.
 */
export const REALTIME_KEYS = {
  vln: `${Q.vln} V`,
  vll: `${Q.vll} V`,
  current: 'Current A',
  activePower: `${Q.p} kW`,
  reactivePower: `${Q.q} kvar`,
  apparentPower: `${Q.s} kVA`,
  powerFactor: Q.pf,
  loadNature: 'Load Nature',
  frequency: 'Frequency Hz',
} as const;
export const USER_CHANNEL_COUNT = 6;
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const PAGINATION_NEIGHBOURS = 2;
export const EMMC_NORMAL_ABOVE = 10;
export const DEFAULT_DATE_FORMAT = 'YYYY/MM/DD hh:mm A';

/** 000 §3: wiring type values; default 1 when absent. */
export const WIRING_TYPES = { 0: '1 LN', 1: '3 LN', 2: '2 LN' } as const;
export type WiringType = 0 | 1 | 2;
export const DEFAULT_WIRING_TYPE: WiringType = 1;
/** Inputs per user channel for each wiring type. */
export const INPUTS_PER_USER: Record<WiringType, number> = { 0: 1, 1: 3, 2: 2 };

export const ALERT_TYPES = ['success', 'danger', 'warning', 'info'] as const;
export type AlertType = (typeof ALERT_TYPES)[number];
