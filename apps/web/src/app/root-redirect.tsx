import { Navigate } from 'react-router';
import { uiV3On } from '../shared/ui-version.ts';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import { rootTarget } from './routes.ts';

/** The root opens /home/slots when UI v3 is on (see uiV3On), else the brand's first entry page. */
export function RootRedirect() {
  return <Navigate to={rootTarget(uiV3On(), variantCurrent().flags.firstEntryPage)} replace />;
}
