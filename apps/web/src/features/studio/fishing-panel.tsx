import { FISHING_FISH, FISHING_MULTIPLIERS, fishingFigures, intlLocaleOf, type FishingFish, type FishingOutcome } from '@piranha/domain';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { FISH_LABELS } from './mini-labels.ts';
import type { PanelProps } from './panel-props.ts';
import mini from './mini-games.module.css';
import styles from './studio.module.css';

/** How each fish looks: body colour, fin colour, size (the bigger the fish, the rarer the catch). */
const LOOKS: Record<FishingFish, { body: string; fin: string; size: number; lane: number; speed: number }> = {
  minnow: { body: '#fbbf24', fin: '#f59e0b', size: 34, lane: 14, speed: 7 },
  puffer: { body: '#a3e635', fin: '#65a30d', size: 40, lane: 34, speed: 10 },
  turtle: { body: '#34d399', fin: '#047857', size: 46, lane: 52, speed: 13 },
  shark: { body: '#94a3b8', fin: '#475569', size: 62, lane: 70, speed: 9 },
  whale: { body: '#60a5fa', fin: '#1d4ed8', size: 86, lane: 6, speed: 16 },
};

function Fish({ fish }: { fish: FishingFish }) {
  const look = LOOKS[fish];
  return (
    <svg viewBox="0 0 100 60" width={look.size} height={look.size * 0.6} aria-hidden="true">
      <path d="M88 30 L100 12 L100 48 Z" fill={look.fin} />
      <ellipse cx="48" cy="30" rx="42" ry={fish === 'puffer' ? 26 : fish === 'whale' ? 22 : 18} fill={look.body} />
      <path d="M40 14 Q52 0 62 14" fill={look.fin} />
      <circle cx="22" cy="26" r="5" fill="#fff" />
      <circle cx="21" cy="26" r="2.5" fill="#0f172a" />
      {fish === 'turtle' ? <ellipse cx="52" cy="28" rx="22" ry="12" fill="#065f46" opacity=".7" /> : null}
    </svg>
  );
}

const SHOT_MS = 900;

/**
 * Fishing arcade: pick a fish and fire. Whether the shot catches is decided by the round's seed alone (chance
 * 0.97 / multiplier, the same 97 % for every fish): aim and timing play no part, and the scene only shows it.
 */
export default function FishingPanel({ play, settle, busy, setBusy, instant, formatMoney }: PanelProps) {
  const { t, i18n } = useTranslation();
  const [fish, setFish] = useState<FishingFish>('turtle');
  const [shot, setShot] = useState<{ outcome: FishingOutcome; landed: boolean; id: number } | null>(null);
  const [message, setMessage] = useState<{ text: string; won: boolean } | null>(null);
  const percent = (value: number) => `${(value * 100).toLocaleString(intlLocaleOf(i18n.language), { maximumFractionDigits: 2 })}%`;

  const fire = async () => {
    setBusy(true);
    setMessage(null);
    const round = await play({ fish });
    if (!round || round.outcome.kind !== 'fishing') {
      setBusy(false);
      return;
    }
    const outcome = round.outcome;
    const id = Date.now();
    setShot({ outcome, landed: instant, id });
    const finish = () => {
      setShot({ outcome, landed: true, id });
      setMessage(
        outcome.caught
          ? { text: t('casino.studio.youWon', { amount: formatMoney(round.win) }), won: true }
          : { text: t('casino.studio.fishMissed', { fish: t(FISH_LABELS[outcome.fish]) }), won: false },
      );
      settle(round);
      setBusy(false);
    };
    if (instant) finish();
    else setTimeout(finish, SHOT_MS);
  };

  const target = shot?.outcome.fish;
  return (
    <>
      <div className={mini.sea} data-testid="fishing-scene">
        <span className={mini.ray} aria-hidden="true" />
        <span className={mini.ray} aria-hidden="true" />
        {FISHING_FISH.map((kind) => {
          const look = LOOKS[kind];
          const hit = shot?.landed && target === kind;
          return (
            <span
              key={kind}
              className={mini.swimmer}
              data-selected={fish === kind}
              data-caught={hit && shot!.outcome.caught}
              data-escaped={hit && !shot!.outcome.caught}
              style={{ top: `${look.lane}%`, animationDuration: `${look.speed}s`, animationDelay: `-${(look.speed * FISHING_MULTIPLIERS[kind]) % 7}s` }}
            >
              <Fish fish={kind} />
            </span>
          );
        })}
        {shot && !shot.landed ? (
          <span key={shot.id} className={mini.net} style={{ ['--lane' as string]: `${LOOKS[shot.outcome.fish].lane + 6}%` }} aria-hidden="true" />
        ) : null}
        {shot?.landed ? (
          <span key={`catch-${shot.id}`} className={mini.catchShow} data-caught={shot.outcome.caught} data-testid="fishing-catch">
            <Fish fish={shot.outcome.fish} />
            <strong>{shot.outcome.caught ? `+${FISHING_MULTIPLIERS[shot.outcome.fish]}×` : '✗'}</strong>
          </span>
        ) : null}
        <span className={mini.cannon} aria-hidden="true" />
        <span className={mini.bubbles} aria-hidden="true" />
      </div>
      <div className={mini.fishPicker} role="radiogroup" aria-label={t('casino.studio.fishAim')}>
        {FISHING_FISH.map((kind) => (
          <button
            key={kind}
            type="button"
            role="radio"
            aria-checked={fish === kind}
            className={mini.fishOption}
            disabled={busy}
            data-testid={`fish-${kind}`}
            aria-label={`${t(FISH_LABELS[kind])} ${FISHING_MULTIPLIERS[kind]}×`}
            onClick={() => setFish(kind)}
          >
            <Fish fish={kind} />
            <strong>{FISHING_MULTIPLIERS[kind]}×</strong>
            <span>{percent(fishingFigures({ fish: kind }).hit)}</span>
          </button>
        ))}
      </div>
      <p className={mini.fishNote}>{t('casino.studio.fishSeedNote')}</p>
      <p className={styles.winBanner} data-won={message?.won} aria-live="polite" data-testid="round-result">
        {message?.text ?? ''}
      </p>
      <button type="button" className={styles.play} onClick={fire} disabled={busy}>
        {t('casino.studio.fishFire')}
      </button>
    </>
  );
}
