import { ChevronLeft, SearchX, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useNavigate, useSearchParams } from '../../shared/router/router.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { useHallSearchQuery } from './api/hall.ts';
import { paths } from '../../shared/paths/paths.ts';
import { GameGrid, GameGridSkeleton } from './game-grid.tsx';
import styles from './game-search.module.css';
import lobbyStyles from './lobby.module.css';
import { TabGames } from './tab-games.tsx';

const TYPING_PAUSE_MS = 250;

/** Spec §3 game search: results as the player types (after a short pause); `no_data` shows the empty view. */
export function GameSearch() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const [text, setText] = useState(params.get('q') ?? '');
  const [keyword, setKeyword] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => {
      setKeyword(text);
      setParams(text ? { q: text } : {}, { replace: true });
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, setParams]);
  const search = useHallSearchQuery(keyword.slice(0, 64));
  const trimmed = keyword.trim();

  return (
    <div className={lobbyStyles.lobby}>
      <div className={styles.bar}>
        <button
          type="button"
          className={styles.back}
          aria-label={t('app.back')}
          onClick={() => (window.history.length > 1 ? navigate(-1) : navigate(paths.game))}
        >
          <ChevronLeft size={24} aria-hidden="true" />
        </button>
        <div className={styles.field}>
          <input
            className={styles.input}
            type="search"
            value={text}
            maxLength={64}
            autoFocus
            enterKeyHint="search"
            placeholder={t('casino.searchPlaceholder')}
            aria-label={t('casino.searchLabel')}
            onChange={(event) => setText(event.target.value)}
          />
          {text ? (
            <button type="button" className={styles.clear} aria-label={t('casino.searchClear')} onClick={() => setText('')}>
              <X size={18} aria-hidden="true" />
            </button>
          ) : null}
        </div>
      </div>
      {trimmed === '' ? (
        <>
          <h2 className={lobbyStyles.sectionTitle}>{t('casino.searchPopular')}</h2>
          <TabGames tabKey="popular" />
        </>
      ) : search.isPending ? (
        <GameGridSkeleton count={6} />
      ) : search.data?.no_data === 1 || search.data?.list.length === 0 ? (
        <EmptyState icon={<SearchX size={28} />} title={t('casino.searchEmpty', { keyword: trimmed })} body={t('casino.searchEmptyBody')} />
      ) : (
        <div aria-live="polite" aria-busy={search.isFetching}>
          <GameGrid games={search.data?.list ?? []} />
        </div>
      )}
    </div>
  );
}
