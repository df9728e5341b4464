import { lazy, type ReactNode } from 'react';
import { HashRouter, Navigate, OutletProvider, useLocation } from '../shared/router/router.tsx';
import { uiV3Current } from '../shared/ui-version.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { rootTarget, routeFind, ROUTES } from './routes.ts';
import { paths } from '../shared/paths/paths.ts';
import { RootRedirect } from './root-redirect.tsx';
import { PageViews } from '../shared/tracking/page-views.tsx';

const PAGES = new Map(ROUTES.map((route) => [route.path, lazy(route.load)]));
/** A path this brand does not offer (an old link, a page of another brand): said so, not silently swapped for /sport. */
const NotOfferedPage = lazy(() => import('../pages/not-offered-page.tsx'));

export function pageComponent(path: string) {
  return PAGES.get(path);
}

/**
 * Starts loading the page the URL opens (for the root, the page it redirects to) at boot, beside the language
 * catalogue, instead of after the first render: one round trip fewer before the first screen. The lazy component
 * later asks for the same module and gets it from the browser's module map; a failure here is left to it.
 */
export function pageLoadStart(hash: string): void {
  const path = hash.replace(/^#/, '').split('?')[0] || paths.root;
  const { flags } = variantCurrent();
  const target = path === paths.root ? rootTarget(uiV3Current(flags.uiV3), flags.firstEntryPage) : path;
  ROUTES.find((route) => route.path === target)
    ?.load()
    .catch(() => undefined);
}

/** The page a path opens: the layout draws it where its `<Outlet />` stands. */
export function routeElement(pathname: string): ReactNode {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === paths.root) return <RootRedirect />;
  if (path === paths.login) return <Navigate to={paths.loginb} replace />;
  // Some sign-in redirects append "#_=_"; it is no page of ours.
  if (path === '/_=_') return <Navigate to={paths.root} replace />;
  const route = routeFind(path);
  if (!route) return <NotOfferedPage />;
  // Keep-alive pages are drawn by the layout itself; the route only has to exist.
  if (route.keepAlive) return null;
  const Page = PAGES.get(route.path)!;
  return <Page />;
}

function RoutedLayout() {
  const { pathname } = useLocation();
  return (
    <OutletProvider element={routeElement(pathname)}>
      <AppLayout />
    </OutletProvider>
  );
}

/** Every path is static (docs/decisions/046): one table lookup chooses the page, inside the one layout. */
export function AppRouter() {
  return (
    <HashRouter>
      <PageViews />
      <RoutedLayout />
    </HashRouter>
  );
}
