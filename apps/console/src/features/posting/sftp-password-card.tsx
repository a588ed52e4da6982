/**
 * The SFTP tab's password (002 §5.4, §7.2): its own form (setSftpPassword, 7 to 15 characters,
 * no spaces, a number and a letter) and Reset Password, which clears it after a confirmation
 * (resetSftpPassword): there is no default, SFTP stays off until a password is set. Neither is
 * shown without write permission.
 */
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import { dataLogTexts as t, setSftpPasswordBody, shellTexts } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { FormFields } from '../../components/form/form-fields.tsx';
import { SaveForm } from '../../components/form/save-form.tsx';
import { useSettingsForm } from '../../components/form/use-settings-form.ts';
import { SettingsCard } from '../../components/section/section-form.tsx';
import { schemaFieldDefs } from '../../components/section/section-fields.ts';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';

const FIELDS = schemaFieldDefs(setSftpPasswordBody);
const EMPTY = { password: '' };

export function SftpPasswordCard() {
  const state = useSettingsForm({
    schema: setSftpPasswordBody,
    values: EMPTY,
    fields: FIELDS,
    requireChange: false,
    onSave: (v) => callEndpoint(calls.setSftpPassword, { body: v, suppress: true }),
    successMessage: t.sftpPasswordSet,
    afterSave: () => state.form.reset(EMPTY),
  });
  const formId = useId();
  if (state.readOnly) return null;
  const reset = () =>
    confirmAction({
      title: shellTexts.confirmation,
      body: t.resetConfirm,
      run: async () => (await callEndpoint(calls.resetSftpPassword, { body: {}, suppress: true })).value === 'Success',
      onSuccess: () => showAlert({ type: 'success', message: t.sftpPasswordReset }),
      onFailure: () => showAlert({ type: 'danger', message: t.resetFailed }),
    });
  return (
    <SettingsCard title={t.sftpPasswordCard}>
      <SaveForm state={state} label={t.setPassword}>
        <FormFields state={state} formId={formId} />
        <div className="d-flex flex-wrap gap-2">
          <Button type="submit" variant="primary" disabled={state.saving}>
            {t.setPassword}
          </Button>
          <Button variant="outline-danger" onClick={reset}>
            {t.resetPassword}
          </Button>
        </div>
      </SaveForm>
    </SettingsCard>
  );
}
