/**
 * System Settings › User Management › User Configuration › List (002 §2.17, §6, §8.2, §8.3): name,
 * role, multiple login, status and actions. With write permission: New, Edit, Lock/Unlock
 * (Active ⇄ Locked) and Delete after a confirmation; otherwise the action cells show N/A. A
 * refusal shows the module's reply.
 */
import { generatePath } from 'react-router';
import Button from 'react-bootstrap/Button';
import { ADMIN_USER_NAME, AREA_LABELS, routeByName, serverMessages, userManagementTexts as t, type UserListEntry } from '@meter/contract';
import { calls } from '../../lib/endpoint-table.ts';
import { ListHeader } from '../../components/list-header.tsx';
import { RowActions } from '../../components/row-actions.tsx';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { reportSaveFailure } from '../../components/form/save-failure.ts';
import { showAlert } from '../../lib/alerts.ts';
import { callEndpoint } from '../../lib/api.ts';
import { confirmAction } from '../../lib/confirm-action.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { useRefreshUsers, useUserList } from './api/use-users.ts';
import { lockActionText, statusText, toggleLockBody } from './user-tables.ts';

const TITLE = AREA_LABELS.userConfig;
const NEW_PATH = routeByName('System Settings, User Management, User Configuration, New').path;
const EDIT_PATH = routeByName('System Settings, User Management, User Configuration, Edit').path;

/** Shows the module's reply to a refused call; resolves false for confirmAction. */
const refused = (e: unknown): false => {
  reportSaveFailure(e, []);
  return false;
};

export default function UserList() {
  const users = useUserList();
  const canWrite = useCanWriteHere();
  const refresh = useRefreshUsers();

  const toggleLock = async (u: UserListEntry) => {
    const body = toggleLockBody(u);
    const ok = await callEndpoint(calls.lockUser, { body, suppress: true }).then(() => true, refused);
    if (!ok) return;
    showAlert({ type: 'success', message: body.lockout ? t.userLocked(u.name) : t.userUnlocked(u.name) });
    await refresh();
  };

  const remove = (u: UserListEntry) =>
    confirmAction({
      title: t.deleteUserTitle,
      body: t.deleteUserConfirm(u.name),
      run: () => callEndpoint(calls.removeUser, { body: { name: u.name }, suppress: true }).then(() => true, refused),
      onSuccess: () => {
        showAlert({ type: 'success', message: t.userDeleted });
        void refresh();
      },
    });

  const columns: Column<UserListEntry>[] = [
    { key: 'name', header: 'Name', cell: (u) => u.name, rowHeader: true },
    { key: 'role', header: 'Role', cell: (u) => u.accessLevel },
    { key: 'multipleLogin', header: 'Multiple Login', cell: (u) => (u.multipleLogin ? t.yes : t.no) },
    { key: 'status', header: 'Status', cell: statusText },
    {
      key: 'actions',
      header: 'Actions',
      // The built-in admin can be neither deleted nor locked: both disabled, with the module's reason.
      cell: (u) => (
        <RowActions
          name={u.name}
          allowed={canWrite}
          editTo={generatePath(EDIT_PATH, { username: u.name })}
          onDelete={() => remove(u)}
          notAvailable={t.notAvailable}
          protectedReason={u.name === ADMIN_USER_NAME ? serverMessages.adminUserProtected : undefined}
        >
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => void toggleLock(u)}
            aria-label={`${lockActionText(u)} ${u.name}`}
            disabled={u.name === ADMIN_USER_NAME}
            aria-describedby={u.name === ADMIN_USER_NAME ? `row-protected-${u.name}` : undefined}
          >
            {lockActionText(u)}
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <section>
      <ListHeader title={TITLE} newLabel={t.newUser} newPath={NEW_PATH} canWrite={canWrite} />
      <DataTable label={TITLE} columns={columns} rows={users.data} rowKey={(u) => u.name} loading={users.isPending} paginate />
    </section>
  );
}
