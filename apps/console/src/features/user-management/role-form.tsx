/**
 * Role Configuration › New and Edit/{roleName} (002 §2.17, §5.11, §8.2, §8.3): the name (typed for
 * a new role, shown on edit) and the four levels. "Role created" then back to the list; a refused
 * add shows "Something wrong, can not be saved".
 */
import { useNavigate, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { userManagementTexts as t, type Role } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { SettingsForm } from '../../components/form/settings-form.tsx';
import { Loading } from '../../components/loading.tsx';
import { ApiError, callEndpoint, ifRevisionHeaders } from '../../lib/api.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { endpointQuery } from '../../lib/query.ts';
import { useSession } from '../../lib/use-session.ts';
import { useRefreshUsers } from './api/use-users.ts';
import { NEW_ROLE_VALUES, roleFields, roleSchema } from './user-forms.ts';
import { ROLE_LIST_PATH } from './user-list-path.ts';
import { mayChangeRole } from './user-tables.ts';

const NEW_FIELDS = roleFields(true);
const EDIT_FIELDS = roleFields(false);

/**
 * 002 §8.3: a failed role save says the catalogue's text, whatever the reply (the field errors
 * still land); a stale edit (409) keeps the module's text, which asks for a reload.
 */
const asRoleSaveFailure = (e: unknown): never => {
  if (e instanceof ApiError && !e.aborted && e.status !== 401 && e.status !== 409) throw new ApiError(e.status, t.roleSaveFailed, e.errors);
  throw e;
};

function RoleForm({ title, values, isNew }: { title: string; values: Role; isNew: boolean }) {
  const canWrite = useCanWriteHere();
  const userName = useSession()?.userName;
  const refresh = useRefreshUsers();
  const navigate = useNavigate();
  const back = () => void navigate(ROLE_LIST_PATH);
  return (
    <section style={{ maxWidth: '32rem' }}>
      <h2 className="h5">{title}</h2>
      <SettingsForm
        key={values.name}
        title={title}
        schema={roleSchema}
        values={values}
        fields={isNew ? NEW_FIELDS : EDIT_FIELDS}
        requireChange={!isNew}
        // 002 §6: the role named admin is the user admin's to edit.
        readOnly={isNew ? undefined : !mayChangeRole(values.name, userName, canWrite)}
        // An edit is saved against the revision it was loaded from: over someone else's change it is refused (409).
        onSave={(body, baseline) =>
          (isNew
            ? callEndpoint(calls.addRole, { body, suppress: true })
            : callEndpoint(calls.saveRoleConfig, {
                params: { roleName: values.name },
                body,
                suppress: true,
                headers: ifRevisionHeaders(baseline),
              })
          ).then(refresh, asRoleSaveFailure)
        }
        successMessage={(v) => (isNew ? t.roleCreated : t.roleSaved(v.name))}
        afterSave={back}
        onCancel={back}
      />
    </section>
  );
}

export function RoleNew() {
  return <RoleForm title="New Role" values={NEW_ROLE_VALUES} isNew />;
}

export function RoleEdit() {
  const roleName = useParams().roleName ?? '';
  const role = useQuery(endpointQuery('roleConfig', { params: { roleName } }));
  if (role.isPending) return <Loading />;
  // A failed load has been reported by the request helper.
  if (!role.data) return null;
  return <RoleForm title="Edit Role" values={role.data} isNew={false} />;
}
