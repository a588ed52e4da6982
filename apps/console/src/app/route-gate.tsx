import { Navigate, Outlet, useLocation } from 'react-router';
import type { RouteDef } from '@meter/contract';
import { Loading } from '../components/loading.tsx';
import { PageNotFound } from '../components/page-not-found.tsx';
import { decideRoute, type NavContext } from './navigation.ts';
import { hasScreen } from './screens.ts';
import { useNavContext } from './use-nav-context.ts';

/** Stands in front of every signed-in route of the table: shows its screen, forwards, or says Page Not Found. */
export function RouteGate({ route }: { route: RouteDef }) {
  const { pathname } = useLocation();
  const { ready, ctx } = useNavContext();
  // Before the system mode is known a permission decision could send the user the wrong way.
  if (!ready) return <Loading />;
  const decision = decideRoute(route, pathname, ctx);
  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'notFound') return <PageNotFound />;
  return <Outlet />;
}

const PUBLIC_CONTEXT: NavContext = { permission: 0, device: { systemMode: 0, demandVerified: false }, hasScreen };

/**
 * Public routes (Login, Production Test) need no device state: asking for it here would race the
 * Logout that Login performs, with the token being ended.
 */
export function PublicRouteGate({ route }: { route: RouteDef }) {
  const { pathname } = useLocation();
  return decideRoute(route, pathname, PUBLIC_CONTEXT).kind === 'screen' ? <Outlet /> : <PageNotFound />;
}
