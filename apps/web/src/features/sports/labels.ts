import { SPORT_IDS, type Match, type MarketGroup, type OddsOption } from '@piranha/contract';
import type { TFunction } from '../../shared/i18n/translate.ts';
import { SELECTION, marketPeriod } from './markets.ts';
import { periodLabel } from './match-clock.ts';

/** A sport as the catalogues name it (`sports.sportId.<key>`): soccer, basketball, tennis, volleyball, tableTennis. */
export type SportKey = keyof typeof SPORT_IDS;
const SPORT_KEY_OF_ID = new Map(Object.entries(SPORT_IDS).map(([key, id]) => [id as number, key as SportKey]));

/** The key of a sport id (1 → soccer); undefined for a sport the app does not know. */
export function sportKeyOfId(sportId: number): SportKey | undefined {
  return SPORT_KEY_OF_ID.get(sportId);
}

/** A match's live period in the player's language ("1st half", "Set 2", "Q3"). */
export function periodText(t: TFunction, sportId: number, periodCode: number): string {
  const label = periodLabel(sportId, periodCode);
  switch (label.key) {
    case 'quarter':
      return t('sports.period.quarter', { n: label.n });
    case 'quarterBreak':
      return t('sports.period.quarterBreak', { n: label.n });
    case 'set':
      return t('sports.period.set', { n: label.n });
    case 'game':
      return t('sports.period.game', { n: label.n });
    default:
      return t(`sports.period.${label.key}`);
  }
}

/** A market group's title: its type in the player's language (the feed's English name otherwise) and its period. */
export function marketGroupTitle(t: TFunction, i18nExists: (key: string) => boolean, sportId: number, group: MarketGroup): string {
  const key = `sports.market.${group.mty}`;
  const name = i18nExists(key) ? t(key as 'sports.market.1005') : group.nm;
  const period = marketPeriod(sportId, group.pe);
  switch (period.key) {
    case 'full':
      return name;
    case 'quarter':
    case 'set':
    case 'game':
      return `${name} · ${t(`sports.period.${period.key}`, { n: period.n })}`;
    default:
      return `${name} · ${t(`sports.period.${period.key}`)}`;
  }
}

/**
 * An option's label on match detail: the team (with its handicap unless `withLine` is false, for a caller that shows
 * the line apart so a long name never hides it), Draw, Over 2.5, Yes, or the short name.
 */
export function optionText(t: TFunction, match: Pick<Match, 'ts'>, option: OddsOption, withLine = true): string {
  const line = option.li && withLine ? ` ${option.li}` : '';
  switch (option.ty) {
    case SELECTION.home:
      return `${match.ts[0].na}${line}`;
    case SELECTION.away:
      return `${match.ts[1].na}${line}`;
    case SELECTION.draw:
      return t('sports.option.draw');
    case SELECTION.over:
      return t('sports.option.over', { line: option.li });
    case SELECTION.under:
      return t('sports.option.under', { line: option.li });
    case 8:
      return t('sports.option.yes');
    case 9:
      return t('sports.option.no');
    case 249:
      return t('sports.option.otherScore');
    default:
      return option.nm;
  }
}
