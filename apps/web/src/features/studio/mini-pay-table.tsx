import {
  BINGO_PATTERNS,
  BINGO_PAYS_BP,
  bingoFigures,
  BP,
  FISHING_FISH,
  FISHING_MULTIPLIERS,
  fishingFigures,
  TOWER_DIFFICULTIES,
  TOWER_FLOORS,
  TOWER_SETUPS,
  towerMultiplierBp,
  WHEEL_RISKS,
  WHEEL_SEGMENTS,
  WHEEL_TABLES,
  wheelRtpExact,
} from '@piranha/domain';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { BINGO_PATTERN_LABELS, FISH_LABELS } from './mini-labels.ts';
import styles from './studio.module.css';

const RISK_LABELS = { low: 'casino.studio.riskLow', medium: 'casino.studio.riskMedium', high: 'casino.studio.riskHigh' } as const;
const DIFFICULTY_LABELS = {
  easy: 'casino.studio.towerEasy',
  medium: 'casino.studio.towerMedium',
  hard: 'casino.studio.towerHard',
  expert: 'casino.studio.towerExpert',
} as const;

/** The published tables of Wheel (15 settings), Tower (4 difficulties × 8 floors), Bingo (patterns) and Fishing (fish), with exact figures. */
export function MiniPayTable({ kind, percent }: { kind: 'wheel' | 'tower' | 'bingo' | 'fishing'; percent: (value: number, digits: number) => string }) {
  const { t } = useTranslation();
  const x = (bp: number) => `${Number((bp / BP).toFixed(4))}×`;
  let head: string[];
  let rows: string[][];
  switch (kind) {
    case 'wheel':
      head = [t('casino.info.colSetting'), t('casino.info.colPay'), t('casino.info.rtp')];
      rows = WHEEL_SEGMENTS.flatMap((segments) =>
        WHEEL_RISKS.map((risk) => {
          const table = WHEEL_TABLES[segments][risk];
          const pays = [...new Set(table)]
            .sort((a, b) => b - a)
            .map((hundredths) => `${x(hundredths * (BP / 100))} ×${table.filter((value) => value === hundredths).length}`);
          return [`${segments} · ${t(RISK_LABELS[risk])}`, pays.join(' · '), percent(wheelRtpExact({ segments, risk }) * 100, 4)];
        }),
      );
      break;
    case 'tower':
      head = [t('casino.studio.towerDifficulty'), t('casino.info.colFloors'), t('casino.info.rtp')];
      rows = TOWER_DIFFICULTIES.map((difficulty) => [
        `${t(DIFFICULTY_LABELS[difficulty])} (${TOWER_SETUPS[difficulty].doors}/${TOWER_SETUPS[difficulty].traps})`,
        Array.from({ length: TOWER_FLOORS }, (_, floor) => `${floor + 1}: ${x(towerMultiplierBp(difficulty, floor + 1))}`).join(' · '),
        percent(99, 4),
      ]);
      break;
    case 'bingo': {
      const { chances } = bingoFigures();
      head = [t('casino.info.colPattern'), t('casino.info.colPay'), t('casino.info.colChance')];
      rows = [...BINGO_PATTERNS].reverse().map((pattern) => [t(BINGO_PATTERN_LABELS[pattern]), x(BINGO_PAYS_BP[pattern]), percent(chances[pattern] * 100, 4)]);
      break;
    }
    case 'fishing':
      head = [t('casino.info.colFish'), t('casino.info.colPay'), t('casino.info.colChance'), t('casino.info.rtp')];
      rows = FISHING_FISH.map((fish) => {
        const figures = fishingFigures({ fish });
        return [t(FISH_LABELS[fish]), `${FISHING_MULTIPLIERS[fish]}×`, percent(figures.hit * 100, 2), percent(figures.rtp * 100, 4)];
      });
      break;
  }
  return <PayTableView title={t('casino.info.payTable')} head={head} rows={rows} />;
}

/** A pay table: a column head, then one row per outcome with its first cell as the row's heading. */
export function PayTableView({ title, head, rows }: { title: string; head: readonly string[]; rows: readonly (readonly string[])[] }) {
  return (
    <>
      <h3 className={styles.sheetHeading}>{title}</h3>
      <table className={styles.payTable} data-testid="pay-table">
        <thead>
          <tr>
            {head.map((label) => (
              <th key={label} scope="col">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
