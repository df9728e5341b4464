import { ChevronRight, Share2, UserPlus, Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { CopyField } from '../features/payments/copy-field.tsx';
import { useInviteBindMutation, useInviteInfoQuery } from '../features/invite/api/invite.ts';
import { loyaltyErrorText } from '../features/loyalty/error-text.ts';
import { useTranslation } from '../shared/i18n/translate.ts';
import { invitePending } from '../shared/invite/invite-pending.ts';
import { moneyText } from '../shared/money/money.ts';
import { paths } from '../shared/paths/paths.ts';
import { Link } from '../shared/router/router.tsx';
import { useSessionStore } from '../shared/session/session-store.ts';
import { shellShare } from '../shared/shell-actions.ts';
import { Button } from '../shared/ui/button.tsx';
import { EmptyState } from '../shared/ui/empty-state.tsx';
import { PageTitle } from '../shared/ui/page-title.tsx';
import { Skeleton } from '../shared/ui/skeleton.tsx';
import { TextField } from '../shared/ui/text-field.tsx';
import { toastShow } from '../shared/ui/toast-store.ts';
import listCard from '../shared/ui/list-card.module.css';
import styles from '../features/invite/invite.module.css';
import { RequireLogin } from './require-login.tsx';

/** /activity/invite (spec §2; decision 051): the player's code and link with copy and share, what an invite pays, and friends so far. */
export default function InvitePage() {
  const { t } = useTranslation();
  return (
    <RequireLogin>
      <PageTitle title={t('invite.title')} backTo={paths.me} />
      <InviteBody />
    </RequireLogin>
  );
}

function InviteBody() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const info = useInviteInfoQuery(uid);
  if (info.isPending)
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={160} />
        <Skeleton height={96} />
      </div>
    );
  if (info.isError)
    return <EmptyState icon={<Users size={28} />} title={t('invite.loadFailed')} onRefresh={() => void info.refetch()} refreshing={info.isFetching} />;
  const data = info.data;
  const money = (amount: number) => moneyText(amount, data.currency, i18n.language);
  const link = data.links.at(-1)?.url ?? '';
  const share = async () => {
    const text = t('invite.shareText', { amount: money(data.qualify_min) });
    // Inside the native shell or the mini app their own share sheet takes it (decision 062).
    if (await shellShare({ title: t('invite.title'), text, url: link })) return;
    if (typeof navigator.share === 'function') {
      // A dismissed share sheet is the player's choice, not a failure.
      await navigator.share({ title: t('invite.title'), text, url: link }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(`${text} ${link}`);
      toastShow({ kind: 'success', text: t('payments.copied') });
    } catch {
      toastShow({ kind: 'error', text: t('payments.copyFailed') });
    }
  };
  return (
    <div className={styles.stack}>
      <section className={styles.hero} aria-labelledby="invite-headline">
        <h2 id="invite-headline" className={styles.headline}>
          {data.reward > 0 ? t('invite.headline', { amount: money(data.reward) }) : t('invite.headlineNoReward')}
        </h2>
        <p className={styles.muted}>{t('invite.how', { amount: money(data.qualify_min) })}</p>
        <CopyField label={t('invite.code')} value={data.code} />
        {data.links.map((entry) => (
          <CopyField key={entry.url} label={t('invite.linkOn', { domain: entry.domain })} value={entry.url} long={false} />
        ))}
        <div className={styles.actions}>
          <Button variant="primary" block onClick={() => void share()}>
            <Share2 size={18} aria-hidden="true" />
            {t('invite.share')}
          </Button>
        </div>
      </section>
      <dl className={styles.stats}>
        <div className={styles.stat}>
          <dt>{t('invite.invited')}</dt>
          <dd>{data.invited}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t('invite.qualified')}</dt>
          <dd>{data.qualified}</dd>
        </div>
        <div className={styles.stat}>
          <dt>{t('invite.earned')}</dt>
          <dd>{money(data.earned)}</dd>
        </div>
      </dl>
      <nav aria-label={t('invite.friendsTitle')}>
        <ul className={listCard.listCard}>
          <li>
            <Link to={paths.activityInviteDetail} className={styles.link}>
              <span className={styles.icon} aria-hidden="true">
                <Users size={18} />
              </span>
              <span className={listCard.rowTitle}>{t('invite.friendsLink', { n: data.invited })}</span>
              <ChevronRight size={18} aria-hidden="true" />
            </Link>
          </li>
        </ul>
      </nav>
      <section aria-labelledby="invite-rules">
        <h2 id="invite-rules" className={listCard.sectionTitle}>
          {t('invite.rulesTitle')}
        </h2>
        <ul className={listCard.rules}>
          <li>{t('invite.ruleQualify', { amount: money(data.qualify_min) })}</li>
          <li>{data.reward === 0 ? t('invite.ruleNoReward') : data.wagering > 0 ? t('invite.ruleWagering', { n: data.wagering }) : t('invite.ruleCash')}</li>
          <li>{t('invite.ruleOnce')}</li>
          <li>{t('invite.ruleSelf')}</li>
        </ul>
      </section>
      {data.inviter_code ? <p className={styles.muted}>{t('invite.invitedBy', { code: data.inviter_code })}</p> : null}
      {data.can_bind === 1 ? <BindForm uid={uid} /> : null}
    </div>
  );
}

/** A new account may still name who invited it: a typed code (the link's own code is offered when the device kept one). */
function BindForm({ uid }: { uid: number }) {
  const { t } = useTranslation();
  const [code, setCode] = useState(() => invitePending()?.code ?? '');
  const bind = useInviteBindMutation(uid);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() === '') return;
    bind.mutate(code.trim(), { onSuccess: () => toastShow({ kind: 'success', text: t('invite.bound') }) });
  };
  return (
    <form className={styles.bindForm} onSubmit={submit} aria-labelledby="invite-bind">
      <h2 id="invite-bind" className={listCard.sectionTitle}>
        {t('invite.bindTitle')}
      </h2>
      <TextField
        label={t('invite.bindLabel')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        autoCapitalize="characters"
        maxLength={32}
        error={bind.isError ? loyaltyErrorText(bind.error, t) : undefined}
      />
      <Button type="submit" variant="ghost" block disabled={bind.isPending || code.trim() === ''}>
        <UserPlus size={18} aria-hidden="true" />
        {t('invite.bind')}
      </Button>
    </form>
  );
}
