import { lazy, type ComponentType, type ReactNode } from 'react';
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

/**
 * Pages whose module the boot has (`pageLoadStart`), drawn as they are instead of through `lazy`: a lazy component
 * suspends on its first render even when its module is already here, and React holds back what a boundary then reveals
 * until 300 ms after it showed its fallback (decision 096).
 */
const PAGES_LOADED = new Map<string, ComponentType>();
/** The component each path drew first, kept: a page drawn again as another component would be mounted anew. */
const PAGES_DRAWN = new Map<string, ComponentType>();

/** The component a route's path draws: the page the boot loaded, else the lazy one; the same one every time. */
export function pageComponent(path: string): ComponentType | undefined {
  const drawn = PAGES_DRAWN.get(path);
  if (drawn) return drawn;
  const component = PAGES_LOADED.get(path) ?? PAGES.get(path);
  if (component) PAGES_DRAWN.set(path, component);
  return component;
}

/**
 * Starts loading the page the URL opens (for the root, the page it redirects to) at boot, beside the language
 * catalogue, instead of after the first render: one round trip fewer before the first screen. The lazy component
 * later asks for the same module and gets it from the browser's module map; a failure here is left to it. Answers once
 * the module has loaded (recorded for `pageComponent`) or failed.
 */
export function pageLoadStart(hash: string): Promise<void> {
  const path = hash.replace(/^#/, '').split('?')[0] || paths.root;
  const { flags } = variantCurrent();
  const target = path === paths.root ? rootTarget(uiV3Current(flags.uiV3), flags.firstEntryPage) : path;
  const route = ROUTES.find((entry) => entry.path === target);
  if (!route) return Promise.resolve();
  return route.load().then(
    (module) => void PAGES_LOADED.set(route.path, module.default),
    () => undefined,
  );
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
  const Page = pageComponent(route.path)!;
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
