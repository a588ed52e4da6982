/** The data router, built from the contract's ROUTES and the screen registry. */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ROUTES, type RouteDef } from '@meter/contract';
import { PageNotFound } from '../components/page-not-found.tsx';
import { setNavigator } from '../lib/navigation.ts';
import { cancelPendingRequests } from '../lib/request-registry.ts';
import { RootShell } from './root-shell.tsx';
import { RouteError } from './route-error.tsx';
import { PublicRouteGate, RouteGate } from './route-gate.tsx';
import { screens } from './screens.ts';
// Login is the page shown while the module reboots and cannot serve a chunk: it ships in the main bundle.
import '../features/auth/login.tsx';

function routeObject(def: RouteDef): RouteObject {
  const load = screens[def.name];
  return {
    path: def.path,
    element: def.public ? <PublicRouteGate route={def} /> : <RouteGate route={def} />,
    errorElement: <RouteError />,
    // The screen is the gate's index child, so its chunk loads only when the route is opened.
    children: load ? [{ index: true, lazy: async () => ({ Component: (await load()).default }) }] : undefined,
  };
}

/**
 * Builds the router and starts it on the current location. main.tsx calls it in a task of its own:
 * ranking the route table and compiling its patterns is the largest piece of the first load's
 * script after React itself (about 15 ms on a slow desktop, four times that on a mid-range phone).
 */
export function createAppRouter() {
  const router = createBrowserRouter([
    {
      element: <RootShell />,
      errorElement: <RouteError />,
      children: [
        ...ROUTES.filter((r) => r.public).map(routeObject),
        {
          // The signed-in frame (top bar, menus, drawer) is not needed to draw Login: its chunk comes with the first screen.
          lazy: async () => ({ Component: (await import('./main-layout.tsx')).MainLayout }),
          children: [...ROUTES.filter((r) => !r.public).map(routeObject), { path: '*', element: <PageNotFound /> }],
        },
      ],
    },
  ]);

  setNavigator((to) => void router.navigate(to));

  // 000 §7: pending requests are cancelled on any navigation.
  let lastLocation = locationKey(router.state.location);
  router.subscribe((state) => {
    const key = locationKey(state.location);
    if (key === lastLocation) return;
    lastLocation = key;
    cancelPendingRequests();
  });
  return router;
}

const locationKey = (l: { pathname: string; search: string }) => l.pathname + l.search;
