import type { EndpointData, vipSpinBalance, vipSpinDrawList } from '@piranha/contract';
import { vipWheelArcs } from '@piranha/domain';
import { Ticket } from 'lucide-react';
import { Link } from '../../shared/router/router.tsx';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { moneyText } from '../../shared/money/money.ts';
import { paths } from '../../shared/paths/paths.ts';
import { useSessionStore } from '../../shared/session/session-store.ts';
import { Button } from '../../shared/ui/button.tsx';
import { EmptyState } from '../../shared/ui/empty-state.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import { toastShow } from '../../shared/ui/toast-store.ts';
import { useWheelBalanceQuery, useWheelDrawListQuery, useWheelMarqueeQuery, useWheelRotateMutation, useWheelSpinMutation } from './api/loyalty.ts';
import { loyaltyErrorText } from './error-text.ts';
import styles from './loyalty.module.css';
import { WheelDraws } from './wheel-draws.tsx';
import listCard from '../../shared/ui/list-card.module.css';

type Balance = EndpointData<typeof vipSpinBalance>;
type Spin = EndpointData<typeof vipSpinDrawList>['list'][number];

const COLOURS = ['var(--brand)', 'var(--surface-2)'];
/** The contract's client seed: 1–64 printable ASCII characters, no spaces. */
const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

/** The vip-roulette page: tickets left, the wheel, the last result, recent wins, and the provably-fair panel. */
export function VipWheel() {
  const { t, i18n } = useTranslation();
  const uid = useSessionStore((state) => state.login?.uid ?? 0);
  const balance = useWheelBalanceQuery(uid);
  const spin = useWheelSpinMutation(uid);
  const [last, setLast] = useState<Spin | undefined>(undefined);
  const [turns, setTurns] = useState(0);
  const [clientSeed, setClientSeed] = useState<string | undefined>(undefined);

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
  const seedText = clientSeed ?? data.fair.client_seed;
  const seedError = CLIENT_SEED.test(seedText) ? undefined : t('loyalty.wheel.clientSeedInvalid');
  const onSpin = () =>
    spin.mutate(seedText === data.fair.client_seed ? undefined : seedText, {
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
          <span className={listCard.itemIcon} aria-hidden="true">
            <Ticket size={18} />
          </span>
          <h2 id="wheel-tickets" className={styles.heroLevel}>
            {t('loyalty.wheel.tickets', { count: data.balance })}
          </h2>
        </div>
        <p className={styles.hint}>{t('loyalty.wheel.howToEarn')}</p>
      </section>
      <WheelSvg data={data} landed={last?.segment} turns={turns} />
      <TextField
        label={t('loyalty.wheel.clientSeedField')}
        value={seedText}
        maxLength={64}
        autoComplete="off"
        spellCheck={false}
        onChange={(event) => setClientSeed(event.target.value)}
        error={seedError}
      >
        <p className={styles.hint}>{t('loyalty.wheel.clientSeedHint')}</p>
      </TextField>
      <Button variant="primary" block onClick={onSpin} disabled={data.balance === 0 || spin.isPending || seedError !== undefined}>
        {spin.isPending ? t('loyalty.wheel.spinning') : t('loyalty.wheel.spin')}
      </Button>
      <p className={styles.wheelResult} role="status" aria-live="polite">
        {resultText}
      </p>
      <Chances data={data} />
      <Marquee uid={uid} />
      <FairPanel uid={uid} data={data} />
    </div>
  );
}

/** Where a slice is wide enough (degrees) to carry its label along the radius; smaller ones are named in the table. */
const LABEL_MIN_DEGREES = 9;

/**
 * Slices as large as their chances (decision 034: `vipWheelArcs`, the arc a spin's float falls in is the prize it
 * pays), labelled along the radius where they are wide enough; after a spin the landed slice's middle turns under the
 * pointer at the top.
 */
function WheelSvg({ data, landed, turns }: { data: Balance; landed: number | undefined; turns: number }) {
  const { t, i18n } = useTranslation();
  const count = data.segments.length;
  const arcs = vipWheelArcs(data.segments.map((segment) => ({ amountMinor: segment.amount, weight: segment.weight })));
  const landedArc = landed === undefined ? undefined : arcs[landed];
  const rotation = landedArc === undefined ? 0 : turns * 1080 - ((landedArc.from + landedArc.to) / 2) * 360;
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
          const arc = arcs[index]!;
          const from = arc.from * 360;
          const to = arc.to * 360;
          const sweep = to - from;
          if (sweep <= 0) return null;
          const middle = from + sweep / 2;
          const fill = COLOURS[index % COLOURS.length];
          const label = segment.amount > 0 ? moneyText(segment.amount, data.currency, i18n.language) : t('loyalty.wheel.tryAgain');
          // Labels read outwards on the right half and inwards on the left, so none is upside down.
          const right = middle <= 180;
          const fit = label.length > 9 ? { textLength: 62, lengthAdjust: 'spacingAndGlyphs' as const } : {};
          return (
            <g key={index}>
              {sweep >= 359.999 ? (
                <circle cx="100" cy="100" r="96" fill={fill} stroke="var(--line)" strokeWidth="1" />
              ) : (
                <path
                  d={`M100 100 L${point(from, 96)} A96 96 0 ${sweep > 180 ? 1 : 0} 1 ${point(to, 96)} Z`}
                  fill={fill}
                  stroke="var(--line)"
                  strokeWidth="1"
                />
              )}
              {sweep >= LABEL_MIN_DEGREES ? (
                <text
                  x={right ? 188 : 12}
                  y="103"
                  transform={`rotate(${right ? middle - 90 : middle + 90} 100 100)`}
                  textAnchor={right ? 'end' : 'start'}
                  className={index % 2 === 0 ? styles.wheelLabelOnBrand : styles.wheelLabel}
                  {...fit}
                >
                  {label}
                </text>
              ) : null}
            </g>
          );
        })}
        <circle cx="100" cy="100" r="14" fill="var(--surface)" stroke="var(--line)" />
      </svg>
    </figure>
  );
}

