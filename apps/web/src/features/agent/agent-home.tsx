import type { EndpointData, agentInfo } from '@piranha/contract';
import { intlLocaleOf } from '@piranha/domain';
import { ChevronRight, Users } from 'lucide-react';
import { agentErrorText } from './error-text.ts';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { Link } from '../../shared/router/router.tsx';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { useAgentApplyMutation, useAgentInfoQuery, useAgentTeamQuery } from './api/agent.ts';
import listCard from '../../shared/ui/list-card.module.css';
import styles from './agent.module.css';

type Info = EndpointData<typeof agentInfo>;

/** A rate in basis points as a percentage in the player's language. */
export function percentText(rateBp: number, language: string): string {
  return new Intl.NumberFormat(intlLocaleOf(language), { style: 'percent', maximumFractionDigits: 2 }).format(rateBp / 10_000);
}

/** The brand's terms: the basis and each tier's rate. */
export function AgentTerms({ info }: { info: Info }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => moneyText(amount, info.currency, i18n.language);
  if (info.basis === '') return null;
  return (
    <section aria-labelledby="agent-terms">
      <h3 id="agent-terms" className={listCard.sectionTitle}>
        {t('agent.termsTitle')}
      </h3>
      <ul className={listCard.rules}>
        <li>{t(`agent.basis.${info.basis}`)}</li>
        {info.tiers.map((tier) => (
          <li key={tier.from}>{t('agent.tier', { rate: percentText(tier.rate_bp, i18n.language), from: money(tier.from) })}</li>
        ))}
        <li>{t('agent.daily')}</li>
      </ul>
    </section>
  );
}

/** `/agent/home` and `/thin/agent`: become an agent, or the agent's code, team and commissions. */
export function AgentHome() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const info = useAgentInfoQuery(uid);
  if (info.isPending)
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={140} />
        <Skeleton height={96} />
      </div>
    );
  if (info.isError)
    return <EmptyState icon={<Users size={28} />} title={t('agent.loadFailed')} onRefresh={() => void info.refetch()} refreshing={info.isFetching} />;
  if (!info.data.offered) return <EmptyState icon={<Users size={28} />} title={t('agent.notOfferedTitle')} body={t('agent.notOfferedBody')} />;
  return info.data.is_agent ? <AgentDashboard info={info.data} uid={uid} /> : <AgentJoin info={info.data} uid={uid} />;
}

function AgentJoin({ info, uid }: { info: Info; uid: number }) {
  const { t } = useTranslation();
  const apply = useAgentApplyMutation(uid);
  const onApply = () =>
    apply.mutate(undefined, {
      onSuccess: () => toastShow({ kind: 'success', text: t('agent.applied') }),
      onError: (error) => toastShow({ kind: 'error', text: agentErrorText(error, t) }),
    });
  return (
    <div className={styles.stack}>
      <section className={styles.hero} aria-labelledby="agent-join">
        <h2 id="agent-join" className={styles.big}>
          {t('agent.joinTitle')}
        </h2>
        <p className={styles.muted}>{t('agent.joinBody')}</p>
        <Button onClick={onApply} disabled={apply.isPending} aria-busy={apply.isPending}>
          {t('agent.apply')}
        </Button>
      </section>
      <AgentTerms info={info} />
      {info.bound_agent_code !== '' ? (
        <p className={styles.muted}>{t('agent.boundTo', { code: info.bound_agent_code })}</p>
      ) : (
        <Link to={paths.thinAgentBind} className={`${listCard.listCard} ${styles.link}`}>
          {t('agent.haveCode')}
          <ChevronRight size={18} aria-hidden="true" />
        </Link>
      )}
      <AgentGuideLinks />
    </div>
  );
}

function AgentGuideLinks() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('agent.more')}>
      <ul className={`${listCard.listCard} ${listCard.dividedRows}`}>
        {(
          [
            [paths.thinAgentDaily, 'agent.dailyTitle'],
            [paths.agentHistory, 'agent.historyTitle'],
            [paths.thinAgentTutorial, 'agent.tutorialTitle'],
            [paths.thinAgentFaq, 'agent.faqTitle'],
          ] as const
        ).map(([to, key]) => (
          <li key={to}>
            <Link to={to} className={styles.link}>
              {t(key)}
              <ChevronRight size={18} aria-hidden="true" />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function AgentDashboard({ info, uid }: { info: Info; uid: number }) {
  const { t, i18n } = useTranslation();
  const money = (amount: number) => moneyText(amount, info.currency, i18n.language);
  const team = useAgentTeamQuery(uid, true);
  const link = `${window.location.origin}${window.location.pathname}#${paths.thinAgentBind}?code=${encodeURIComponent(info.code)}`;
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toastShow({ kind: 'success', text: t('agent.copied') });
    } catch {
      toastShow({ kind: 'error', text: t('agent.copyFailed') });
    }
  };
  return (
    <div className={styles.stack}>
      <section className={styles.hero} aria-labelledby="agent-code">
        <p id="agent-code" className={styles.label}>
          {t('agent.yourCode')}
        </p>
        <p className={styles.code} data-testid="agent-code">
          {info.code}
        </p>
        <p className={styles.muted}>{t('agent.shareBody')}</p>
        <div className={styles.actions}>
          <Button compact variant="ghost" onClick={() => void onCopy()}>
            {t('agent.copyLink')}
          </Button>
        </div>
      </section>
      <dl className={styles.figures} data-testid="agent-figures">
        <div className={styles.figure}>
          <dt>{t('agent.teamSize')}</dt>
          <dd>{info.team_size}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('agent.today')}</dt>
          <dd data-testid="agent-today">{money(info.today_commission)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('agent.yesterday')}</dt>
          <dd data-testid="agent-yesterday">{money(info.yesterday_commission)}</dd>
        </div>
        <div className={styles.figure}>
          <dt>{t('agent.available')}</dt>
          <dd data-testid="agent-available">{money(info.available)}</dd>
        </div>
      </dl>
      <p className={styles.muted}>{t('agent.todayNote')}</p>
      <Link to={paths.thinAgentTransfer} className={`${listCard.listCard} ${styles.link}`}>
        {t('agent.transferTitle')}
        <ChevronRight size={18} aria-hidden="true" />
      </Link>
      <section aria-labelledby="agent-team">
        <h3 id="agent-team" className={listCard.sectionTitle}>
          {t('agent.teamTitle')}
        </h3>
        {(team.data?.list ?? []).length === 0 ? (
          <p className={styles.muted}>{t('agent.teamEmpty')}</p>
        ) : (
          <ul className={`${listCard.listCard} ${listCard.dividedRows}`}>
            {team.data!.list.map((member) => (
              <li key={member.uid} className={listCard.row}>
                <span className={listCard.rowTitle}>{member.name}</span>
                <span className={styles.muted}>
                  {new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium' }).format(new Date(member.bound_time * 1000))}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AgentTerms info={info} />
      <AgentGuideLinks />
    </div>
  );
}
