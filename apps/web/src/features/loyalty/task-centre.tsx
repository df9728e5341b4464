import type { EndpointData, taskCenterInfo } from '@piranha/contract';
import { intlLocaleOf } from '@piranha/domain';
import { Check, ListChecks } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { useTaskCenterQuery, useTaskReceiveMutation } from './api/loyalty.ts';
import { loyaltyErrorText } from './error-text.ts';
import styles from './loyalty.module.css';
import segmented from '../../shared/ui/segmented.module.css';
import listCard from '../../shared/ui/list-card.module.css';
import { ProgressBar } from '../../shared/ui/progress-bar.tsx';

type TaskCentreInfo = EndpointData<typeof taskCenterInfo>;
type Period = 'daily' | 'weekly';

/** The /task page: the brand's daily and weekly tasks, their progress, and a claim button once one is done. */
export function TaskCentre() {
  const { t } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const info = useTaskCenterQuery(uid);
  const [period, setPeriod] = useState<Period>('daily');

  return (
    <div className={styles.stack}>
      <div className={segmented.switch} role="tablist" aria-label={t('loyalty.tasks.title')}>
        {(['daily', 'weekly'] as const).map((entry) => (
          <button key={entry} type="button" role="tab" aria-selected={period === entry} className={segmented.switchTab} onClick={() => setPeriod(entry)}>
            {t(`loyalty.tasks.${entry}`)}
          </button>
        ))}
      </div>
      {info.isPending ? (
        <div className={styles.stack} aria-busy="true">
          <Skeleton height={96} />
          <Skeleton height={96} />
          <Skeleton height={96} />
        </div>
      ) : info.isError ? (
        <EmptyState icon={<ListChecks size={28} />} title={t('loyalty.tasks.loadFailed')} onRefresh={() => void info.refetch()} refreshing={info.isFetching} />
      ) : (
        <TaskList info={info.data} period={period} uid={uid} />
      )}
    </div>
  );
}

function TaskList({ info, period, uid }: { info: TaskCentreInfo; period: Period; uid: number }) {
  const { t, i18n } = useTranslation();
  const claim = useTaskReceiveMutation(uid);
  const current = info[period];
  const resets = new Intl.DateTimeFormat(intlLocaleOf(i18n.language), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(current.end_time * 1000));
  const money = (amount: number) => moneyText(amount, info.currency, i18n.language);
  const onClaim = (taskId: string) =>
    claim.mutate(taskId, {
      onSuccess: (bonus) =>
        toastShow({
          kind: 'success',
          text: t(bonus.status === 2 ? 'loyalty.tasks.claimedCash' : 'loyalty.tasks.claimedBonus', { amount: money(bonus.amount) }),
        }),
      onError: (error) => toastShow({ kind: 'error', text: loyaltyErrorText(error, t) }),
    });
  // Count kinds (decision 045) name rounds of a game or multiples of enough legs; the others an amount.
  const taskTitle = (task: (typeof current.list)[number]) => {
    if (task.task_name === 'play_game') {
      const game = task.game === 'slot' ? t('loyalty.tasks.anySlot') : task.game.charAt(0).toUpperCase() + task.game.slice(1);
      return t('loyalty.tasks.kind.play_game', { count: task.conf_num, game });
    }
    if (task.task_name === 'multiple') return t('loyalty.tasks.kind.multiple', { count: task.conf_num, legs: task.min_legs });
    return t(`loyalty.tasks.kind.${task.task_name}`, { amount: money(task.conf_num) });
  };
  return (
    <section className={styles.section} role="tabpanel" aria-label={t(`loyalty.tasks.${period}`)}>
      <p className={styles.muted}>{t('loyalty.tasks.resets', { time: resets })}</p>
      <ul className={styles.list}>
        {current.list.map((task) => {
          const percent = Math.floor((task.progress_num * 100) / Math.max(1, task.conf_num));
          return (
            <li key={task.task_id} className={styles.task}>
              <div className={styles.taskHead}>
                <span className={listCard.itemTitle}>{taskTitle(task)}</span>
                <span className={styles.reward}>{t('loyalty.tasks.reward', { amount: money(task.reward) })}</span>
              </div>
              <ProgressBar percent={percent} label={t('loyalty.tasks.progressLabel')} />
              <div className={styles.taskFoot}>
                <span className={styles.muted}>
                  {task.unit === 'count' ? `${task.progress_num} / ${task.conf_num}` : `${money(task.progress_num)} / ${money(task.conf_num)}`}
                </span>
                {task.status === 2 ? (
                  <span className={styles.done}>
                    <Check size={16} aria-hidden="true" /> {t('loyalty.tasks.claimed')}
                  </span>
                ) : (
                  <Button
                    compact
                    variant={task.status === 1 ? 'primary' : 'ghost'}
                    disabled={task.status !== 1 || claim.isPending}
                    aria-busy={claim.isPending && claim.variables === task.task_id}
                    onClick={() => onClaim(task.task_id)}
                  >
                    {task.status === 1 ? t('loyalty.tasks.claim') : t('loyalty.tasks.inProgress')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
