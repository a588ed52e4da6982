/**
 * User Configuration › Edit/{username} (002 §2.17, §6): the role (from the role list) and multiple
 * login. Back to the list after a save or on Cancel; read-only without write permission.
 */
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { userManagementTexts as t } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { SettingsForm } from '../../components/form/settings-form.tsx';
import { Loading } from '../../components/loading.tsx';
import { callEndpoint, ifRevisionHeaders, keepRevision } from '../../lib/api.ts';
import { endpointQuery } from '../../lib/query.ts';
import { useRefreshUsers, useRoleList } from './api/use-users.ts';
import { editUserFields, editUserSchema, editUserValues, roleOptions } from './user-forms.ts';
import { USER_LIST_PATH } from './user-list-path.ts';

const TITLE = 'Edit User';

export default function UserEdit() {
  const username = useParams().username ?? '';
  const user = useQuery(endpointQuery('userConfig', { params: { username } }));
  const roles = useRoleList();
  const refresh = useRefreshUsers();
  const navigate = useNavigate();
  // The form's values answer for the revision they were read with.
  const values = useMemo(() => (user.data ? keepRevision(editUserValues(user.data), user.data) : undefined), [user.data]);
  const fields = useMemo(() => editUserFields(roleOptions(roles.data)), [roles.data]);
  if (user.isPending || roles.isPending) return <Loading />;
  // A failed load has been reported by the request helper.
  if (!values) return null;
  const back = () => void navigate(USER_LIST_PATH);

  return (
    <section style={{ maxWidth: '32rem' }}>
      <h2 className="h5">{TITLE}</h2>
      <SettingsForm
        key={username}
        title={TITLE}
        schema={editUserSchema}
        values={values}
        fields={fields}
        // Saved against the revision the form was loaded from: over someone else's change it is refused (409).
        onSave={({ accessLevel, multipleLogin }, baseline) =>
          callEndpoint(calls.saveUserConfig, {
            params: { username },
            body: { accessLevel, multipleLogin },
            suppress: true,
            headers: ifRevisionHeaders(baseline),
          }).then(refresh)
        }
        successMessage={t.userSaved(username)}
        afterSave={back}
        onCancel={back}
      />
    </section>
  );
}
