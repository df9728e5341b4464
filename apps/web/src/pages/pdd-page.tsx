import { ApiError, ERRORS } from '@piranha/contract';
import { Clock, Gift, Hourglass, Share2, UserPlus, Users, Wallet } from 'lucide-react';
import { CopyField } from '../features/payments/copy-field.tsx';
import { agentErrorText } from '../features/agent/error-text.ts';
import { usePddInfoQuery, usePddOpenMutation, usePddWithdrawMutation } from '../features/pdd/api/pdd.ts';
import { useTranslation, type TFunction } from '../shared/i18n/translate.ts';
import { moneyText } from '../shared/money/money.ts';
import { paths } from '../shared/paths/paths.ts';
import { useSessionStore } from '../shared/session/session-store.ts';
import { shellShare } from '../shared/shell-actions.ts';
import { Button } from '../shared/ui/button.tsx';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { Skeleton } from '../shared/ui/skeleton.tsx';
import { toastShow } from '../shared/ui/toast-store.ts';
import styles from '../features/pdd/pdd.module.css';
import { RequireLogin } from './require-login.tsx';
import listCard from '../shared/ui/list-card.module.css';
import { ProgressBar } from '../shared/ui/progress-bar.tsx';

/** /thin/pdd (spec §2; decision 063): share-to-cash-out — the envelope, its progress, the link, the friends who helped, the withdrawal. */
export default function PddPage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('pdd.title')} backTo={paths.me} />
      <PddBody />
    </RequireLogin>
  );
}

/** Hours and minutes left (the server counts the seconds; the page is refreshed every few seconds). */
function timeLeft(seconds: number, t: TFunction): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? t('pdd.leftHours', { hours, minutes }) : t('pdd.leftMinutes', { minutes: Math.max(1, minutes) });
}

