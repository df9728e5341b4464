import { intlLocaleOf } from '@piranha/domain';
import type { CasinoGameInfo, HouseGameId } from '@piranha/domain';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { casinoMethodText } from '../../shared/casino-method.ts';
import { Sheet } from '../../shared/ui/sheet.tsx';
import styles from './studio.module.css';

const RULES: Record<CasinoGameInfo['kind'], `casino.rules.${CasinoGameInfo['kind']}`> = {
  slot: 'casino.rules.slot',
  crash: 'casino.rules.crash',
  mines: 'casino.rules.mines',
  dice: 'casino.rules.dice',
  plinko: 'casino.rules.plinko',
  roulette: 'casino.rules.roulette',
};

const VOLATILITY: Record<CasinoGameInfo['volatility']['band'], `casino.volatility.${'low' | 'medium' | 'high' | 'veryHigh'}`> = {
  low: 'casino.volatility.low',
  medium: 'casino.volatility.medium',
  high: 'casino.volatility.high',
  'very high': 'casino.volatility.veryHigh',
};

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
      <p className={styles.sheetNote}>{casinoMethodText(t, info.method, i18n.language)}</p>
    </Sheet>
  );
}
