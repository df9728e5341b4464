import { pwaAwardCheck, pwaAwardReport, pwaIndexGet } from '@piranha/contract';
import { useQuery } from '@tanstack/react-query';
import { Download, RefreshCw, X } from 'lucide-react';
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { api } from '../../shared/api/api.ts';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { installPromptPeek, installPromptSubscribe, installPromptTake } from '../../shared/pwa/install-capture.ts';
import { installOfferSet } from '../../shared/pwa/install-offer.ts';
import { useLocation } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { STORAGE_KEYS, storageGet, storageSet } from '../../shared/storage.ts';
import { Modal } from '../../shared/ui/modal.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { dismissKeepsShowing, installBarShown, isIosSafari, isStandalone } from './pwa-state.ts';
import { swUpdateApply, swWatch } from './sw-update.ts';
import styles from './pwa-bar.module.css';

/**
 * The installed web app on the page (spec §2 install top bar, iOS bookmark prompt; §4; decision 053), loaded lazily by
 * the layout: the install bar under the header while the award check says award_status 1, the iOS steps on Safari,
 * the reward report from the installed app, and the "new version" prompt of the service worker.
 */
export const pwaKeys = { award: (uid: number) => ['pwa', 'award', uid] as const };

function useAward(uid: number) {
  return useQuery({
    queryKey: pwaKeys.award(uid),
    queryFn: () => (uid ? api.call(pwaAwardCheck) : api.call(pwaIndexGet)),
    staleTime: 60_000,
  });
}

/** Reports the installed app once per page load for a signed-in player the reward is still offered to. */
async function rewardReport(displayMode: 'standalone' | 'installed', amountText: string, t: (key: 'pwa.rewardReceived', values: { amount: string }) => string) {
  const answer = await api.call(pwaAwardReport, { query: { display_mode: displayMode } });
  if (answer.paid === 1) toastShow({ kind: 'success', text: t('pwa.rewardReceived', { amount: amountText }) });
  return answer;
}

export function InstallBar() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const award = useAward(uid);
  const canPrompt = useSyncExternalStore(installPromptSubscribe, () => Boolean(installPromptPeek()));
  const [closedAt, setClosedAt] = useState(() => storageGet<number>(STORAGE_KEYS.pwaClosedAt));
  const [installed, setInstalled] = useState(() => storageGet<boolean>(STORAGE_KEYS.pwaInstalled) === true);
  const [iosGuide, setIosGuide] = useState(false);
  const [standalone] = useState(isStandalone);
  // The 24 h quiet is judged against when the page opened: a close in this page hides the bar at once (closedAt > it).
  const [mountedAt] = useState(() => Date.now());
  const iosSafari = typeof navigator !== 'undefined' && isIosSafari(navigator.userAgent, navigator.maxTouchPoints);
  const data = award.data;
  // Formatted only when a sentence shows or reports it (decision 081): the first number format of a page loads ICU's
  // number data (~20 ms of main thread), which a visitor who is not offered the install does not need.
  const amountTextOf = () => (data ? moneyText(data.award_amount, data.currency, i18n.language) : '');

  // The reward report, then the award check again (it says whether the reward is still offered).
  const reportInstalled = useEffectEvent((mode: 'standalone' | 'installed') => {
    void rewardReport(mode, amountTextOf(), t).then(
      () => award.refetch(),
      () => undefined,
    );
  });

  // Opened from the home screen: the installed app asks for its reward (paid once, whatever number of reports).
  useEffect(() => {
    if (standalone && uid && data?.award_status === 1) reportInstalled('standalone');
  }, [standalone, uid, data?.award_status]);

  // Installed however it was (our prompt, the browser's menu): marked here, and a signed-in player's reward reported.
  const onInstalled = useEffectEvent(() => {
    storageSet(STORAGE_KEYS.pwaInstalled, true);
    setInstalled(true);
    if (uid && data?.award_status === 1) reportInstalled('installed');
  });
  useEffect(() => {
    const listener = () => onInstalled();
    window.addEventListener('appinstalled', listener);
    return () => window.removeEventListener('appinstalled', listener);
  }, []);

  const shown = installBarShown({
    awardStatus: data?.award_status,
    standalone,
    installed,
    closedAt,
    now: mountedAt,
    canPrompt,
    iosSafari,
  });

  const amountText = shown ? amountTextOf() : '';

  // The pop-up stack offers the same install as a pop-up while the bar shows (install-popup-entry.tsx).
  useEffect(() => installOfferSet(shown ? { amountText } : null), [shown, amountText]);
  useEffect(() => () => installOfferSet(null), []);

  const close = () => {
    const now = Date.now();
    storageSet(STORAGE_KEYS.pwaClosedAt, now);
    setClosedAt(now);
  };

  const install = async () => {
    if (iosSafari) return setIosGuide(true);
    const outcome = await installPrompt();
    if (outcome === 'accepted') setInstalled(true);
    else if (outcome === 'dismissed' && !dismissKeepsShowing(pathname)) close();
    return undefined;
  };

  return (
    <>
      {shown ? (
        <section className={styles.bar} aria-label={t('pwa.barLabel')} data-testid="install-bar">
          <Download size={20} aria-hidden="true" className={styles.icon} />
          <p className={styles.text}>{t('pwa.barText', { amount: amountText })}</p>
          <button type="button" className={styles.action} onClick={() => void install()}>
            {t('pwa.install')}
          </button>
          <button type="button" className={styles.close} aria-label={t('pwa.notNow')} onClick={close}>
            <X size={18} aria-hidden="true" />
          </button>
        </section>
      ) : null}
      {iosGuide ? <IosGuide onClose={() => setIosGuide(false)} /> : null}
    </>
  );
}