function PddBody() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const info = usePddInfoQuery(uid);
  const open = usePddOpenMutation(uid);
  const withdraw = usePddWithdrawMutation(uid);
  if (info.isPending)
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={200} />
        <Skeleton height={96} />
      </div>
    );
  if (info.isError)
    return <EmptyState icon={<Gift size={28} />} title={t('pdd.loadFailed')} onRefresh={() => void info.refetch()} refreshing={info.isFetching} />;
  const data = info.data;
  const money = (amount: number) => moneyText(amount, data.currency, i18n.language);
  if (!data.offered) return <EmptyState icon={<Gift size={28} />} title={t('pdd.notOfferedTitle')} body={t('pdd.notOfferedBody')} />;
  const envelope = data.envelope;
  const onOpen = () =>
    open.mutate(undefined, {
      onError: (error) => {
        // Another tab opened one meanwhile: the page simply shows it.
        if (error instanceof ApiError && error.dmError === ERRORS.PDD_ALREADY_OPEN.code) return;
        toastShow({ kind: 'error', text: agentErrorText(error, t) });
      },
    });
  const openButton = (label: string) => (
    <Button variant="primary" block onClick={onOpen} disabled={open.isPending} aria-busy={open.isPending}>
      <Gift size={18} aria-hidden="true" />
      {label}
    </Button>
  );
  const share = async () => {
    const text = t('pdd.shareText', { amount: money(data.target) });
    if (await shellShare({ title: t('pdd.title'), text, url: data.link })) return;
    if (typeof navigator.share === 'function') {
      await navigator.share({ title: t('pdd.title'), text, url: data.link }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(`${text} ${data.link}`);
      toastShow({ kind: 'success', text: t('payments.copied') });
    } catch {
      toastShow({ kind: 'error', text: t('payments.copyFailed') });
    }
  };
  const rules = (
    <section aria-labelledby="pdd-rules">
      <h2 id="pdd-rules" className={listCard.sectionTitle}>
        {t('pdd.rulesTitle')}
      </h2>
      <ul className={styles.rules}>
        <li>{t('pdd.ruleVisit', { amount: money(data.visit_step) })}</li>
        <li>{t('pdd.ruleSignup', { amount: money(data.signup_step) })}</li>
        <li>{t('pdd.ruleOnce')}</li>
        <li>{t('pdd.ruleExpiry', { hours: data.expiry_hours })}</li>
      </ul>
    </section>
  );
  if (!envelope)
    return (
      <div className={styles.stack}>
        <EmptyState
          icon={<Gift size={28} />}
          title={t('pdd.emptyTitle', { amount: money(data.target) })}
          body={t('pdd.emptyBody', { hours: data.expiry_hours })}
          action={openButton(t('pdd.open'))}
        />
        {rules}
      </div>
    );
  const percent = Math.min(100, Math.floor((envelope.progress * 100) / Math.max(1, envelope.target)));
  const onWithdraw = () =>
    withdraw.mutate(envelope.pdd_uid, {
      onSuccess: (paid) => toastShow({ kind: 'success', text: t('pdd.withdrawn', { amount: money(paid.amount) }) }),
      onError: (error) => toastShow({ kind: 'error', text: agentErrorText(error, t) }),
    });
  return (
    <div className={styles.stack}>
      <section className={styles.envelope} aria-labelledby="pdd-amount">
        <p className={styles.kicker}>{t(`pdd.status.${envelope.status}`)}</p>
        <h2 id="pdd-amount" className={styles.amount}>
          {money(envelope.target)}
        </h2>
        <ProgressBar percent={percent} label={t('pdd.progressLabel')} valueText={`${percent}%`} trackClassName={styles.bar} />
        <p className={styles.progressText}>{t('pdd.progress', { progress: money(envelope.progress), target: money(envelope.target) })}</p>
        {envelope.status === 'open' ? (
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{t('pdd.toGo')}</dt>
              <dd>{money(envelope.remaining)}</dd>
            </div>
            <div className={styles.fact}>
              <dt>
                <Clock size={14} aria-hidden="true" /> {t('pdd.timeLeft')}
              </dt>
              <dd>{timeLeft(envelope.seconds_left, t)}</dd>
            </div>
          </dl>
        ) : null}
        {envelope.status === 'reached' && envelope.reward_status === 'ready' ? (
          <>
            <p className={styles.note}>{t('pdd.reachedBody', { amount: money(envelope.target) })}</p>
            <Button variant="primary" block onClick={onWithdraw} disabled={withdraw.isPending} aria-busy={withdraw.isPending}>
              <Wallet size={18} aria-hidden="true" />
              {t('pdd.withdraw')}
            </Button>
          </>
        ) : null}
        {envelope.status === 'reached' && envelope.reward_status === 'withdrawn' ? (
          <>
            <p className={styles.note}>{t('pdd.withdrawnBody', { amount: money(envelope.target) })}</p>
            {openButton(t('pdd.openAnother'))}
          </>
        ) : null}
        {envelope.status === 'expired' ? (
          <>
            <p className={styles.note}>
              <Hourglass size={16} aria-hidden="true" /> {t('pdd.expiredBody')}
            </p>
            {openButton(t('pdd.openAnother'))}
          </>
        ) : null}
      </section>
      {envelope.status === 'open' ? (
        <section className={styles.card} aria-labelledby="pdd-share">
          <h2 id="pdd-share" className={listCard.sectionTitle}>
            {t('pdd.shareTitle')}
          </h2>
          <CopyField label={t('pdd.link')} value={data.link} long={false} />
          <Button variant="primary" block onClick={() => void share()}>
            <Share2 size={18} aria-hidden="true" />
            {t('pdd.share')}
          </Button>
        </section>
      ) : null}
      <section aria-labelledby="pdd-friends">
        <h2 id="pdd-friends" className={listCard.sectionTitle}>
          {t('pdd.friendsTitle', { n: envelope.friends.length })}
        </h2>
        {envelope.friends.length === 0 ? (
          <p className={styles.muted}>{t('pdd.friendsEmpty')}</p>
        ) : (
          <ul className={styles.friends}>
            {envelope.friends.map((friend) => (
              <li key={`${friend.kind}-${friend.nick}-${friend.time}`} className={styles.friend}>
                <span className={styles.friendIcon} aria-hidden="true">
                  {friend.kind === 'signup' ? <UserPlus size={16} /> : <Users size={16} />}
                </span>
                <span className={styles.friendName}>
                  {friend.nick || t('pdd.friendAnonymous')}
                  <small>{t(friend.kind === 'signup' ? 'pdd.kindSignup' : 'pdd.kindVisit')}</small>
                </span>
                <span className={styles.friendAmount}>+{money(friend.amount)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {rules}
    </div>
  );
}
