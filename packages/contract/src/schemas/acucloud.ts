/**
 * AcuCloud (001 "AcuCloud config", "AcuCloud (when enabled)", §7): settings/communication/
 * acuCloudConfig. The token is a credential: never returned by a GET, '' in a body keeps the
 * stored one, so "required" is judged against what the module keeps.
 */
import { z } from 'zod';
import { acuCloudTexts as t } from '../messages.ts';
import { withMeta } from '../rules/field-meta.ts';
import { bool, optionalText, strictObject, text } from '../rules/fields.ts';
import { type Checker, rules } from '../rules/validators.ts';
import { checkField } from './meter-settings/helpers.ts';

const L = t.labels;

export const ENABLE_RADIO_OPTIONS = [
  { value: true, label: 'Enable' },
  { value: false, label: 'Disable' },
] as const;

const addressRule = rules.httpUrl(L.acuCloudAddress) as Checker<string>;

export const acuCloudConfig = strictObject({
  enable: withMeta(bool(L.enable), { kind: 'radio', options: ENABLE_RADIO_OPTIONS }),
  /** The device's; a PUT never changes it. */
  moduleSerialNumber: optionalText(L.moduleSerialNumber),
  acuCloudAddress: optionalText(L.acuCloudAddress, addressRule),
  acuCloudToken: withMeta(optionalText(L.acuCloudToken, rules.noSpace(L.acuCloudToken) as Checker<string>), { secret: true, help: t.tokenHelp, maxLength: 256 }),
}).superRefine((v, c) => {
  if (!v.enable) return;
  checkField(c, ['acuCloudAddress'], text(L.acuCloudAddress, addressRule), v.acuCloudAddress);
  checkField(c, ['acuCloudToken'], text(L.acuCloudToken, rules.maxLength(L.acuCloudToken, 256) as Checker<string>), v.acuCloudToken);
});
export type AcuCloudConfig = z.infer<typeof acuCloudConfig>;
