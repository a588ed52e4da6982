/**
 * System Settings › User Management › Role Configuration › List (002 §2.17, §6, §8.2): each role's
 * four levels; New, Edit and Delete (after a confirmation) with write permission. The list hides
 * Edit and Delete of the role named admin (§6); the user admin, who alone may change it, reaches
 * its edit route from the role's name. Cells without actions show N/A.
 */
import { Link, generatePath } from 'react-router';
import { ADMIN_ACCESS_LEVEL, AREA_LABELS, ROLE_FLAG_OF_AREA, routeByName, userManagementTexts as t, type Role } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { ListHeader } from '../../components/list-header.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { reportSaveFailure } from '../../components/form/save-failure.ts';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { useSession } from '../../lib/use-session.ts';
import { useRefreshUsers, useRoleList } from './api/use-users.ts';
import { levelText, mayChangeRole } from './user-tables.ts';

const TITLE = 'Role Configuration';
const NEW_PATH = routeByName('System Settings, User Management, Role Configuration, New').path;
const EDIT_PATH = routeByName('System Settings, User Management, Role Configuration, Edit').path;

export default function RoleList() {
  const roles = useRoleList();
  const canWrite = useCanWriteHere();
  const userName = useSession()?.userName;
  const refresh = useRefreshUsers();

  const remove = (r: Role) =>
    confirmAction({
      title: t.deleteRoleTitle,
      body: t.deleteRoleConfirm(r.name),
      run: () =>
        callEndpoint(calls.removeRole, { body: { roleName: r.name }, suppress: true }).then(
          () => true,
          (e: unknown) => {
            reportSaveFailure(e, []);
            return false;
          },
        ),
      onSuccess: () => {
        showAlert({ type: 'success', message: t.roleDeleted });
        void refresh();
      },
    });

  const columns: Column<Role>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (r) => (r.name === ADMIN_ACCESS_LEVEL && mayChangeRole(r.name, userName, canWrite) ? <Link to={generatePath(EDIT_PATH, { roleName: r.name })}>{r.name}</Link> : r.name),
      rowHeader: true,
    },
    ...(['readings', 'configuration', 'maintenance', 'userConfig'] as const).map((area): Column<Role> => ({
      key: area,
      header: AREA_LABELS[area],
      cell: (r) => levelText(r[ROLE_FLAG_OF_AREA[area]]),
    })),
    {
      key: 'actions',
      header: 'Actions',
      cell: (r) => (
        <RowActions
          name={r.name}
          allowed={r.name !== ADMIN_ACCESS_LEVEL && mayChangeRole(r.name, userName, canWrite)}
          editTo={generatePath(EDIT_PATH, { roleName: r.name })}
          onDelete={() => remove(r)}
          notAvailable={t.notAvailable}
        />
      ),
    },
  ];

  return (
    <section>
      <ListHeader title={TITLE} newLabel={t.newRole} newPath={NEW_PATH} canWrite={canWrite} />
      <DataTable label={TITLE} columns={columns} rows={roles.data} rowKey={(r) => r.name} loading={roles.isPending} />
    </section>
  );
}
