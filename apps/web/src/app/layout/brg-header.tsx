import { brgIgnoredReport, brgProfileGet } from '@piranha/contract';
import type { PartnerClientBalance } from '@piranha/domain';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, RefreshCw } from 'lucide-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { api } from '../../shared/api/api.ts';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { randomId } from '../../shared/random-id.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { variantCurrent } from '../../shared/variant/variant-detect.ts';
import { HeaderBalance } from '../../features/wallet/header-balance.tsx';
import balanceStyles from '../../features/wallet/header-balance.module.css';
import { partnerBalanceAsk, partnerBridgeStart, partnerHello, type PartnerBridgeStarted } from '../../features/partner-bridge/partner-bridge.ts';
import styles from './brg-header.module.css';

/**
 * The BRG header's parts (spec §2 "The partner-bridge (BRG) variant shows a client balance and a back-to-client
 * button"; decision 064), loaded only on a partner-bridge brand with a signed-in player. Inside a partner's page whose
 * origin the brand lists they replace the wallet balance and deposit: the client balance as the partner reports it and
 * a way back to the partner's app. Anywhere else (opened directly, or framed by a page the brand does not list) there
 * is no bridge, no back button, and the balance is our wallet's as on any brand.
 */

interface BridgeState {
  started: PartnerBridgeStarted | undefined;
  balance: PartnerClientBalance | undefined;
}

let state: BridgeState = { started: undefined, balance: undefined };
const listeners = new Set<() => void>();
const stateSet = (next: Partial<BridgeState>) => {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const useBridgeState = () => useSyncExternalStore(subscribe, () => state);

/** The parent's origin as the browser says it: `location.ancestorOrigins` (Chromium, Safari), else the referrer. */
function ancestorOriginsOf(): string[] {
  const list = (location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins;
  return list ? Array.from({ length: list.length }, (_, index) => list.item(index) ?? '') : [];
}

function parentOriginGuess(): string | undefined {
  const ancestor = ancestorOriginsOf()[0];
  if (ancestor) return ancestor;
  try {
    return document.referrer ? new URL(document.referrer).origin : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the bridge once the brand's partner origins are known (`brg/profile/get`); once per page. */
function useBrgBridge(): BridgeState {
  const uid = useSessionStore((session) => session.login?.uid ?? 0);
  const framed = window.parent !== window;
  const parentOrigin = framed ? parentOriginGuess() : undefined;
  const profile = useQuery({
    queryKey: ['brg', 'profile', uid, parentOrigin ?? ''],
    queryFn: () => api.call(brgProfileGet, { query: parentOrigin && parentOrigin !== 'null' ? { parent_origin: parentOrigin } : {} }),
    enabled: framed && uid > 0,
    staleTime: Infinity,
  });
  const origins = profile.data?.origins;
  useEffect(() => {
    if (!origins || state.started) return;
    const variant = variantCurrent();
    const started = partnerBridgeStart({
      win: {
        addEventListener: (type, listener) => window.addEventListener(type, listener),
        removeEventListener: (type, listener) => window.removeEventListener(type, listener),
        parent: window.parent,
        self: window,
        ancestorOrigins: ancestorOriginsOf(),
        referrer: document.referrer,
      },
      origins,
      currencies: variant.currencies,
      appKey: variant.appKey,
      onBalance: (balance) => stateSet({ balance }),
      report: (ignored) => void api.call(brgIgnoredReport, { body: ignored }).catch(() => undefined),
      idNext: () => `w-${randomId()}`,
    });
    if (!started) return;
    stateSet({ started });
    partnerHello(started, variant.appKey).catch((error: unknown) => console.warn('partner bridge: no hello from the parent', error));
    void partnerBalanceAsk(started, variant.currencies).then((balance) => balance && stateSet({ balance }));
  }, [origins]);
  return useBridgeState();
}

/** The back-to-client button, before the menu: shown only while there is a partner to go back to. */
export function BrgBack() {
  const { t } = useTranslation();
  const { started } = useBridgeState();
  if (!started) return null;
  return (
    <button type="button" className={styles.back} aria-label={t('header.backToClient')} onClick={() => started.bridge.emit('back_to_client', {})}>
      <ArrowLeft size={20} aria-hidden="true" />
    </button>
  );
}

/** The client balance as the partner reports it; a tap asks the partner again. Without a bridge, our wallet's. */
export function BrgBalance() {
  const { t, i18n } = useTranslation();
  const { started, balance } = useBrgBridge();
  const [asking, setAsking] = useState(false);
  const variant = variantCurrent();
  if (!started) return <HeaderBalance />;
  const amount = balance ? moneyText(balance.amount, balance.currency, i18n.language, variant.flags.abbreviateThousands) : undefined;
  const ask = async () => {
    setAsking(true);
    const fresh = await partnerBalanceAsk(started, variant.currencies);
    if (fresh) stateSet({ balance: fresh });
    setAsking(false);
  };
  return (
    <button type="button" className={balanceStyles.balance} onClick={() => void ask()} aria-busy={asking} data-testid="brg-client-balance">
      <span className={styles.stack}>
        {/* The name is the text shown, label then amount (WCAG 2.5.3): no aria-label to drift from it. */}
        <span className={styles.label}>{t('header.clientBalance')}</span>{' '}
        <span className={balanceStyles.amount}>{amount ?? <Skeleton width="6ch" height={16} />}</span>
      </span>
      <RefreshCw size={16} aria-hidden="true" className={asking ? 'spin' : undefined} />
    </button>
  );
}
