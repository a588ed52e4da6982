import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PASSWORD_CHANGE_PATH, displayName, findRoute, flowTexts } from '@meter/contract';
import { LayoutHeadingContext } from '../components/screen-title.tsx';
import { UnreachableBanner } from '../components/unreachable-banner.tsx';
import { useUnsavedChangesGuard } from '../components/form/use-unsaved-guard.ts';
import { LOGIN_PATH, NEXT_PARAM } from '../lib/navigation.ts';
import { useSession } from '../lib/use-session.ts';
import { branding } from './branding.ts';
import { Footer } from './footer.tsx';
import { activeTrail, buildNavTree, decideRoute } from './navigation.ts';
import { SectionTabs } from './section-tabs.tsx';
import { SessionTimeout } from './session-timeout.tsx';
import { SideNav } from './side-nav.tsx';
import { TopBar } from './top-bar.tsx';
import { useNavContext } from './use-nav-context.ts';

/** Main layout (000 §2): top bar, menus from the route table, the screen, footer. Signed-in users only. */
export function MainLayout() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return <Navigate to={pathname === '/' ? LOGIN_PATH : `${LOGIN_PATH}?${NEXT_PARAM}=${encodeURIComponent(pathname + search)}`} replace />;
  return <SignedInLayout held={session.passwordChangeRequired === true} />;
}

/** `held`: the password expired; every path leads to its change (002 §4.11). */
function SignedInLayout({ held }: { held: boolean }) {
  useUnsavedChangesGuard();
  const { pathname, search } = useLocation();
  const { ctx } = useNavContext();
  // A held session has nowhere else to go: no menus.
  const tree = useMemo(() => (held ? [] : buildNavTree(ctx)), [ctx, held]);
  const trail = useMemo(() => activeTrail(tree, pathname), [tree, pathname]);
  const section = trail[0];
  // The page heading is the entry's name in the side menu (tabs below it name the fourth level).
  // A page outside the menus (CE Test, Change Password) is named by its route.
  // An unknown path has no heading of its own: Page Not Found is the page's h1 (issue 28).
  const route = findRoute(pathname);
  // A path the route gate forwards (Communication → Network) shows no tabs or pills until it has:
  // a choice made in between would be replaced by the forward.
  const forwarding = route !== undefined && decideRoute(route, pathname, ctx).kind === 'redirect';
  const tabsOf = forwarding ? undefined : trail[2];
  const pillsOf = !forwarding && trail[1]?.route.pills ? trail[1] : undefined;
  const heading = route ? ((trail[2] ?? trail[1] ?? trail[0])?.label ?? displayName(route)) : undefined;
  const sideNodes = section?.children ?? [];
  const [menuOpen, setMenuOpen] = useState(false);
  // Stable callbacks: the top bar and the side menu are memoized and draw again only when the menus change.
  const openMenu = useCallback(() => setMenuOpen(true), []);
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const [menuPath, setMenuPath] = useState(pathname);
  // A navigation closes the drawer (the links close it too; this covers Back and redirects).
  if (menuPath !== pathname) {
    setMenuPath(pathname);
    setMenuOpen(false);
  }

  useEffect(() => {
    const here = trail.at(-1);
    document.title = here ? `${here.label} - ${branding.productName}` : branding.productName;
  }, [trail]);

  // The page first asked for is remembered through the change and the sign-in after it (issue 28).
  if (held && pathname !== PASSWORD_CHANGE_PATH)
    return <Navigate to={pathname === '/' ? PASSWORD_CHANGE_PATH : `${PASSWORD_CHANGE_PATH}?${NEXT_PARAM}=${encodeURIComponent(pathname + search)}`} replace />;
  return (
    <div className="d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable position-absolute top-0 start-0 z-3 m-2 p-2 bg-body border rounded" href="#main-content">
        {flowTexts.skipToContent}
      </a>
      <UnreachableBanner />
      <SessionTimeout />
      <TopBar tree={tree} trail={trail} onSectionMenu={section && sideNodes.length > 0 ? openMenu : undefined} />
      <div className="layout-body d-flex flex-grow-1">
        {section && sideNodes.length > 0 && <SideNav nodes={sideNodes} trail={trail} title={section.label} show={menuOpen} onHide={closeMenu} />}
        <main className="main-column flex-grow-1 p-3" id="main-content" tabIndex={-1}>
          {heading && <h1 className="h4 mb-3">{heading}</h1>}
          {pillsOf && pillsOf.children.length > 0 && <SectionTabs nodes={pillsOf.children} trail={trail} level={2} pills />}
          {tabsOf && tabsOf.children.length > 0 && <SectionTabs nodes={tabsOf.children} trail={trail} />}
          <LayoutHeadingContext.Provider value={heading}>
            <Outlet />
          </LayoutHeadingContext.Provider>
        </main>
      </div>
      <Footer />
    </div>
  );
}
