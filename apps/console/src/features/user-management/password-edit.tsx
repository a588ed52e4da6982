/**
 * Password Management › Edit (002 §2.19, §5.11). Another user's password: PUT usermg/user/pwd with
 * the override flag, then back to the list. The signed-in user's own (admin through the
 * default-password prompt): command/setPassword with the current password; the module then ends
 * the user's sessions (002 §4.11 "forces sign in again"), so the console goes to Login.
 */
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { userManagementTexts } from '@meter/contract';
import { SettingsForm } from '../../components/form/settings-form.tsx';
import { Loading } from '../../components/loading.tsx';
import { LOGIN_PATH } from '../../lib/navigation.ts';
import { clearSession } from '../../lib/session.ts';
import { useSession } from '../../lib/use-session.ts';
import { useChangeOwnPassword, useSetUserPassword } from './api/use-change-password.ts';
import { usePasswordPolicy } from './api/use-password-policy.ts';
import { passwordListPath } from './back-to-list.ts';
import { OWN_PASSWORD_ERROR_ALIASES, OWN_PASSWORD_FIELDS, USER_PASSWORD_FIELDS, passwordEditSchema, passwordEditValues } from './password-edit-form.ts';

const TITLE = 'Edit Password';

export default function PasswordEdit() {
  const username = useParams().username ?? '';
  const own = useSession()?.userName === username;
  const policy = usePasswordPolicy();
  const navigate = useNavigate();
  const setUserPassword = useSetUserPassword();
  const changeOwnPassword = useChangeOwnPassword();
  const schema = useMemo(() => passwordEditSchema(policy.data, own), [policy.data, own]);
  const values = useMemo(() => passwordEditValues(username), [username]);

  // The policy is needed for the client-side check; if it fails to load the module still checks.
  if (policy.isPending) return <Loading />;
  const back = () => void navigate(passwordListPath());

  return (
    <section style={{ maxWidth: '32rem' }}>
      <h2 className="h5">{TITLE}</h2>
      <SettingsForm
        key={`${username}-${String(own)}`}
        title={TITLE}
        schema={schema}
        values={values}
        fields={own ? OWN_PASSWORD_FIELDS : USER_PASSWORD_FIELDS}
        // A user may always change their own password (command/setPassword needs only a session).
        readOnly={own ? false : undefined}
        requireChange={false}
        errorAliases={own ? OWN_PASSWORD_ERROR_ALIASES : undefined}
        onSave={(v) =>
          own
            ? changeOwnPassword.mutateAsync({ username: v.name, oldPassword: v.oldPassword, newPassword: v.password })
            : setUserPassword.mutateAsync({ name: v.name, password: v.password, overridePwdPolicy: v.overridePwdPolicy })
        }
        successMessage={(v) => userManagementTexts.passwordChanged(v.name)}
        afterSave={() => {
          if (!own) return back();
          clearSession();
          void navigate(LOGIN_PATH, { replace: true });
        }}
        onCancel={back}
      />
    </section>
  );
}
