import type { EndpointData, vipSpinBalance, vipSpinDrawList } from '@piranha/contract';
import { vipWheelVerify } from '@piranha/domain';
import { CircleCheck, CircleX, History } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useWheelBalanceQuery, useWheelUserListQuery } from './api/loyalty.ts';
import styles from './loyalty.module.css';

type Spin = EndpointData<typeof vipSpinDrawList>['list'][number];
type Segment = EndpointData<typeof vipSpinBalance>['segments'][number];
type Wheel = EndpointData<typeof vipSpinDrawList>['wheels'][number];

/**
 * Spins with their result; each one whose seed is revealed is checked in the browser with the domain's maths, on the
 * wheel it was drawn on (`wheels`, by version: the brand's prizes may have changed since — decision 045).
 */
export function WheelDraws({ spins, segments, wheels = [] }: { spins: readonly Spin[]; segments: readonly Segment[]; wheels?: readonly Wheel[] }) {
  const { t, i18n } = useTranslation();
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const verify = (spin: Spin) => {
    const ok = vipWheelVerify(
      { serverSeed: spin.server_seed, serverSeedHash: spin.server_seed_hash, clientSeed: spin.client_seed, nonce: spin.nonce, segment: spin.segment },
      (wheels.find((wheel) => wheel.wheel_version === spin.wheel_version)?.segments ?? segments).map((segment) => ({
        amountMinor: segment.amount,
        weight: segment.weight,
      })),
    );
    setChecked((state) => ({ ...state, [spin.spin_id]: ok }));
  };
  return (
    <ul className={styles.list} aria-label={t('loyalty.wheel.drawsTitle')}>
      {spins.map((spin) => {
        const amount = spin.amount > 0 ? moneyText(spin.amount, spin.currency, i18n.language) : t('loyalty.wheel.tryAgain');
        const result = checked[spin.spin_id];
        return (
          <li key={spin.spin_id} className={`${styles.item} ${styles.wheelDraw}`}>
            <span>
              {t('loyalty.wheel.drawLine', { amount, level: spin.ticket_level, nonce: spin.nonce })}
              {result === undefined ? null : result ? (
                <span className={styles.wheelOk}>
                  <CircleCheck size={16} aria-hidden="true" /> {t('loyalty.wheel.verified')}
                </span>
              ) : (
                <span className={styles.wheelBad}>
                  <CircleX size={16} aria-hidden="true" /> {t('loyalty.wheel.notVerified')}
                </span>
              )}
            </span>
            {spin.revealed === 1 ? (
              <Button variant="ghost" compact onClick={() => verify(spin)}>
                {t('loyalty.wheel.verify')}
              </Button>
            ) : (
              <span className={styles.muted}>{t('loyalty.wheel.rotateToVerify')}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** /vip-roulette/user-list (spec §2): every spin of the player, newest first, with totals, each verifiable. */
export function WheelUserList() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const balance = useWheelBalanceQuery(uid);
  const spins = useWheelUserListQuery(uid);
  if (balance.isPending || spins.isPending) {
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={72} />
        <Skeleton height={240} />
      </div>
    );
  }
  if (balance.isError || spins.isError) {
    return (
      <EmptyState
        icon={<History size={28} />}
        title={t('loyalty.wheel.drawsFailed')}
        onRefresh={() => void Promise.all([balance.refetch(), spins.refetch()])}
        refreshing={balance.isFetching || spins.isFetching}
      />
    );
  }
  const first = spins.data.pages[0]!;
  const all = spins.data.pages.flatMap((page) => page.list);
  if (all.length === 0) return <EmptyState icon={<History size={28} />} title={t('loyalty.wheel.drawsEmpty')} />;
  return (
    <div className={styles.stack}>
      <section className={styles.hero} aria-labelledby="wheel-user-totals">
        <h2 id="wheel-user-totals" className={styles.heroLevel}>
          {t('loyalty.wheel.userTotals', { count: first.total, amount: moneyText(first.won, first.currency, i18n.language) })}
        </h2>
        <p className={styles.hint}>{t('loyalty.wheel.userListHow')}</p>
      </section>
      <WheelDraws spins={all} segments={balance.data.segments} wheels={spins.data.pages.flatMap((page) => page.wheels)} />
      {spins.hasNextPage ? (
        <Button variant="ghost" onClick={() => void spins.fetchNextPage()} disabled={spins.isFetchingNextPage}>
          {t('loyalty.wheel.more')}
        </Button>
      ) : null}
    </div>
  );
}
