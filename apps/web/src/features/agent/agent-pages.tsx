import { intlLocaleOf } from '@piranha/domain';
import { Users, Wallet } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { agentErrorText } from './error-text.ts';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { useNavigate, useSearchParams } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { useAgentBindMutation, useAgentDailyQuery, useAgentHistoryQuery, useAgentInfoQuery, useAgentTransferMutation } from './api/agent.ts';
import { percentText } from './agent-home.tsx';
import listCard from '../../shared/ui/list-card.module.css';
import styles from './agent.module.css';

const useUid = () => useSessionStore((state) => state.login?.uid ?? 0);

/** A brand day key `d:2026-11-27` as the player's date. */
function dayText(dayKey: string, language: string): string {
  const date = dayKey.slice(2);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return dayKey;
  return new Intl.DateTimeFormat(intlLocaleOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/** `/thin/agent/bind`: join an agent's team with its code (a shared link fills it in). */
export function AgentBindForm() {
  const { t } = useTranslation();
  const uid = useUid();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [code, setCode] = useState(params.get('code') ?? '');
  const bind = useAgentBindMutation(uid);
  const info = useAgentInfoQuery(uid);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const answer = await bind.mutateAsync(code.trim());
      toastShow({ kind: 'success', text: t('agent.bound', { code: answer.agent_code }) });
      navigate(paths.thinAgent);
    } catch (error) {
      toastShow({ kind: 'error', text: agentErrorText(error, t) });
    }
  };
  if (info.data && info.data.bound_agent_code !== '')
    return <EmptyState icon={<Users size={28} />} title={t('agent.boundTo', { code: info.data.bound_agent_code })} />;
  return (
    <form className={styles.form} onSubmit={(event) => void onSubmit(event)}>
      <p className={styles.muted}>{t('agent.bindBody')}</p>
      <TextField
        label={t('agent.codeLabel')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        maxLength={20}
        autoCapitalize="characters"
        required
      />
      <Button type="submit" disabled={bind.isPending || code.trim().length < 3} aria-busy={bind.isPending}>
        {t('agent.bindSubmit')}
      </Button>
    </form>
  );
}

/** `/thin/agent/daily`: each settled day with its figures. */
export function AgentDailyList() {
  const { t, i18n } = useTranslation();
  const daily = useAgentDailyQuery(useUid());
  if (daily.isPending) return <Skeleton height={140} />;
  if (daily.isError)
    return <EmptyState icon={<Users size={28} />} title={t('agent.loadFailed')} onRefresh={() => void daily.refetch()} refreshing={daily.isFetching} />;
  const money = (amount: number) => moneyText(amount, daily.data.currency, i18n.language);
  if (daily.data.list.length === 0) return <EmptyState icon={<Users size={28} />} title={t('agent.dailyEmpty')} body={t('agent.daily')} />;
  return (
    <ul className={`${listCard.listCard} ${listCard.dividedRows}`} data-testid="agent-daily">
      {daily.data.list.map((day) => (
        <li key={day.day_key} className={listCard.row}>
          <span className={listCard.rowMain}>
            <span className={listCard.rowTitle}>{dayText(day.day_key, i18n.language)}</span>
            <span className={styles.muted}>
              {t('agent.dayFigures', { n: day.members, basis: money(day.basis), rate: percentText(day.rate_bp, i18n.language) })}
            </span>
            <span className={styles.muted}>{day.transferred ? t('agent.transferred') : t('agent.notTransferred')}</span>
          </span>
          <span className={styles.amount}>{money(day.commission)}</span>
        </li>
      ))}
    </ul>
  );
}

/** `/thin/agent/transfer`: everything settled and not yet moved goes to the wallet in one transfer. */
export function AgentTransferPanel() {
  const { t, i18n } = useTranslation();
  const uid = useUid();
  const info = useAgentInfoQuery(uid);
  const transfer = useAgentTransferMutation(uid);
  if (info.isPending) return <Skeleton height={140} />;
  if (info.isError)
    return <EmptyState icon={<Wallet size={28} />} title={t('agent.loadFailed')} onRefresh={() => void info.refetch()} refreshing={info.isFetching} />;
  const money = (amount: number) => moneyText(amount, info.data.currency, i18n.language);
  const onTransfer = async () => {
    try {
      const answer = await transfer.mutateAsync();
      toastShow({ kind: 'success', text: t('agent.transferDone', { amount: money(answer.amount) }) });
    } catch (error) {
      toastShow({ kind: 'error', text: agentErrorText(error, t) });
    }
  };
  return (
    <div className={styles.stack}>
      <section className={styles.hero} aria-labelledby="agent-available">
        <p id="agent-available" className={styles.label}>
          {t('agent.available')}
        </p>
        <p className={styles.big} data-testid="agent-transfer-available">
          {money(info.data.available)}
        </p>
        <p className={styles.muted}>{t('agent.transferBody')}</p>
        <Button
          onClick={() => void onTransfer()}
          disabled={!info.data.is_agent || info.data.available <= 0 || transfer.isPending}
          aria-busy={transfer.isPending}
        >
          {t('agent.transferSubmit')}
        </Button>
      </section>
      <p className={styles.muted}>{t('agent.totalEarned', { amount: money(info.data.total_earned) })}</p>
    </div>
  );
}

/** `/agent/history`: the agent's transfers to the wallet. */
export function AgentHistoryList() {
  const { t, i18n } = useTranslation();
  const history = useAgentHistoryQuery(useUid());
  if (history.isPending) return <Skeleton height={140} />;
  if (history.isError)
    return <EmptyState icon={<Wallet size={28} />} title={t('agent.loadFailed')} onRefresh={() => void history.refetch()} refreshing={history.isFetching} />;
  if (history.data.list.length === 0) return <EmptyState icon={<Wallet size={28} />} title={t('agent.historyEmpty')} />;
  const money = (amount: number) => moneyText(amount, history.data.currency, i18n.language);
  return (
    <ul className={`${listCard.listCard} ${listCard.dividedRows}`} data-testid="agent-history">
      {history.data.list.map((row) => (
        <li key={row.transfer_id} className={listCard.row}>
          <span className={listCard.rowMain}>
            <span className={listCard.rowTitle}>{t('agent.transferRow')}</span>
            <span className={styles.muted}>
              {new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(row.create_time * 1000))}
            </span>
          </span>
          <span className={styles.amount}>{money(row.amount)}</span>
        </li>
      ))}
    </ul>
  );
}

const FAQ_KEYS = ['what', 'how', 'commission', 'when', 'transfer', 'team'] as const;

/** `/thin/agent/faq`. */
export function AgentFaq() {
  const { t } = useTranslation();
  return (
    <dl className={styles.faq}>
      {FAQ_KEYS.map((key) => (
        <div key={key}>
          <dt>{t(`agent.faq.${key}.q`)}</dt>
          <dd>{t(`agent.faq.${key}.a`)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** `/thin/agent/tutorial`. */
export function AgentTutorial() {
  const { t } = useTranslation();
  return (
    <ol className={styles.steps}>
      {(['1', '2', '3', '4'] as const).map((step) => (
        <li key={step}>{t(`agent.step.${step}`)}</li>
      ))}
    </ol>
  );
}
