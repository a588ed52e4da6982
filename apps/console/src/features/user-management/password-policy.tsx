/**
 * System Settings › User Management › Password Policy (002 §2.18): a table of the 12 settings,
 * Save with write permission only. No reboot prompt: the module applies the policy at once (the
 * next sign-in, password change and session check read it).
 */
import { passwordPolicy, userManagementTexts } from '@meter/contract';
import { Loading } from '../../components/loading.tsx';
import { SettingsForm } from '../../components/form/settings-form.tsx';
import { usePasswordPolicy, useSavePasswordPolicy } from './api/use-password-policy.ts';
import { PASSWORD_POLICY_FIELDS } from './password-policy-fields.ts';

const TITLE = 'Password Policy';

export default function PasswordPolicy() {
  const policy = usePasswordPolicy();
  const save = useSavePasswordPolicy();
  if (policy.isPending) return <Loading />;
  // A failed load has been reported by the request helper; a form of blanks would only invite a bad save.
  if (!policy.data) return null;
  return (
    <section>
      <h2 className="h5">{TITLE}</h2>
      <SettingsForm
        title={TITLE}
        layout="table"
        schema={passwordPolicy}
        values={policy.data}
        fields={PASSWORD_POLICY_FIELDS}
        onSave={(values) => save.mutateAsync(values)}
        successMessage={userManagementTexts.passwordPolicySaved}
      />
    </section>
  );
}
