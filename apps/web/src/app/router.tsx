import { lazy } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { paths, ROUTES } from './routes.ts';
import { RootRedirect } from './root-redirect.tsx';

const PAGES = new Map(ROUTES.map((route) => [route.path, lazy(route.load)]));

export function pageComponent(path: string) {
  return PAGES.get(path);
}

/**
 * The route table, in React Router's declarative mode: no loaders or actions are used, and the data router
 * (createHashRouter) would add its whole machinery to the first JS every route loads (architecture.md budget).
 */
export function AppRouter() {
  return (
    <HashRouter>
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
          <Route path="*" element={<Navigate to={paths.sport} replace />} />
        </Route>
      </Routes>
    </HashRouter>
  );
}
