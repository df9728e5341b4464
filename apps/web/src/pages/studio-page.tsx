import { HOUSE_GAME_IDS, type HouseGameId } from '@piranha/domain';
import { lazy, Suspense } from 'react';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from '../shared/i18n/translate.ts';
import { useLocation, useSearchParams } from '../shared/router/router.tsx';
import { Skeleton } from '../shared/ui/skeleton.tsx';
import { EmptyState } from '../shared/ui/empty-state.tsx';

/** /studio/<game>?token=…: the house studio's game client, shown inside the game room's iframe. */
/** The game client loads as its own chunk behind a skeleton of the same shape. */
const StudioGame = lazy(() => import('../features/studio/studio-game.tsx').then((module) => ({ default: module.StudioGame })));

function isHouseGameId(value: string): value is HouseGameId {
  return (HOUSE_GAME_IDS as readonly string[]).includes(value);
}

export default function StudioPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [search] = useSearchParams();
  const gameId = decodeURIComponent(pathname.split('/')[2] ?? '');
  const token = search.get('token') ?? '';
  if (!isHouseGameId(gameId) || !token) return <EmptyState icon={<ShieldAlert size={28} />} title={t('casino.room.unknownGame')} />;
  return (
    <Suspense
      fallback={
        <div style={{ display: 'grid', gap: 12, padding: 12 }}>
          <Skeleton height={48} />
          <Skeleton height={360} radius={18} />
        </div>
      }
    >
      <StudioGame key={token} gameId={gameId} token={token} />
    </Suspense>
  );
}
