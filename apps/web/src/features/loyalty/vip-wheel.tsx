import type { EndpointData, vipSpinBalance, vipSpinDrawList } from '@piranha/contract';
import { vipWheelVerify } from '@piranha/domain';
import { CircleCheck, CircleX, Ticket } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { useWheelBalanceQuery, useWheelDrawListQuery, useWheelMarqueeQuery, useWheelRotateMutation, useWheelSpinMutation } from './api/loyalty.ts';
import { loyaltyErrorText } from './error-text.ts';
import styles from './loyalty.module.css';

type Balance = EndpointData<typeof vipSpinBalance>;
type Spin = EndpointData<typeof vipSpinDrawList>['list'][number];

const COLOURS = ['var(--brand)', 'var(--surface-2)'];

/** The vip-roulette page: tickets left, the wheel, the last result, recent wins, and the provably-fair panel. */
export function VipWheel() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const balance = useWheelBalanceQuery(uid);
  const spin = useWheelSpinMutation(uid);
  const [last, setLast] = useState<Spin | undefined>(undefined);
  const [turns, setTurns] = useState(0);

  if (balance.isPending) {
    return (
      <div className={styles.stack} aria-busy="true">
        <Skeleton height={88} />
        <Skeleton height={300} />
      </div>
    );
  }
  if (balance.isError) {
    return (
      <EmptyState icon={<Ticket size={28} />} title={t('loyalty.wheel.loadFailed')} onRefresh={() => void balance.refetch()} refreshing={balance.isFetching} />
    );
  }
  const data = balance.data;
  const onSpin = () =>
    spin.mutate(undefined, {
      onSuccess: (answer) => {
        setLast(answer.spin);
        setTurns((count) => count + 1);
      },
      onError: (error) => toastShow({ kind: 'error', text: loyaltyErrorText(error, t) }),
    });
  const resultText =
    last === undefined
      ? ''
      : last.amount > 0
        ? t('loyalty.wheel.won', { amount: moneyText(last.amount, last.currency, i18n.language) })
        : t('loyalty.wheel.noPrize');
  return (
    <div className={styles.stack}>
      <section className={styles.hero} aria-labelledby="wheel-tickets">
        <div className={styles.wheelTickets}>
          <span className={styles.itemIcon} aria-hidden="true">
            <Ticket size={18} />
          </span>
          <h2 id="wheel-tickets" className={styles.heroLevel}>
            {t('loyalty.wheel.tickets', { count: data.balance })}
          </h2>
        </div>
        <p className={styles.hint}>{t('loyalty.wheel.howToEarn')}</p>
      </section>
      <WheelSvg data={data} landed={last?.segment} turns={turns} />
      <Button variant="primary" block onClick={onSpin} disabled={data.balance === 0 || spin.isPending}>
        {spin.isPending ? t('loyalty.wheel.spinning') : t('loyalty.wheel.spin')}
      </Button>
      <p className={styles.wheelResult} role="status" aria-live="polite">
        {resultText}
      </p>
      <Marquee uid={uid} />
      <FairPanel uid={uid} data={data} />
    </div>
  );
}

/** Equal slices labelled with their prizes; after a spin the landed slice turns under the pointer at the top. */
function WheelSvg({ data, landed, turns }: { data: Balance; landed: number | undefined; turns: number }) {
  const { t, i18n } = useTranslation();
  const count = data.segments.length;
  const slice = 360 / count;
  const rotation = landed === undefined ? 0 : turns * 1080 - (landed + 0.5) * slice;
  const point = (angle: number, radius: number) => {
    const radians = ((angle - 90) * Math.PI) / 180;
    return `${100 + radius * Math.cos(radians)} ${100 + radius * Math.sin(radians)}`;
  };
  return (
    <figure className={styles.wheelFigure}>
      <div className={styles.wheelPointer} aria-hidden="true" />
      <svg
        viewBox="0 0 200 200"
        className={styles.wheel}
        style={{ transform: `rotate(${rotation}deg)` }}
        role="img"
        aria-label={t('loyalty.wheel.wheelLabel', { count })}
      >
        {data.segments.map((segment, index) => {
          const from = index * slice;
          const to = from + slice;
          const middle = from + slice / 2;
          const label = segment.amount > 0 ? moneyText(segment.amount, data.currency, i18n.language) : t('loyalty.wheel.tryAgain');
          // A long label is squeezed to the slice's width rather than spilling over the next one.
          const fit = label.length > 10 ? { textLength: 56, lengthAdjust: 'spacingAndGlyphs' as const } : {};
          return (
            <g key={index}>
              <path d={`M100 100 L${point(from, 96)} A96 96 0 0 1 ${point(to, 96)} Z`} fill={COLOURS[index % 2]} stroke="var(--line)" strokeWidth="1" />
              <text
                x="100"
                y="24"
                transform={`rotate(${middle} 100 100)`}
                textAnchor="middle"
                className={index % 2 === 0 ? styles.wheelLabelOnBrand : styles.wheelLabel}
                {...fit}
              >
                {label}
              </text>
            </g>
          );
        })}
        <circle cx="100" cy="100" r="14" fill="var(--surface)" stroke="var(--line)" />
      </svg>
    </figure>
  );
}

