/** Option lists and constants of the installation and inspection records (000 §3, §4, §9). */

/** Wiring type values of a record (000 §3); 1 when absent. */
export const RECORD_WIRING_OPTIONS = [
  { value: 0, label: '1 LN' },
  { value: 1, label: '3 LN' },
  { value: 2, label: '2 LN' },
] as const;
export const DEFAULT_RECORD_WIRING = 1;

export const PHASES = ['A', 'B', 'C'] as const;
export type Phase = (typeof PHASES)[number];

/** Inspection status values (000 §4); 3 carries the free text. */
export const INSPECTION_STATUS_OPTIONS = [
  { value: 0, label: 'Installation Tested and Verified' },
  { value: 1, label: 'Installation Tested, Corrected and Verified' },
  { value: 2, label: 'Installation Rejected' },
  { value: 3, label: 'Others' },
] as const;
export const INSPECTION_STATUS_OTHERS = 3;
export const inspectionStatusText = (status: number, others: string): string =>
  status === INSPECTION_STATUS_OTHERS ? `Others: ${others}` : (INSPECTION_STATUS_OPTIONS.find((o) => o.value === status)?.label ?? '-');

export const MODBUS_RTU_BAUDRATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200] as const;

/** The verify poll (000 §9). */
export const VERIFY_POLL_MS = 3000;

/** One CT input of a record: its input id, the user channel it belongs to and its default phase. */
export interface CtSlot {
  id: number;
  userChannel: number;
  phase: Phase;
}

/**
 * The CT rows of a wiring type (000 §3): 0 gives 18 user channels of one input each, 1 gives 6
 * of three inputs (A, B, C), 2 gives 6 of two inputs (A, B) with every third input id skipped.
 */
export function ctLayout(wiringType: number): CtSlot[] {
  const slots: CtSlot[] = [];
  for (let id = 1; id <= 18; id++) {
    const within = (id - 1) % 3;
    if (wiringType === 0) slots.push({ id, userChannel: id, phase: 'A' });
    else if (wiringType === 2 && within === 2) continue;
    else slots.push({ id, userChannel: Math.ceil(id / 3), phase: PHASES[within]! });
  }
  return slots;
}
