import {
  AWARD_CAMPAIGN_KINDS,
  BONUS_STATUS,
  bonusAllowedInMarket,
  campaignIsAward,
  campaignPromoted,
  freeRoundsGrantTermsOf,
  variantFindByKey,
  type BonusRules,
  type BonusStatus,
  type CampaignTerms,
} from '@piranha/domain';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { bonusCampaigns, bonuses } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { hallFreeRoundsGet } from '../casino/casino-hall.service.ts';
import { bonusStart } from './bonus-ledger.service.ts';
import { campaignsOfBrand, type BonusRow } from './bonus.repository.ts';
import { bonusView, type BonusDeps } from './bonus.service.ts';

/** Free rounds, awards and the promotions list (decision 043). */

const PAGE_SIZE = 20;

function hallDeps(deps: BonusDeps) {
  return { db: deps.db, now: deps.now, providers: [], tokenTtlMs: 0 };
}

/** Free rounds `total`: rounds left over every available grant, and on how many games. */
export async function freeRoundsTotalGet(deps: BonusDeps, user: SessionUser) {
  const page = await hallFreeRoundsGet(hallDeps(deps), user.uid, 'available', 0);
  return { total_free_rounds: page.total_free_rounds, free_game_count: page.free_game_count };
}

/** Free rounds `available` / `unavailable`: the player's grants, by offset. */
export async function freeRoundsListGet(deps: BonusDeps, user: SessionUser, status: 'available' | 'unavailable', offset: number) {
  return hallFreeRoundsGet(hallDeps(deps), user.uid, status, offset);
}

// --- Awards ------------------------------------------------------------------------------------------------

const AWARD_STATUSES: Record<'pending' | 'drawn', BonusStatus[]> = {
  pending: [BONUS_STATUS.locked],
  drawn: [BONUS_STATUS.unlocking, BONUS_STATUS.unlocked, BONUS_STATUS.expired],
};

async function awardsPage(db: DbOrTx, userId: number, statuses: readonly BonusStatus[], beforeId: number | undefined, limit: number) {
  const rows = await db
    .select({ bonus: bonuses, kind: bonusCampaigns.kind })
    .from(bonuses)
    .innerJoin(bonusCampaigns, eq(bonusCampaigns.id, bonuses.campaignId))
    .where(
      and(
        eq(bonuses.userId, userId),
        inArray(bonuses.status, [...statuses]),
        inArray(bonusCampaigns.kind, [...AWARD_CAMPAIGN_KINDS]),
        beforeId === undefined ? undefined : lt(bonuses.id, beforeId),
      ),
    )
    .orderBy(desc(bonuses.id))
    .limit(limit);
  return rows.map(({ bonus, kind }) => ({ row: { ...bonus, status: bonus.status as BonusStatus, rules: bonus.rules as BonusRules } as BonusRow, kind }));
}

function awardView(row: BonusRow, kind: string) {
  return { ...bonusView(row), kind };
}

/** Award lists: prizes won elsewhere (ranking, raffle, activity, VIP, task, cash-back), pending or drawn, by cursor. */
export async function awardListGet(deps: BonusDeps, user: SessionUser, status: 'pending' | 'drawn', cursor: string | undefined) {
  const rows = await awardsPage(deps.db, user.uid, AWARD_STATUSES[status], cursor === undefined ? undefined : Number(cursor), PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const hasMore = rows.length > PAGE_SIZE;
  return {
    list: page.map(({ row, kind }) => awardView(row, kind)),
    cursor: hasMore ? String(page[page.length - 1]!.row.id) : '',
    has_more: hasMore ? (1 as const) : (0 as const),
  };
}

/**
 * `draw`: the player takes a pending award. It is the engine's start (one transaction, the player's open bonuses locked
 * in id order): an award with nothing to wager becomes cash at once, the others start unlocking. A second draw finds it
 * no longer locked (BONUS_NOT_AVAILABLE); an id that is not one of the player's awards is BONUS_NOT_FOUND.
 */
export async function awardDraw(deps: BonusDeps, user: SessionUser, awardId: string) {
  const id = Number(awardId);
  const [found] = await deps.db
    .select({ kind: bonusCampaigns.kind })
    .from(bonuses)
    .innerJoin(bonusCampaigns, eq(bonusCampaigns.id, bonuses.campaignId))
    .where(and(eq(bonuses.id, id), eq(bonuses.userId, user.uid)));
  if (!found || !campaignIsAward(found.kind)) throw new AppError('BONUS_NOT_FOUND', { field: 'award_id' });
  const bonus = await transaction(deps.db, (tx) => bonusStart(tx, user.uid, id, deps.now()));
  return awardView(bonus, found.kind);
}

// --- Promotions ----------------------------------------------------------------------------------------------

function promotionView(campaign: { id: string; kind: string; terms: CampaignTerms }, currency: string) {
  const terms = campaign.terms;
  const rounds = campaign.kind === 'free_rounds' ? freeRoundsGrantTermsOf(terms, new Date(0)) : undefined;
  return {
    id: campaign.id,
    kind: campaign.kind,
    currency,
    amount: terms.amountMinor ?? 0,
    rate_bp: terms.rateBp ?? 0,
    max: terms.maxMinor ?? 0,
    deposit_min: terms.depositMinMinor ?? 0,
    wagering: terms.wagering.multiplier,
    lifetime_days: terms.lifetimeDays,
    free_rounds: rounds ? { game_id: rounds.gameId, rounds: rounds.rounds, bet: rounds.stakeMinor, win_to: rounds.winTo } : null,
  };
}

/**
 * `promotion/list`: the brand's running offers a player can take from a card — active campaigns of the promoted kinds,
 * none that the brand's jurisdiction forbids (Brazil: no acquisition offers).
 */
export async function promotionListGet(deps: BonusDeps, user: SessionUser | undefined, requestAppKey: string) {
  const appKey = user?.appKey ?? requestAppKey;
  const profile = variantFindByKey(appKey);
  if (!profile) return { list: [] };
  const campaigns = await campaignsOfBrand(deps.db, appKey);
  const list = campaigns
    .filter((campaign) => campaign.status === 'active' && campaignPromoted(campaign.kind, campaign.terms))
    .filter((campaign) => bonusAllowedInMarket(profile.market, campaign.terms.purpose))
    .map((campaign) => promotionView(campaign, profile.currency));
  return { list };
}
