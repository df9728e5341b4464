import { Trophy } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HomeTabPage } from './home-tab-page.tsx';

export default function SportPage() {
  const { t } = useTranslation();
  return <HomeTabPage source="sport" icon={<Trophy size={28} />} title={t('sport.emptyTitle')} body={t('sport.emptyBody')} />;
}
