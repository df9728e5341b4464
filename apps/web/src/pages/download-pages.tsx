import { downloadLinksOf, downloadPrimaryOf, downloadReferrerOf } from '@piranha/domain';
import { Apple, Download, MonitorSmartphone, Smartphone } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAccountInfoQuery } from '../features/account/api/account-api.ts';
import { IosGuide } from '../features/pwa/pwa-bar.tsx';
import { isIosSafari, isStandalone } from '../features/pwa/pwa-state.ts';
import { useTranslation } from '../shared/i18n/translate.ts';
import { paths } from '../shared/paths/paths.ts';
import { installPromptPeek, installPromptSubscribe, installPromptTake } from '../shared/pwa/install-capture.ts';
import { useSearchParams } from '../shared/router/router.tsx';
import { useSessionStore } from '../shared/session/session-store.ts';
import { STORAGE_KEYS, storageSet } from '../shared/storage.ts';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { variantCurrent } from '../shared/variant/variant-detect.ts';
import styles from './download-pages.module.css';

/**
 * The download pages (spec §2 /download, /download/ios, /download-land, /download-land/detail; decision 053): each
 * brand's art (its colours and mark), its app links with the page's query passed on, and the installable web app.
 * A session id arriving in the query (`sid`, a native shell's link) is taken out of the address at once and never
 * passed on: links that leave our origin end up in other parties' logs.
 */

function BrandArt() {
  const variant = variantCurrent();
  return (
    <div className={styles.art} aria-hidden="true">
      <img src={`/pwa/${variant.appKey}/icon-192.png`} alt="" width={96} height={96} className={styles.icon} />
    </div>
  );
}

/** Drops `sid` from the page's own address (it stays out of history, screenshots and shared links). */
function useSidDropped() {
  const [params, setParams] = useSearchParams();
  useEffect(() => {
    if (!params.has('sid')) return;
    const next = new URLSearchParams(params);
    next.delete('sid');
    setParams(next, { replace: true });
  }, [params, setParams]);
  return params;
}

/** The web app's own install button: Chromium's kept offer, Safari's steps, or the steps page elsewhere. */
function InstallWebApp() {
  const { t } = useTranslation();
  const canPrompt = useSyncExternalStore(installPromptSubscribe, () => Boolean(installPromptPeek()));
  const [iosGuide, setIosGuide] = useState(false);
  const [installed, setInstalled] = useState(isStandalone);
  const iosSafari = isIosSafari(navigator.userAgent, navigator.maxTouchPoints);
  if (installed) return <p className={styles.note}>{t('download.installed')}</p>;
  const install = async () => {
    if (iosSafari) return setIosGuide(true);
    const offer = installPromptTake();
    if (!offer) return undefined;
    await offer.prompt();
    if ((await offer.userChoice).outcome === 'accepted') {
      storageSet(STORAGE_KEYS.pwaInstalled, true);
      setInstalled(true);
    }
    return undefined;
  };
  return (
    <>
      {canPrompt || iosSafari ? (
        <button type="button" className={styles.primary} onClick={() => void install()} data-testid="download-install">
          <MonitorSmartphone size={20} aria-hidden="true" />
          {t('download.installWeb')}
        </button>
      ) : (
        <a className={styles.secondary} href={`#${paths.downloadLandDetail}`}>
          <MonitorSmartphone size={20} aria-hidden="true" />
          {t('download.landMore')}
        </a>
      )}
      {iosGuide ? <IosGuide onClose={() => setIosGuide(false)} /> : null}
    </>
  );
}

/**
 * The brand's Android link with the page's query (spec: from, cv_prefix, smid, lang, isGP, isV3) and, for a signed-in
 * registered player, uid, nick and first_regist passed on as the install referrer; never the session id.
 */
function AndroidLink() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  const params = useSidDropped();
  const login = useSessionStore((state) => state.login);
  const info = useAccountInfoQuery(login && !login.visitor ? login.uid : 0);
  const values: Record<string, string | undefined> = Object.fromEntries(params.entries());
  if (login && info.data) {
    values.uid = String(login.uid);
    values.nick = info.data.nick;
    values.first_regist = String(info.data.first_regist);
  }
  const links = downloadLinksOf(variant, downloadReferrerOf(values, Boolean(login && info.data)));
  const primary = downloadPrimaryOf(params.get('isGP'));
  return (
    <a className={styles.primary} href={links[primary]} rel="noopener noreferrer" target="_blank" data-testid="download-android">
      {primary === 'googlePlay' ? <Smartphone size={20} aria-hidden="true" /> : <Download size={20} aria-hidden="true" />}
      {primary === 'googlePlay' ? t('download.android') : t('download.apk')}
    </a>
  );
}

export default function DownloadPage() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  return (
    <div className={styles.page}>
      <PageTitle title={t('download.title', { name: variant.appName })} />
      <BrandArt />
      <div className={styles.actions}>
        <AndroidLink />
        <a className={styles.secondary} href={`#${paths.downloadIos}`}>
          <Apple size={20} aria-hidden="true" />
          {t('download.ios')}
        </a>
        <InstallWebApp />
      </div>
    </div>
  );
}

/**
 * /brg-download (spec §2; decision 064): the partner-bridge brand's app for a partner's client — the brand's art and
 * app links with the same query and signed-in fields as /download. No web-app install: the page is usually seen inside
 * the partner's frame, where a browser offers none.
 */
export function BrgDownloadPage() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  return (
    <div className={styles.page}>
      <PageTitle title={t('download.brgTitle', { name: variant.appName })} />
      <BrandArt />
      <p className={styles.lead}>{t('download.brgText', { name: variant.appName })}</p>
      <div className={styles.actions}>
        <AndroidLink />
        <a className={styles.secondary} href={`#${paths.downloadIos}`}>
          <Apple size={20} aria-hidden="true" />
          {t('download.ios')}
        </a>
      </div>
    </div>
  );
}

export function DownloadIosPage() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  return (
    <div className={styles.page}>
      <PageTitle title={t('pwa.iosTitle', { name: variant.appName })} backTo={paths.download} />
      <BrandArt />
      <ol className={styles.steps}>
        <li>{t('pwa.iosStep1')}</li>
        <li>{t('pwa.iosStep2')}</li>
        <li>{t('pwa.iosStep3')}</li>
      </ol>
      <a className={styles.secondary} href="/pwa/webclip.mobileconfig" download data-testid="webclip-profile">
        <Apple size={20} aria-hidden="true" />
        {t('download.profile', { name: variant.appName })}
      </a>
      <p className={styles.note}>{t('download.profileNote')}</p>
    </div>
  );
}

export function DownloadLandPage() {
  const { t } = useTranslation();
  const variant = variantCurrent();
  return (
    <div className={styles.page}>
      <PageTitle title={t('download.landTitle', { name: variant.appName })} />
      <BrandArt />
      <p className={styles.lead}>{t('download.landText')}</p>
      <div className={styles.actions}>
        <InstallWebApp />
        <a className={styles.secondary} href={`#${paths.downloadLandDetail}`}>
          {t('download.landMore')}
        </a>
      </div>
    </div>
  );
}

export function DownloadLandDetailPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <PageTitle title={t('download.detailTitle')} backTo={paths.downloadLand} />
      <ul className={styles.steps}>
        <li>{t('download.detailAndroid')}</li>
        <li>{t('download.detailIos')}</li>
        <li>{t('download.detailDesktop')}</li>
      </ul>
      <div className={styles.actions}>
        <InstallWebApp />
      </div>
    </div>
  );
}
