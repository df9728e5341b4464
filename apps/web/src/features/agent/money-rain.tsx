import { intlLocaleOf } from '@piranha/domain';
import { CloudRain } from 'lucide-react';
import { agentErrorText } from './error-text.ts';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { useMoneyRainGrabMutation, useMoneyRainQuery } from './api/agent.ts';
import styles from './agent.module.css';

/** `/activity/money-rain`: the brand's rain, its open drop and one grab per drop (the drop's pop-up message leads here). */
export function MoneyRain() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const query = useMoneyRainQuery(uid);
  const grab = useMoneyRainGrabMutation(uid);
  if (query.isPending) return <Skeleton height={220} />;
  if (query.isError)
    return <EmptyState icon={<CloudRain size={28} />} title={t('rain.loadFailed')} onRefresh={() => void query.refetch()} refreshing={query.isFetching} />;
  const rain = query.data.rain;
  if (!rain) return <EmptyState icon={<CloudRain size={28} />} title={t('rain.noneTitle')} body={t('rain.noneBody')} />;
  const money = (amount: number) => moneyText(amount, query.data.currency, i18n.language);
  const when = (seconds: number) => new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { timeStyle: 'short' }).format(new Date(seconds * 1000));
  const open = rain.open_drop;
  const onGrab = async () => {
    try {
      const answer = await grab.mutateAsync(rain.id);
      toastShow({ kind: 'success', text: t(answer.bonus.status === 2 ? 'rain.grabbedCash' : 'rain.grabbedBonus', { amount: money(answer.amount) }) });
    } catch (error) {
      toastShow({ kind: 'error', text: agentErrorText(error, t) });
    }
  };
  return (
    <div className={styles.stack}>
      <section className={styles.rain} aria-labelledby="rain-title" aria-live="polite">
        <CloudRain size={48} className={styles.rainIcon} aria-hidden="true" />
        <h2 id="rain-title" className={styles.big}>
          {open ? t('rain.openTitle') : t('rain.waitTitle')}
        </h2>
        <p className={styles.muted}>{t('rain.range', { min: money(rain.grab_min), max: money(rain.grab_max) })}</p>
        {open && open.grabbed > 0 ? (
          <p className={styles.big} data-testid="rain-grabbed">
            {t('rain.youGot', { amount: money(open.grabbed) })}
          </p>
        ) : open ? (
          <Button className={styles.grab} onClick={() => void onGrab()} disabled={grab.isPending || rain.left <= 0} aria-busy={grab.isPending}>
            {rain.left <= 0 ? t('rain.dry') : t('rain.grab')}
          </Button>
        ) : null}
        {open ? <p className={styles.muted}>{t('rain.closes', { time: when(open.close_time) })}</p> : null}
        {rain.next_drop_time !== null ? <p className={styles.muted}>{t('rain.next', { time: when(rain.next_drop_time) })}</p> : null}
      </section>
      <p className={styles.muted}>{t('rain.won', { amount: money(rain.won) })}</p>
      <p className={styles.muted}>{t('rain.rules', { n: rain.drops })}</p>
    </div>
  );
}
