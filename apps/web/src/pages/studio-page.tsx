import { isHouseGameId } from '@piranha/domain';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { StudioGame } from '../features/studio/studio-game.tsx';
import { EmptyState } from '../shared/ui/empty-state.tsx';

/** /studio/<game>?token=…: the house studio's game client, shown inside the game room's iframe. */
export default function StudioPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const gameId = decodeURIComponent(pathname.split('/')[2] ?? '');
  const token = search.get('token') ?? '';
  if (!isHouseGameId(gameId) || !token) return <EmptyState icon={<ShieldAlert size={28} />} title={t('casino.room.unknownGame')} />;
  return <StudioGame key={token} gameId={gameId} token={token} />;
}
