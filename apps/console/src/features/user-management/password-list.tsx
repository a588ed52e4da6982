/**
 * System Settings › User Management › Password Management › List (002 §2.19): Username (sortable),
 * Role, Register Date, Expiration Date, Last Login Time, Status and Action: Edit with write
 * permission, otherwise N/A. Times in the device's time zone.
 */
import { useState } from 'react';
import { Link, generatePath } from 'react-router';
import Button from 'react-bootstrap/Button';
import { routeByName, userManagementTexts as t, type UserListEntry } from '@meter/contract';
import { DataTable, type Column } from '../../components/data-table.tsx';
import { useHomePageInfo } from '../../lib/device.ts';
import { formatDeviceTime } from '../../lib/device-time.ts';
import { useCanWriteHere } from '../../lib/permissions.ts';
import { useUserList } from './api/use-users.ts';
import { flipDirection, sortByName, statusText, timeText, type SortDirection } from './user-tables.ts';
import { ScreenTitle } from '../../components/screen-title.tsx';

const TITLE = 'Password Management';
const EDIT_PATH = routeByName('System Settings, User Management, Password Management, Edit').path;

export default function PasswordList() {
  const users = useUserList();
  const canWrite = useCanWriteHere();
  const zone = useHomePageInfo().data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [direction, setDirection] = useState<SortDirection>('ascending');
  const time = (s: number) => timeText(s, (v) => formatDeviceTime(v, zone));

  const columns: Column<UserListEntry>[] = [
    {
      key: 'name',
      header: (
        <Button variant="link" size="sm" className="p-0 fw-bold text-reset text-decoration-none" onClick={() => setDirection(flipDirection)}>
          Username {direction === 'ascending' ? '▲' : '▼'}
        </Button>
      ),
      sort: direction,
      cell: (u) => u.name,
      rowHeader: true,
    },
    { key: 'role', header: 'Role', cell: (u) => u.accessLevel },
    { key: 'registerTime', header: 'Register Date', cell: (u) => time(u.registerTime) },
    { key: 'passwordExpirationTime', header: 'Expiration Date', cell: (u) => time(u.passwordExpirationTime) },
    { key: 'lastLoginTime', header: 'Last Login Time', cell: (u) => time(u.lastLoginTime) },
    { key: 'status', header: 'Status', cell: statusText },
    {
      key: 'action',
      header: 'Action',
      cell: (u) =>
        canWrite ? (
          <Link className="btn btn-sm btn-outline-primary" to={generatePath(EDIT_PATH, { username: u.name })} aria-label={`Edit password of ${u.name}`}>
            Edit
          </Link>
        ) : (
          t.notAvailable
        ),
    },
  ];

  return (
    <section>
      <ScreenTitle className="h5">{TITLE}</ScreenTitle>
      <DataTable label={TITLE} columns={columns} rows={users.data && sortByName(users.data, direction)} rowKey={(u) => u.name} loading={users.isPending} paginate />
    </section>
  );
}
