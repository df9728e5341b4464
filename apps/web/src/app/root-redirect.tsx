import { Navigate } from '../shared/router/router.tsx';
import { uiV3Current } from '../shared/ui-version.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { rootTarget } from './routes.ts';

/** UI v3 is on for a URL flag, the player's switch, the mini app or native shell, the A/B arm or the brand flag. */
export function RootRedirect() {
  const { flags } = variantCurrent();
  return <Navigate to={rootTarget(uiV3Current(flags.uiV3), flags.firstEntryPage)} replace />;
}
