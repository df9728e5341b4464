import { RealTimeBonusLanding, RealTimeBonusPanel } from '../features/bonus/real-time-bonus.tsx';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

/** /real-time-bonus (spec §2; decision 044): today's real-time bonus rules and progress. */
export default function RealTimeBonusPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('realTime.title')} backTo={paths.bonus} />
      <RealTimeBonusPanel />
    </RequireLogin>
  );
}

/** /real-time-bonus-landing: the offer explained, open to anyone. */
export function RealTimeBonusLandingPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageTitle title={t('realTime.title')} backTo={paths.root} />
      <RealTimeBonusLanding />
    </>
  );
}
