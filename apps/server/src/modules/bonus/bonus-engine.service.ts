import {
  bonusAllowedInMarket,
  bonusCampaignsDefault,
  campaignBonusMinor,
  casinoGameInfo,
  isCurrencyCode,
  isHouseGameId,
  VARIANT_PROFILES,
  variantFindByKey,
  wageringContributionMinor,
  wageringProductOfGame,
  type SportsBetResult,
  type WageringEvent,
} from '@piranha/domain';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import { bonusConvertIfWagered, bonusForfeit, bonusGrant } from './bonus-ledger.service.ts';
import { bonusFreeRoundsGrant } from './bonus-free-rounds.service.ts';
import { campaignsOfArm } from './bonus-sign-up.service.ts';
import {
  bonusesExpiredIds,
  bonusesWageredIds,
  campaignsActiveOf,
  type CampaignSeedRow,
  contributionCandidates,
  contributionsApply,
  depositEventsPendingTake,
  paymentEventConsumed,
  type ContributionCandidate,
} from './bonus.repository.ts';

/**
 * The bonus engine's periodic work: consumers that read durable events from the database (payment events, settled
 * bets, casino rounds) and the expiry sweep. Each step is one transaction whose effects are keyed uniquely (the
 * bonus per campaign, player and trigger; the contribution per bonus and bet; the transfer per bonus), so a crash
 * at any point repeats the step on the next run and nothing is lost or counted twice.
 */

const BATCH = 500;

/** Every brand's default campaigns (decision 018); an operator's changes to them are kept. */
export function bonusCampaignRows(): CampaignSeedRow[] {
  return VARIANT_PROFILES.flatMap((profile) => bonusCampaignsDefault(profile).map((campaign) => ({ ...campaign, appKey: profile.appKey })));
}

async function brandOfUser(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [row] = await rowsOf<{ app_key: string }>(db, sql`select app_key from users where id = ${userId}`);
  return row?.app_key;
}

/**
 * Grants first-deposit bonuses from the `first_deposit` payment events. The event is marked consumed in the same
 * transaction as the grant; a replayed webhook writes no second event, and the grant's unique key would refuse one.
 */
export async function bonusDepositEventsConsume(db: Db, now: Date): Promise<number> {
  return transaction(db, async (tx) => {
    const events = await depositEventsPendingTake(tx, BATCH);
    let granted = 0;
    for (const event of events) {
      const appKey = await brandOfUser(tx, event.userId);
      const profile = appKey === undefined ? undefined : variantFindByKey(appKey);
      // The player's arm of first_charge_ab picks the match meant for it (decision 040).
      const campaigns =
        appKey === undefined
          ? []
          : await campaignsOfArm(tx, await campaignsActiveOf(tx, appKey, 'first_deposit'), { userId: event.userId, appKey, key: 'first_charge_ab', now });
      for (const campaign of campaigns) {
        if (!profile || !isCurrencyCode(event.currency) || !bonusAllowedInMarket(profile.market, campaign.terms.purpose)) continue;
        const amountMinor = campaignBonusMinor(campaign.terms, event.amountMinor, event.currency);
        const bonus = await bonusGrant(tx, {
          campaign,
          userId: event.userId,
          triggerRef: `order:${event.orderId}`,
          currency: event.currency,
          amountMinor,
          depositMinor: event.amountMinor,
          now,
        });
        if (bonus) granted += 1;
      }
      // Free rounds a first deposit earns (decision 043): the same event, the same trigger, granted once.
      const rounds = appKey === undefined ? [] : await campaignsActiveOf(tx, appKey, 'free_rounds');
      for (const campaign of rounds) {
        if (!profile || campaign.terms.freeRounds?.on !== 'first_deposit' || !bonusAllowedInMarket(profile.market, campaign.terms.purpose)) continue;
        const grant = await bonusFreeRoundsGrant(tx, { campaign, userId: event.userId, triggerRef: `order:${event.orderId}`, currency: event.currency, now });
        if (grant) granted += 1;
      }
      await paymentEventConsumed(tx, event.id, now);
    }
    return granted;
  });
}

/** Spec §4 outcome codes of a settled bet, as the wagering rules read them. */
function sportsResultOf(outcome: number | null, stakeMinor: number): SportsBetResult {
  if (stakeMinor === 0) return 'cashed_out';
  switch (outcome) {
    case 3:
      return 'lost';
    case 4:
      return 'won';
    case 5:
      return 'half_won';
    case 6:
      return 'half_lost';
    default:
      // 2 push and 7 cancelled return the stake, like a void.
      return 'void';
  }
}

/**
 * What a candidate counts. A bet reopened by a resettlement counts nothing until it settles again. A round of a game
 * the house studio does not know is weighed as a table game: the conservative share, until its provider says more.
 */
function wageringEventOf(row: ContributionCandidate): WageringEvent {
  const stakeMinor = Number(row.stake_minor);
  if (row.source === 'round' || row.source === 'crash_live') {
    const gameId = row.game_id ?? '';
    return { product: isHouseGameId(gameId) ? wageringProductOfGame(casinoGameInfo(gameId).kind) : 'table', stakeMinor };
  }
  if (row.bet_status !== 5) return { product: 'sports', stakeMinor, oddsThousandths: 0, result: 'void' };
  return { product: 'sports', stakeMinor, oddsThousandths: row.odds_min ?? 0, result: sportsResultOf(row.outcome, stakeMinor) };
}

/**
 * Counts settled bets and rounds towards unlocking bonuses, then converts the bonuses whose requirement is met.
 * Answers how many bets and rounds were counted (or re-counted after a resettlement).
 */
export async function bonusContributionsConsume(db: Db, now: Date): Promise<number> {
  const counted = await transaction(db, async (tx) => {
    const candidates = await contributionCandidates(tx, BATCH);
    const writes = candidates.map((row) => {
      const bonusId = Number(row.bonus_id);
      const amountMinor = wageringContributionMinor(wageringEventOf(row), row.rules.weights);
      const previousMinor = row.previous_minor === null ? 0 : Number(row.previous_minor);
      return { bonusId, source: row.source, sourceRef: row.source_ref, version: row.version, amountMinor, deltaMinor: amountMinor - previousMinor };
    });
    await contributionsApply(tx, writes);
    return writes.length;
  });
  for (const bonusId of await bonusesWageredIds(db, BATCH)) await transaction(db, (tx) => bonusConvertIfWagered(tx, bonusId, now));
  return counted;
}

/** Forfeits open bonuses past their deadline, each in its own transaction. */
export async function bonusExpirySweep(db: Db, now: Date): Promise<number> {
  let expired = 0;
  for (const bonusId of await bonusesExpiredIds(db, now, BATCH)) {
    if (await transaction(db, (tx) => bonusForfeit(tx, bonusId, now, 'expire'))) expired += 1;
  }
  return expired;
}
