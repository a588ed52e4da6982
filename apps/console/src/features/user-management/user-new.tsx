/**
 * User Configuration › New (002 §2.17, §5.11, §8.2, §8.3): name, password and its repeat, the role
 * chosen from the role list, override policy and multiple login. "User created", then back to the
 * list; a refusal shows the module's reply.
 */
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { userManagementTexts as t } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { SettingsForm } from '../../components/form/settings-form.tsx';
import { Loading } from '../../components/loading.tsx';
import { callEndpoint } from '../../lib/api.ts';
import { usePasswordRules } from './api/use-password-rules.ts';
import { useRefreshUsers, useRoleList } from './api/use-users.ts';
import { NEW_USER_VALUES, addUserBody, newUserFields, newUserSchema, roleOptions } from './user-forms.ts';
import { USER_LIST_PATH } from './user-list-path.ts';

const TITLE = 'New User';

export default function UserNew() {
  const roles = useRoleList();
  const policy = usePasswordRules();
  const refresh = useRefreshUsers();
  const navigate = useNavigate();
  const schema = useMemo(() => newUserSchema(policy.data), [policy.data]);
  const fields = useMemo(() => newUserFields(roleOptions(roles.data), policy.data), [roles.data, policy.data]);
  // The rules are only a client-side help: if they fail to load the module still checks.
  if (roles.isPending || policy.isPending) return <Loading />;
  const back = () => void navigate(USER_LIST_PATH);

  return (
    <section style={{ maxWidth: '32rem' }}>
      <h2 className="h5">{TITLE}</h2>
      <SettingsForm
        title={TITLE}
        schema={schema}
        values={NEW_USER_VALUES}
        fields={fields}
        requireChange={false}
        onSave={(v) => callEndpoint(calls.addUser, { body: addUserBody(v), suppress: true }).then(refresh)}
        successMessage={t.userCreated}
        afterSave={back}
        onCancel={back}
      />
    </section>
  );
}
