/** The Meter Password card of Settings › Meter › General (001 §5 "Meter password"): its own form and call. */
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { SaveForm } from '../../components/form/save-form.tsx';
import { GENERAL_LABELS as L, meterPasswordSchema, meterSettingsTexts } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { FormFields } from '../../components/form/form-fields.tsx';
import { useSettingsForm } from '../../components/form/use-settings-form.ts';
import { SettingsCard } from '../../components/section/section-form.tsx';
import { schemaFieldDefs } from '../../components/section/section-fields.ts';
import { callEndpoint } from '../../lib/api.ts';

const PASSWORD_FIELDS = schemaFieldDefs(meterPasswordSchema).map((d) => (d.name === 'currentPassword' ? { ...d, autoComplete: 'current-password' } : d));
const EMPTY_PASSWORDS = { currentPassword: '', newPassword: '', repeatPassword: '' };
export const UPDATE_PASSWORD_LABEL = 'Update Password';

export function MeterPasswordCard() {
  const state = useSettingsForm({
    schema: meterPasswordSchema,
    values: EMPTY_PASSWORDS,
    fields: PASSWORD_FIELDS,
    requireChange: false,
    onSave: (v) => callEndpoint(calls.setMeterPassword, { body: { oldPassword: v.currentPassword, newPassword: v.newPassword }, suppress: true }),
    successMessage: meterSettingsTexts.passwordUpdated,
    afterSave: () => state.form.reset(EMPTY_PASSWORDS),
  });
  const formId = useId();
  return (
    <SettingsCard title={L.meterPassword}>
      <SaveForm state={state} label={L.meterPassword}>
        <FormFields state={state} formId={formId} />
        {!state.readOnly && (
          <Button type="submit" variant="primary" disabled={state.saving}>
            {UPDATE_PASSWORD_LABEL}
          </Button>
        )}
      </SaveForm>
    </SettingsCard>
  );
}