/**
 * Chromium's kept install offer, prompted; spec §4: accepted marks installed (the browser's `appinstalled` follows, and
 * the bar reports the reward). Undefined when there was no offer left to prompt.
 */
async function installPrompt(): Promise<'accepted' | 'dismissed' | undefined> {
  const offer = installPromptTake();
  if (!offer) return undefined;
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  if (outcome === 'accepted') storageSet(STORAGE_KEYS.pwaInstalled, true);
  return outcome;
}

/**
 * The install pop-up (spec §4 "top bar and popup"), shown by the pop-up stack while the bar is offered: what installing
 * pays, install or not now. Closing it keeps it away for 24 h (the stack's cache); the bar keeps its own close.
 */
export function InstallPopup({ amountText, onClose }: { amountText: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [iosGuide, setIosGuide] = useState(false);
  if (iosGuide) return <IosGuide onClose={onClose} />;
  const install = async () => {
    if (typeof navigator !== 'undefined' && isIosSafari(navigator.userAgent, navigator.maxTouchPoints)) return setIosGuide(true);
    await installPrompt();
    return onClose();
  };
  return (
    <Modal title={t('pwa.popupTitle', { name: variantCurrent().appName })} onClose={onClose}>
      <p className={styles.popupText}>{t('pwa.barText', { amount: amountText })}</p>
      <div className={styles.popupActions}>
        <button type="button" className={styles.later} onClick={onClose}>
          {t('pwa.notNow')}
        </button>
        <button type="button" className={styles.action} onClick={() => void install()}>
          {t('pwa.install')}
        </button>
      </div>
    </Modal>
  );
}

/** Spec §2 iOS bookmark prompt: Safari has no install event, so the steps to add the app to the Home Screen. */
export function IosGuide({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const name = variantCurrent().appName;
  return (
    <Modal title={t('pwa.iosTitle', { name })} onClose={onClose}>
      <ol className={styles.steps}>
        <li>{t('pwa.iosStep1')}</li>
        <li>{t('pwa.iosStep2')}</li>
        <li>{t('pwa.iosStep3')}</li>
      </ol>
      <p className={styles.more}>
        <a href={`#${paths.downloadIos}`} onClick={onClose}>
          {t('pwa.iosMore')}
        </a>
      </p>
      <button type="button" className={styles.action} onClick={onClose}>
        {t('pwa.close')}
      </button>
    </Modal>
  );
}

/** The service worker's "new version" prompt: shown when a new build waits; reloads only when the player says so. */
export function UpdatePrompt() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState<ServiceWorker | undefined>();
  useEffect(() => swWatch(setWaiting), []);
  if (!waiting) return null;
  return (
    <section className={styles.update} role="status" aria-label={t('pwa.updateText')} data-testid="update-prompt">
      <RefreshCw size={18} aria-hidden="true" className={styles.icon} />
      <p className={styles.text}>{t('pwa.updateText')}</p>
      <button type="button" className={styles.action} onClick={() => swUpdateApply(waiting)}>
        {t('pwa.updateReload')}
      </button>
    </section>
  );
}