function Marquee({ uid }: { uid: number }) {
  const { t, i18n } = useTranslation();
  const marquee = useWheelMarqueeQuery(uid);
  return (
    <section className={styles.section} aria-labelledby="wheel-marquee">
      <h2 id="wheel-marquee" className={styles.sectionTitle}>
        {t('loyalty.wheel.marqueeTitle')}
      </h2>
      {marquee.isPending ? (
        <Skeleton height={44} />
      ) : marquee.isError ? (
        <p className={styles.muted}>{t('loyalty.wheel.marqueeFailed')}</p>
      ) : marquee.data.list.length === 0 ? (
        <p className={styles.muted}>{t('loyalty.wheel.marqueeEmpty')}</p>
      ) : (
        <ul className={styles.wheelMarquee}>
          {marquee.data.list.map((win, index) => (
            <li key={index}>{t('loyalty.wheel.marqueeWin', { nick: win.nick, amount: moneyText(win.amount, win.currency, i18n.language) })}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The commitment in force, seed rotation, and each spin checked in the browser once its seed is revealed. */
function FairPanel({ uid, data }: { uid: number; data: Balance }) {
  const { t, i18n } = useTranslation();
  const draws = useWheelDrawListQuery(uid);
  const rotate = useWheelRotateMutation(uid);
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        toastShow({ kind: 'success', text: t('loyalty.wheel.rotated') });
        void draws.refetch();
      },
      onError: (error) => toastShow({ kind: 'error', text: loyaltyErrorText(error, t) }),
    });
  const verify = (spin: Spin) => {
    const ok = vipWheelVerify(
      { serverSeed: spin.server_seed, serverSeedHash: spin.server_seed_hash, clientSeed: spin.client_seed, nonce: spin.nonce, segment: spin.segment },
      data.segments.map((segment) => ({ amountMinor: segment.amount, weight: segment.weight })),
    );
    setChecked((state) => ({ ...state, [spin.spin_id]: ok }));
  };
  return (
    <section className={styles.section} aria-labelledby="wheel-fair">
      <h2 id="wheel-fair" className={styles.sectionTitle}>
        {t('loyalty.wheel.fairTitle')}
      </h2>
      <p className={styles.hint}>{t('loyalty.wheel.fairHow')}</p>
      <dl className={styles.wheelFair}>
        <dt>{t('loyalty.wheel.serverSeedHash')}</dt>
        <dd>{data.fair.server_seed_hash}</dd>
        <dt>{t('loyalty.wheel.clientSeed')}</dt>
        <dd>{data.fair.client_seed}</dd>
        <dt>{t('loyalty.wheel.nonce')}</dt>
        <dd>{data.fair.nonce}</dd>
      </dl>
      <Button variant="ghost" block onClick={onRotate} disabled={rotate.isPending}>
        {t('loyalty.wheel.rotate')}
      </Button>
      {draws.isPending ? (
        <Skeleton height={64} />
      ) : draws.isError ? (
        <p className={styles.muted}>{t('loyalty.wheel.drawsFailed')}</p>
      ) : draws.data.list.length === 0 ? (
        <p className={styles.muted}>{t('loyalty.wheel.drawsEmpty')}</p>
      ) : (
        <ul className={styles.list} aria-label={t('loyalty.wheel.drawsTitle')}>
          {draws.data.list.map((spin) => {
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
      )}
    </section>
  );
}
