/**
 * The password form of Password Management › Edit and of Change Password (002 §2.19, §5.11).
 * Another user's password: PUT usermg/user/pwd with the override flag. The signed-in user's own
 * (admin through the default-password prompt, anyone whose password expired):
 * command/setPassword with the current password; the module then ends the user's sessions
 * (002 §4.11 "forces sign in again"), so the console goes to Login.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { userManagementTexts } from '@meter/contract';
import { SettingsForm } from '../../components/form/settings-form.tsx';
import { Loading } from '../../components/loading.tsx';
import { clearFailureAlerts } from '../../lib/alerts.ts';
import { LOGIN_PATH, NEXT_PARAM, type LoginState } from '../../lib/navigation.ts';
import { endpointQuery } from '../../lib/query.ts';
import { useSession } from '../../lib/use-session.ts';
import { useChangeOwnPassword, useSetUserPassword } from './api/use-change-password.ts';
import { usePasswordRules } from './api/use-password-rules.ts';
import { OWN_PASSWORD_ERROR_ALIASES, passwordEditFields, passwordEditSchema, passwordEditValues } from './password-edit-form.ts';

/** `showTitle` false: the page's own heading already says it (Change Password's h1). */
export function PasswordForm({
  title,
  username,
  afterOtherSaved,
  onCancel,
  showTitle = true,
  afterOwnSaved,
}: {
  title: string;
  username: string;
  afterOtherSaved: () => void;
  onCancel: () => void;
  showTitle?: boolean;
  /** The own password changed: the page to open after signing in again (Main when absent). */
  afterOwnSaved?: string;
}) {
  const own = useSession()?.userName === username;
  const policy = usePasswordRules();
  // Another user's password is set against the user as read (its revision); the own change needs none.
  const user = useQuery({ ...endpointQuery('userConfig', { params: { username } }), enabled: !own });
  const navigate = useNavigate();
  const setUserPassword = useSetUserPassword();
  const changeOwnPassword = useChangeOwnPassword();
  const schema = useMemo(() => passwordEditSchema(policy.data, own), [policy.data, own]);
  const fields = useMemo(() => passwordEditFields(policy.data, own), [policy.data, own]);
  const values = useMemo(() => passwordEditValues(username), [username]);

  // The rules are needed for the checklist and the client-side check; if they fail to load the module still checks.
  if (policy.isLoading || (!own && user.isPending)) return <Loading />;

  return (
    <section style={{ maxWidth: '32rem' }}>
      {showTitle && <h2 className="h5">{title}</h2>}
      <SettingsForm
        key={`${username}-${String(own)}`}
        title={title}
        schema={schema}
        values={values}
        fields={fields}
        // A user may always change their own password (command/setPassword needs only a session).
        readOnly={own ? false : undefined}
        requireChange={false}
        errorAliases={own ? OWN_PASSWORD_ERROR_ALIASES : undefined}
        onSave={(v) =>
          own
            ? changeOwnPassword.mutateAsync({ username: v.name, oldPassword: v.oldPassword, newPassword: v.password })
            : setUserPassword.mutateAsync({ body: { name: v.name, password: v.password, overridePwdPolicy: v.overridePwdPolicy }, user: user.data })
        }
        successMessage={(v) => userManagementTexts.passwordChanged(v.name)}
        afterSave={() => {
          if (!own) return afterOtherSaved();
          // The module ended the session (002 §4.11 "forces sign in again"): one sign-in, with the
          // name filled in, then the page asked for (issue 28).
          // Login's entry clears the stored user: clearing it here first would let the layout
          // send the user to Login on its own, without the name and the page asked for.
          clearFailureAlerts();
          const state: LoginState = { userName: username };
          void navigate(afterOwnSaved ? `${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(afterOwnSaved)}` : LOGIN_PATH, { replace: true, state });
        }}
        onCancel={onCancel}
      />
    </section>
  );
}
