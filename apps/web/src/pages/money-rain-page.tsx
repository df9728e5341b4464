import { MoneyRain } from '../features/agent/money-rain.tsx';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { RequireLogin } from './require-login.tsx';

export default function MoneyRainPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('rain.title')} backTo={paths.me} />
      <MoneyRain />
    </RequireLogin>
  );
}