/** Every prize with its chance in per cent (weight ÷ total), the same numbers the slices are drawn from. */
function Chances({ data }: { data: Balance }) {
  const { t, i18n } = useTranslation();
  const arcs = vipWheelArcs(data.segments.map((segment) => ({ amountMinor: segment.amount, weight: segment.weight })));
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  return (
    <section className={styles.section} aria-labelledby="wheel-chances">
      <h2 id="wheel-chances" className={listCard.sectionTitle}>
        {t('loyalty.wheel.chancesTitle')}
      </h2>
      <p className={styles.hint}>{t('loyalty.wheel.chancesHow')}</p>
      <table className={styles.wheelChances}>
        <thead>
          <tr>
            <th scope="col">{t('loyalty.wheel.prize')}</th>
            <th scope="col">{t('loyalty.wheel.chance')}</th>
          </tr>
        </thead>
        <tbody>
          {data.segments.map((segment, index) => (
            <tr key={index}>
              <td>
                <span className={styles.wheelSwatch} style={{ background: COLOURS[index % COLOURS.length] }} aria-hidden="true" />
                {segment.amount > 0 ? moneyText(segment.amount, data.currency, i18n.language) : t('loyalty.wheel.tryAgain')}
              </td>
              <td>{percent.format(arcs[index]!.chance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Marquee({ uid }: { uid: number }) {
  const { t, i18n } = useTranslation();
  const marquee = useWheelMarqueeQuery(uid);
  return (
    <section className={styles.section} aria-labelledby="wheel-marquee">
      <h2 id="wheel-marquee" className={listCard.sectionTitle}>
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

/** The commitment in force, seed rotation, and the latest spins checked in the browser once their seed is revealed. */
function FairPanel({ uid, data }: { uid: number; data: Balance }) {
  const { t } = useTranslation();
  const draws = useWheelDrawListQuery(uid);
  const rotate = useWheelRotateMutation(uid);
  const onRotate = () =>
    rotate.mutate(undefined, {
      onSuccess: () => {
        toastShow({ kind: 'success', text: t('loyalty.wheel.rotated') });
        void draws.refetch();
      },
      onError: (error) => toastShow({ kind: 'error', text: loyaltyErrorText(error, t) }),
    });
  return (
    <section className={styles.section} aria-labelledby="wheel-fair">
      <h2 id="wheel-fair" className={listCard.sectionTitle}>
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
        <>
          <WheelDraws spins={draws.data.list} segments={data.segments} wheels={draws.data.wheels} />
          {draws.data.total > 0 ? (
            <Link to={paths.vipRouletteUserList} className={styles.moreLink}>
              {t('loyalty.wheel.allSpins', { count: draws.data.total })}
            </Link>
          ) : null}
        </>
      )}
    </section>
  );
}
