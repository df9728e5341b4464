import { lazy } from 'react';
import { createHashRouter, Navigate } from 'react-router';
import { AppLayout } from './layout/app-layout.tsx';
import { paths, ROUTES } from './routes.ts';
import { RootRedirect } from './root-redirect.tsx';

const PAGES = new Map(ROUTES.map((route) => [route.path, lazy(route.load)]));

export function pageComponent(path: string) {
  return PAGES.get(path);
}

export const router = createHashRouter([
  {
    element: <AppLayout />,
    children: [
      { path: paths.root, element: <RootRedirect /> },
      { path: paths.login, element: <Navigate to={paths.loginb} replace /> },
      // Some sign-in redirects append "#_=_"; it is no page of ours.
      { path: '/_=_', element: <Navigate to={paths.root} replace /> },
      { path: '_=_', element: <Navigate to={paths.root} replace /> },
      // Keep-alive pages are drawn by the layout itself; the route only has to exist.
      ...ROUTES.map((route) => {
        const Page = PAGES.get(route.path)!;
        return { path: route.path, element: route.keepAlive ? null : <Page /> };
      }),
      { path: '*', element: <Navigate to={paths.sport} replace /> },
    ],
  },
]);
