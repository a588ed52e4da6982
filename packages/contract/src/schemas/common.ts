import { z } from 'zod';
import { logTexts } from '../areas/logs/texts.ts';

/** Every reply is `{ data: ... }` (see docs/api.md). */
export const valueReply = <T extends z.ZodType>(value: T) => z.object({ value });
export const successReply = valueReply(z.string());
export const emptyBody = z.strictObject({});
/** Bodies of the form {value: 1} used by commands. */
export const valueOneBody = z.strictObject({ value: z.literal(1, { error: logTexts.valueMustBeOne }) });

/**
 * The error reply body: human message in value, per-field messages in errors; a refused sign-in
 * under a locking policy also says how many failed attempts are left before the lockout.
 */
export const errorReply = z.object({ value: z.string(), errors: z.record(z.string(), z.string()).optional(), attemptsLeft: z.number().int().nonnegative().optional() });
export type ErrorReply = z.infer<typeof errorReply>;
