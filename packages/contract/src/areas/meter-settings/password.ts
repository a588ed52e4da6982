/** Meter password (001 §5 "Meter password", §7 command/meter/setMeterPassword). */
import type { z } from 'zod';
import { PASSWORDS_DO_NOT_MATCH } from '../users/texts.ts';
import { strictObject, text } from '../../rules/fields.ts';
import { rule } from '../../rules/validators.ts';
import { METER_PASSWORD_LABELS as L } from './labels.ts';
import { withMeta } from '../../rules/field-meta.ts';

export const METER_PASSWORD_MAX_DIGITS = 4;

/**
 * Required, an integer of at most 4 digits. Sent as text so leading zeros survive ('0042');
 * decided: digits only (the integer rule alone would let a sign through).
 */
const meterPassword = (label: string, help?: string) => withMeta(text(label, rule.integer(), rule.numeric(), rule.maxLength(METER_PASSWORD_MAX_DIGITS)), { secret: true, help });
const DIGITS_HELP = `Up to ${METER_PASSWORD_MAX_DIGITS} digits`;

/** The Meter Password card: current, new and repeat; repeat must equal new. */
export const meterPasswordSchema = strictObject({
  currentPassword: meterPassword(L.currentPassword, DIGITS_HELP),
  newPassword: meterPassword(L.newPassword, DIGITS_HELP),
  repeatPassword: meterPassword(L.repeatPassword),
}).superRefine((v, c) => {
  if (v.repeatPassword !== v.newPassword) c.addIssue({ code: 'custom', message: PASSWORDS_DO_NOT_MATCH, path: ['repeatPassword'] });
});

/** PATCH command/meter/setMeterPassword. */
export const setMeterPasswordBody = strictObject({
  oldPassword: meterPassword(L.currentPassword),
  newPassword: meterPassword(L.newPassword),
});
export type SetMeterPasswordBody = z.input<typeof setMeterPasswordBody>;
