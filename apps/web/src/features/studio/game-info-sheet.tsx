import { BACCARAT_SIDES, BP, baccaratRtpExact, intlLocaleOf, kenoFigures, KENO_PAYS_BP, KENO_PICKS_MAX } from '@piranha/domain';
import type { CasinoGameInfo, HouseGameId } from '@piranha/domain';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { casinoMethodText } from '../../shared/casino-method.ts';
import { Sheet } from '../../shared/ui/sheet.tsx';
import { MiniPayTable, PayTableView } from './mini-pay-table.tsx';
import styles from './studio.module.css';

const RULES = {
  slot: 'casino.rules.slot',
  crash: 'casino.rules.crash',
  mines: 'casino.rules.mines',
  dice: 'casino.rules.dice',
  plinko: 'casino.rules.plinko',
  roulette: 'casino.rules.roulette',
  limbo: 'casino.rules.limbo',
  keno: 'casino.rules.keno',
  baccarat: 'casino.rules.baccarat',
  wheel: 'casino.rules.wheel',
  tower: 'casino.rules.tower',
  bingo: 'casino.rules.bingo',
  fishing: 'casino.rules.fishing',
  'video-poker': 'casino.rules.videoPoker',
  hilo: 'casino.rules.hilo',
  blackjack: 'casino.rules.blackjack',
} as const satisfies Record<CasinoGameInfo['kind'], `casino.rules.${string}`>;

const VOLATILITY: Record<CasinoGameInfo['volatility']['band'], `casino.volatility.${'low' | 'medium' | 'high' | 'veryHigh'}`> = {
  low: 'casino.volatility.low',
  medium: 'casino.volatility.medium',
  high: 'casino.volatility.high',
  'very high': 'casino.volatility.veryHigh',
};

const BACCARAT_PAYS = { player: '1:1', banker: '0.95:1', tie: '8:1' } as const;
const SIDE_NAMES = { player: 'casino.studio.baccaratPlayer', banker: 'casino.studio.baccaratBanker', tie: 'casino.studio.baccaratTie' } as const;

/** Keno's ten tables and baccarat's three bets, each with its exact RTP (decision 039). */
function PayTable({ kind, percent }: { kind: 'keno' | 'baccarat'; percent: (value: number, digits: number) => string }) {
  const { t } = useTranslation();
  const x = (bp: number) => `${Number((bp / BP).toFixed(2))}×`;
  const head =
    kind === 'keno'
      ? [t('casino.info.colPicks'), t('casino.info.colPays'), t('casino.info.rtp')]
      : [t('casino.info.colBet'), t('casino.info.colPays'), t('casino.info.rtp'), t('casino.info.colEdge')];
  const rows =
    kind === 'keno'
      ? Array.from({ length: KENO_PICKS_MAX }, (_, index) => {
          const picks = index + 1;
          const pays = KENO_PAYS_BP[picks]!.map((bp, hits) => (bp > 0 ? `${hits}: ${x(bp)}` : '')).filter(Boolean);
          return [String(picks), pays.join(' · '), percent(kenoFigures(picks).rtp * 100, 4)];
        })
      : BACCARAT_SIDES.map((side) => {
          const rtp = baccaratRtpExact(side) * 100;
          return [t(SIDE_NAMES[side]), BACCARAT_PAYS[side], percent(rtp, 4), percent(100 - rtp, 4)];
        });
  return <PayTableView title={t('casino.info.payTable')} head={head} rows={rows} />;
}

/** The game's published figures (RTP exact from its maths), limits and rules. */
export function GameInfoSheet({
  info,
  formatMoney,
  onClose,
}: {
  gameId: HouseGameId;
  info: CasinoGameInfo;
  formatMoney: (minor: number) => string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const percent = (value: number, digits: number) =>
    `${value.toLocaleString(intlLocaleOf(i18n.language), { minimumFractionDigits: digits, maximumFractionDigits: digits })}%`;
  const rows: [string, string][] = [
    [t('casino.info.rtp'), percent(info.rtpPercent, 2)],
    [t('casino.info.hitFrequency'), percent(info.hitFrequencyPercent, 1)],
    [t('casino.info.volatility'), t(VOLATILITY[info.volatility.band])],
    [t('casino.info.limits'), `${formatMoney(info.betMinMinor)} – ${formatMoney(info.betMaxMinor)}`],
  ];
  return (
    <Sheet title={info.name} onClose={onClose}>
      <dl className={styles.facts}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.fact}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className={styles.sheetHeading}>{t('casino.info.rules')}</h3>
      <p className={styles.sheetText}>{t(RULES[info.kind])}</p>
      {info.kind === 'keno' || info.kind === 'baccarat' ? <PayTable kind={info.kind} percent={percent} /> : null}
      {info.kind === 'wheel' || info.kind === 'tower' || info.kind === 'bingo' || info.kind === 'fishing' ? (
        <MiniPayTable kind={info.kind} percent={percent} />
      ) : null}
      <p className={styles.sheetNote}>{casinoMethodText(t, info.method, i18n.language)}</p>
    </Sheet>
  );
}
