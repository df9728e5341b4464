import type { ReactNode } from 'react';
import { Navigate } from '../shared/router/router.tsx';
import { paths } from '../shared/paths/paths.ts';
import { useSessionStore } from '../shared/session/session-store.ts';

/** Money pages belong to a signed-in player; anyone else goes to log in first. */
export function RequireLogin({ children }: { children: ReactNode }) {
  const signedIn = useSessionStore((state) => Boolean(state.login));
  return signedIn ? children : <Navigate to={paths.loginb} replace />;
}
