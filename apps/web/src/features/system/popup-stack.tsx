import { popupCacheIsFresh, popupStackSort, type PopupCacheEntry } from '@piranha/domain';
import { useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useLocation } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { paths } from '../../shared/paths/paths.ts';
import type { PopupEntry } from '../../shared/popup-entry.ts';
import { STORAGE_KEYS, storageParse, storageSet, storageText } from '../../shared/storage.ts';
import { Button, buttonClassName } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { usePopupsQuery } from './api/popups.ts';

type PopupCache = Record<string, PopupCacheEntry>;

/** Read when a pop-up closes (an event), never while rendering: a feature's pop-up gets `close` during render. */
function clockNow(): number {
  return Date.now();
}

/**
 * The stored closes, read as text at every render: the static first screen draws the same pop-up before the app and
 * records a close there (index-html.ts, decision 097), possibly while the app's first render is under way. An external
 * store's snapshot is checked again before React commits, so a pop-up closed on the static screen is not drawn again by
 * the takeover; a close in another tab (`storage` event) is heard too.
 */
function storedSubscribe(listener: () => void): () => void {
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
function storedSnapshot(): string | null {
  return storageText(STORAGE_KEYS.popupCache);
}
function storedCache(text: string | null): PopupCache {
  const value = storageParse<unknown>(text);
  return value !== null && typeof value === 'object' ? (value as PopupCache) : {};
}

/** Spec §4: bonus and money pop-ups stay out of these paths. */
const QUIET_PATHS = [paths.gameRoom, paths.deposit, paths.withdraw, '/activity', '/thin', '/vip-club', '/task', paths.error, paths.forbidden, paths.news];

/**
 * The pop-up stack (spec §4): operator pop-ups (with the player's pop-up messages) and the app's own (`extra`: the
 * bonus pop-ups, register bonus 0, first charge 2) sorted by level, one at a time; a closed pop-up stays away for 24 h
 * on this device. `onClose` hears each closed or followed pop-up's key (a pop-up message is then read).
 */
export function PopupStack({ extra = [], onClose }: { extra?: readonly PopupEntry[]; onClose?: (key: string) => void } = {}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const stored = useSyncExternalStore(storedSubscribe, storedSnapshot, () => null);
  // Closes made here count even where storage cannot keep them (private mode, full).
  const [closedHere, setClosedHere] = useState<PopupCache>({});
  const cache = useMemo(() => ({ ...storedCache(stored), ...closedHere }), [stored, closedHere]);
  // The clock of the last change (open or close), kept in state so rendering stays pure.
  const [now, setNow] = useState(() => Date.now());
  // Signed in, the list also holds the player's pop-up messages (decision 028): it is asked again for each player.
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  // A visitor's list starts from the page's (main.tsx `firstScreenPopupsSeed`, decision 080): no request, no wait.
  const { data } = usePopupsQuery(uid);
  if (QUIET_PATHS.some((path) => pathname.startsWith(path))) return null;

  const fresh = (key: string) => popupCacheIsFresh(cache[key], now);
  const operator = data?.list ?? [];
  const stack = popupStackSort([
    ...extra.map((entry) => ({ key: entry.key, status: entry.show && !(entry.cached && fresh(entry.key)), level: entry.level })),
    ...operator.map((item) => ({ key: item.key, status: !fresh(item.key), level: item.level })),
  ]);
  const top = stack[0];
  if (!top) return null;

  const own = extra.find((entry) => entry.key === top.key);
  const close = () => {
    onClose?.(top.key);
    const closedAt = clockNow();
    const entry = { status: false, time: closedAt };
    storageSet(STORAGE_KEYS.popupCache, { ...cache, [top.key]: entry });
    setClosedHere({ ...closedHere, [top.key]: entry });
    setNow(closedAt);
    own?.onClosed?.();
  };
  if (own) return own.render(close);

  const current = operator.find((item) => item.key === top.key);
  if (!current) return null;
  return (
    <Modal title={current.title} onClose={close}>
      <div style={{ display: 'flex', gap: 'var(--space-2)', justifyContent: 'flex-end' }}>
        <Button variant="ghost" onClick={close}>
          {t('popup.dismiss')}
        </Button>
        <a
          href={current.url}
          className={buttonClassName({ variant: 'primary' })}
          onClick={close}
          {...(/^https:/.test(current.url) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
        >
          {t('popup.open')}
        </a>
      </div>
    </Modal>
  );
}
