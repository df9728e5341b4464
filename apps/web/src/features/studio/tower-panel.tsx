import { TOWER_DIFFICULTIES, TOWER_FLOORS, TOWER_SETUPS, towerMultiplierBp, towerWinMinor, type TowerDifficulty } from '@piranha/domain';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import type { PanelProps } from './panel-props.ts';
import { multiplierText, useStepRound } from './step-round.ts';
import mini from './mini-games.module.css';
import board from './originals.module.css';
import styles from './studio.module.css';

const DIFFICULTY_LABELS: Record<TowerDifficulty, `casino.studio.tower${'Easy' | 'Medium' | 'Hard' | 'Expert'}`> = {
  easy: 'casino.studio.towerEasy',
  medium: 'casino.studio.towerMedium',
  hard: 'casino.studio.towerHard',
  expert: 'casino.studio.towerExpert',
};

const FLOORS = Array.from({ length: TOWER_FLOORS }, (_, index) => TOWER_FLOORS - 1 - index);

/** Tower: bet, open one door per floor (each safe floor raises the multiplier), cash out before a trap. */
export default function TowerPanel(props: PanelProps) {
  const { stakeMinor, openRound, busy, formatMoney } = props;
  const { t, i18n } = useTranslation();
  const { round, outcome, open, pending, start, step, cashOut } = useStepRound('tower', props);
  const [difficulty, setDifficulty] = useState<TowerDifficulty>(openRound?.outcome.kind === 'tower' ? openRound.outcome.difficulty : 'medium');

  const active = outcome?.difficulty ?? difficulty;
  const { doors, traps } = TOWER_SETUPS[active];
  const climbed = outcome?.picks.length ?? 0;
  const x = (bp: number) => multiplierText(bp, i18n.language);
  const pick = (door: number) => step('pick', door);

  let banner: { text: string; won: boolean } | null = null;
  if (outcome?.status === 'busted') banner = { text: t('casino.studio.towerTrap'), won: false };
  if (outcome?.status === 'cashed') banner = { text: t('casino.studio.youWon', { amount: formatMoney(round!.win) }), won: true };

  return (
    <>
      <div className={board.board}>
        <div className={mini.tower} role="group" aria-label={t('casino.studio.towerDoors', { doors, traps })} data-testid="tower">
          {FLOORS.map((floor) => {
            const current = open && floor === climbed;
            const picked = outcome?.picks[floor];
            return (
              <div key={floor} className={mini.floor} data-current={current} data-cleared={picked !== undefined && !outcome?.traps[floor]?.includes(picked)}>
                <span className={mini.floorX}>{x(towerMultiplierBp(active, floor + 1))}</span>
                <div className={mini.doors} style={{ gridTemplateColumns: `repeat(${doors}, 1fr)` }}>
                  {Array.from({ length: doors }, (_, door) => {
                    const trap = outcome?.traps[floor]?.includes(door) ?? false;
                    const mine = picked === door;
                    return (
                      <button
                        key={door}
                        type="button"
                        className={mini.door}
                        data-picked={mine}
                        data-trap={trap}
                        data-pending={current && pending === door}
                        data-testid={`tower-${floor}-${door}`}
                        aria-label={t('casino.studio.towerDoor', { floor: floor + 1, door: door + 1 })}
                        disabled={!current || pending !== null}
                        onClick={() => pick(door)}
                      >
                        {trap ? '✕' : mine ? '★' : ''}
                      </button>
                    );
                  })}
                </div>
              </div>
            );
          })}
        </div>
      </div>
      <div className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.current')}</span>
          <span className={styles.statValue}>{open && climbed > 0 ? x(outcome!.multiplierBp) : '—'}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.towerNext')}</span>
          <span className={styles.statValue}>{climbed < TOWER_FLOORS ? x(towerMultiplierBp(active, climbed + 1)) : '—'}</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statLabel}>{t('casino.studio.towerFloor')}</span>
          <span className={styles.statValue}>
            {climbed}/{TOWER_FLOORS}
          </span>
        </div>
      </div>
      <p className={styles.winBanner} data-won={banner?.won} aria-live="polite" data-testid="round-result">
        {banner?.text ?? ''}
      </p>
      {open ? (
        <button type="button" className={`${styles.play} ${styles.secondary}`} onClick={cashOut} disabled={climbed === 0 || pending !== null}>
          {climbed === 0 ? t('casino.studio.cashOutIdle') : t('casino.studio.cashOut', { amount: formatMoney(towerWinMinor(active, climbed, round!.bet)) })}
        </button>
      ) : (
        <>
          <label className={styles.field}>
            {t('casino.studio.towerDifficulty')}
            <select value={difficulty} disabled={busy} onChange={(event) => setDifficulty(event.target.value as TowerDifficulty)}>
              {TOWER_DIFFICULTIES.map((value) => (
                <option key={value} value={value}>
                  {t(DIFFICULTY_LABELS[value])} · {t('casino.studio.towerDoors', { doors: TOWER_SETUPS[value].doors, traps: TOWER_SETUPS[value].traps })}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className={styles.play} onClick={() => void start({ difficulty })} disabled={busy || stakeMinor <= 0}>
            {t('casino.studio.bet')}
          </button>
        </>
      )}
    </>
  );
}
