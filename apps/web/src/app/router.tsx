import { lazy } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { uiV3Current } from '../shared/ui-version.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { rootTarget, ROUTES } from './routes.ts';
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

/**
 * The route table, in React Router's declarative mode: no loaders or actions are used, and the data router
 * (createHashRouter) would add its whole machinery to the first JS every route loads (architecture.md budget).
 */
export function AppRouter() {
  return (
    <HashRouter>
      <PageViews />
      <Routes>
        <Route element={<AppLayout />}>
          <Route path={paths.root} element={<RootRedirect />} />
          <Route path={paths.login} element={<Navigate to={paths.loginb} replace />} />
          {/* Some sign-in redirects append "#_=_"; it is no page of ours. */}
          <Route path="/_=_" element={<Navigate to={paths.root} replace />} />
          <Route path="_=_" element={<Navigate to={paths.root} replace />} />
          {ROUTES.map((route) => {
            // Keep-alive pages are drawn by the layout itself; the route only has to exist.
            const Page = PAGES.get(route.path)!;
            return <Route key={route.path} path={route.path} element={route.keepAlive ? null : <Page />} />;
          })}
          <Route path="*" element={<NotOfferedPage />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
