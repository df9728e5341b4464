import { Navigate } from 'react-router';
import { STORAGE_KEYS, storageGet } from '../shared/storage.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { rootTarget } from './routes.ts';

/** UI v3 is on for the brand's flag, a stored switch (from the server's A/B config) or a URL flag. */
export function RootRedirect() {
  const urlFlag = new URLSearchParams(window.location.search).get('v3') === '1';
  const { flags } = variantCurrent();
  const uiV3 = flags.uiV3 || storageGet<boolean>(STORAGE_KEYS.uiV3) === true || urlFlag;
  return <Navigate to={rootTarget(uiV3, flags.firstEntryPage)} replace />;
}
