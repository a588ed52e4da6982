/** Meter User and CT settings (settings/userCtConfig): 001 §3 "User and CT config", §5 "User/CT". */
import { z } from 'zod';
import { flag, int, intBetween, optionalText, strictObject } from '../../rules/fields.ts';
import { rule } from '../../rules/validators.ts';
import { CHANNEL_COUNT } from '../../options/constants.ts';
import type { MeterContext, SelectOption } from '../../meter-state/context.ts';
import { sealedFields } from '../../meter-state/seal.ts';
import { userChannelOptions, wiringKindOf, wiringTypeOptions } from '../../options/meter-settings/wiring.ts';
import { checkField, keysOf, sealable, select } from '../../rules/checks.ts';
import { withMeta } from '../../rules/field-meta.ts';
import { USER_CT_LABELS as L } from './labels.ts';

type Idx0 = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17;
type CtKey = `CT${Idx0}`;
type UserKey = `userId${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18}`;
/** CT0..CT17: full-scale amps of input channels 1..18. */
export const CT_KEYS = keysOf('CT', CHANNEL_COUNT, 0) as CtKey[];
export const USER_ID_KEYS = keysOf('userId', CHANNEL_COUNT) as UserKey[];
export const CT_RANGE = [5, 50000] as const;
export const USER_NAME_MAX = 6;

const userRow = (n: number, channels: readonly SelectOption[]) =>
  strictObject({
    userName: optionalText(L.userName(n), rule.alphaNum(), rule.maxLength(USER_NAME_MAX)),
    channel: withMeta(int(L.channel(n)), { kind: 'select', options: channels }),
    enableDisplay: flag(L.enableDisplay(n)),
  });
type UserRowSchema = ReturnType<typeof userRow>;
export type UserMapping = z.infer<UserRowSchema>;

/**
 * The PUT settings/userCtConfig body. Each user's channel must be offered by the wiring chosen in
 * the same body (connectionType), so a wiring change and its mapping are checked together.
 * While the meter is sealed no field is checked (the module refuses any change).
 */
export function userCtConfigSchema(ctx: MeterContext) {
  const sealed = new Set(sealedFields('userCt', ctx));
  const s = <S extends z.ZodType>(key: string, schema: S) => sealable(schema, sealed.has(key));
  const wirings = wiringTypeOptions(ctx);
  const cts = Object.fromEntries(CT_KEYS.map((k, i) => [k, s(k, withMeta(intBetween(L.ct(i), ...CT_RANGE), { unit: 'A' }))])) as Record<CtKey, ReturnType<typeof intBetween>>;
  const anyChannel = userChannelOptions('NET');
  const users = Object.fromEntries(USER_ID_KEYS.map((k, i) => [k, s(k, userRow(i + 1, anyChannel))])) as Record<UserKey, UserRowSchema>;
  return strictObject({ ...cts, connectionType: s('connectionType', select(L.connectionType, wirings)), ...users }).superRefine((v, c) => {
    if (sealed.size > 0 || !wirings.some((o) => o.value === v.connectionType)) return;
    const kind = wiringKindOf(v.connectionType, ctx.mcStatus);
    if (!kind) return;
    const channels = userChannelOptions(kind);
    USER_ID_KEYS.forEach((key, i) => checkField(c, [key, 'channel'], select(L.channel(i + 1), channels), v[key].channel));
  });
}
export type UserCtConfigBody = z.input<ReturnType<typeof userCtConfigSchema>>;

const n = z.number();
const userData = z.object({ userName: z.string(), channel: n, enableDisplay: n });
/** GET settings/userCtConfig. */
export const userCtConfigData = z.object({
  ...(Object.fromEntries(CT_KEYS.map((k) => [k, n])) as Record<CtKey, z.ZodNumber>),
  connectionType: n,
  ...(Object.fromEntries(USER_ID_KEYS.map((k) => [k, userData])) as Record<UserKey, typeof userData>),
});
export type UserCtConfig = z.infer<typeof userCtConfigData>;
