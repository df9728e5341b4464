import { DURATIONS } from '@piranha/domain';
import { Bell, X } from 'lucide-react';
import { useEffect, useEffectEvent, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { track } from '../../shared/tracking/track.ts';
import { toastShow } from '../../shared/ui/toast-store.ts';
import {
  notificationBarMute,
  notificationBarMuted,
  PushError,
  pushConnect,
  pushPermission,
  pushPermissionRequest,
  pushReportPermission,
  type PushPermission,
} from './push-client.ts';
import styles from './notification-bar.module.css';

/** After a successful subscribe the player's info is asked for again after 1 s (spec §4). */
const USER_INFO_REFRESH_MS = 1_000;

/**
 * Spec §2/§4 notification bar: asks a signed-in player to turn on notifications while this browser could show them
 * and does not yet. "Turn on" asks for the permission (from the tap, as browsers require), subscribes and tells the
 * server; closing it mutes it for 3 days. A permission granted earlier is connected quietly, without the bar.
 */
export function NotificationBar({ onEnabled }: { onEnabled?: () => void }) {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const [muted, setMuted] = useState(() => notificationBarMuted(Date.now(), DURATIONS.notificationBarMuteMs));
  const [permission, setPermission] = useState<PushPermission>(() => pushPermission());
  const [working, setWorking] = useState(false);
  // A permission granted earlier whose quiet connection failed: the bar offers to try again.
  const [connectFailed, setConnectFailed] = useState(false);

  useEffect(() => {
    // A notification tapped while this page is open but not yet controlled by the worker: it asks us to move.
    if (!('serviceWorker' in navigator)) return undefined;
    const onMessage = (event: MessageEvent<{ type?: string; link?: string; source?: string }>) => {
      if (event.data?.type !== 'push-open' || typeof event.data.link !== 'string' || !event.data.link.startsWith('#/')) return;
      window.location.hash = event.data.link;
      // The page was not reloaded with ?push=<source> (decision 041): it records the open itself.
      const source = event.data.source;
      if (typeof source === 'string' && /^[a-z0-9_]{1,32}$/.test(source)) track('push_opened', { source });
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, []);

  // Reads `working` when it runs without re-running the effect on it: the tap's own connection must not start a second.
  const connectQuietly = useEffectEvent((isCancelled: () => boolean) => {
    if (working) return;
    pushConnect().then(
      () => undefined,
      () => !isCancelled() && setConnectFailed(true),
    );
  });

  useEffect(() => {
    if (uid === 0) return undefined;
    let cancelled = false;
    // Already allowed: keep this device's subscription registered for the signed-in player; denied: tell the server.
    if (permission === 'granted') connectQuietly(() => cancelled);
    if (permission === 'denied') void pushReportPermission('denied').catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [uid, permission]);

  const asking = !muted && (permission === 'default' || (permission === 'granted' && connectFailed));
  if (uid === 0 || !asking) return null;

  const enable = async () => {
    setWorking(true);
    try {
      if (pushPermission() !== 'granted') await pushPermissionRequest();
      await pushConnect();
      setConnectFailed(false);
      setPermission('granted');
      toastShow({ kind: 'success', text: t('push.enabled') });
      if (onEnabled) window.setTimeout(onEnabled, USER_INFO_REFRESH_MS);
    } catch (error) {
      const key = error instanceof PushError ? error.key : 'subscribeFailed';
      toastShow({ kind: 'error', text: t(`push.error.${key}`) });
      const now = pushPermission();
      setPermission(now);
      if (now === 'granted') setConnectFailed(true);
    } finally {
      setWorking(false);
    }
  };

  return (
    <section className={styles.bar} aria-label={t('push.barLabel')} data-testid="notification-bar">
      <Bell size={20} aria-hidden="true" className={styles.icon} />
      <p className={styles.text}>{t('push.barText')}</p>
      <button type="button" className={styles.enable} disabled={working} onClick={() => void enable()}>
        {working ? t('push.enabling') : t('push.enable')}
      </button>
      <button
        type="button"
        className={styles.close}
        aria-label={t('push.notNow')}
        onClick={() => {
          notificationBarMute(Date.now());
          setMuted(true);
        }}
      >
        <X size={18} aria-hidden="true" />
      </button>
    </section>
  );
}
