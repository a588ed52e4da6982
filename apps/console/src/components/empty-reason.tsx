/**
 * Why a list or chart is empty, with a link to the setting that fills it (issue 28) for a user who
 * may open that page. The link is the route table's path of the named route, never a typed path.
 */
import { Link } from 'react-router';
import { canRead, emptyStateTexts, maskOf, routeByName } from '@meter/contract';
import { usePermission } from '../lib/permissions.ts';

export function EmptyReason({ reason, settings }: { reason: string; settings?: string }) {
  const permission = usePermission();
  const route = settings ? routeByName(settings) : undefined;
  const mask = route && maskOf(route.path);
  const canOpen = route && (mask === undefined || canRead(permission, mask));
  return (
    <p className="small text-body-secondary mb-0">
      <span>{reason}</span>
      {canOpen && (
        <>
          {' '}
          <Link to={route.path}>{emptyStateTexts.settingsLink(route.name)}</Link>
        </>
      )}
    </p>
  );
}
