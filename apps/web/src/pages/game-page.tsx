import { Dices } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { HomeTabPage } from './home-tab-page.tsx';

export default function GamePage() {
  const { t } = useTranslation();
  return <HomeTabPage source="game" icon={<Dices size={28} />} title={t('game.emptyTitle')} body={t('game.emptyBody')} />;
}
