import { saferMarketOpenCheck, saferPlayCheck } from '../safer-play/safer-play.service.ts';
import { BONUS_STATUS, variantFindByKey, wageringProgressPercent, type BonusStatus } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bonusCampaigns, casinoGames } from '../../db/schema/index.ts';
import { freeRoundsBonusView, freeRoundsGrantView, freeRoundsUnshownTake } from './bonus-free-rounds.service.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { bonusCodeCheck, codeRedeem, type CodePlayer } from './bonus-code.service.ts';
import { boosterAsBonusView } from './bonus-booster.service.ts';
import { bonusStart, type FreeBetGrantRow } from './bonus-ledger.service.ts';
import { freeBetGrantsOfCampaigns } from '../betting/betting.repository.ts';
import { bonusBalanceOf, bonusesPageOfUser, bonusesUnshownTake, bonusHistoryPage, type BonusHistoryRow, type BonusRow } from './bonus.repository.ts';

/** What the bonus endpoints need: the database and the clock. */
export interface BonusDeps {
  db: Db;
  now: () => Date;
}

const PAGE_SIZE = 20;
const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

/**
 * Campaign kinds by id, per database. A campaign's kind never changes once created, so every node may keep what it read;
 * an id not read yet is looked up with the bonuses that name it. Kept per database (its `Db`), not per process: a
 * process holding two databases (the server tests run many files in one worker) must not answer one database's
 * campaign with another's kind.
 */
const campaignKinds = new WeakMap<DbOrTx, Map<string, string>>();

async function campaignKindsLoad(db: DbOrTx, bonuses: readonly BonusRow[]): Promise<ReadonlyMap<string, string>> {
  let known = campaignKinds.get(db);
  if (!known) campaignKinds.set(db, (known = new Map()));
  const missing = [...new Set(bonuses.map((bonus) => bonus.campaignId))].filter((id) => !known.has(id));
  if (missing.length === 0) return known;
  const rows = await db.select({ id: bonusCampaigns.id, kind: bonusCampaigns.kind }).from(bonusCampaigns).where(inArray(bonusCampaigns.id, missing));
  for (const row of rows) known.set(row.id, row.kind);
  return known;
}

/** The kind of the campaign that granted it (first_deposit, redeem_code, sign_up), whatever the campaign is called. */
function kindOf(campaignId: string, kinds: ReadonlyMap<string, string> | undefined): string {
  return kinds?.get(campaignId) ?? campaignId.slice(campaignId.indexOf(':') + 1);
}

async function bonusViews(db: DbOrTx, bonuses: readonly BonusRow[]) {
  const kinds = await campaignKindsLoad(db, bonuses);
  return bonuses.map((bonus) => bonusView(bonus, kinds));
}

async function bonusViewOf(db: DbOrTx, bonus: BonusRow) {
  return (await bonusViews(db, [bonus]))[0]!;
}

/** A bonus as the API answers it; `kinds` (campaign id → kind) from `campaignKindsLoad`, else the id's own name. */
export function bonusView(bonus: BonusRow, kinds?: ReadonlyMap<string, string>) {
  return {
    id: String(bonus.id),
    campaign_id: bonus.campaignId,
    kind: kindOf(bonus.campaignId, kinds),
    status: bonus.status,
    currency: bonus.currency,
    amount: bonus.amountMinor,
    wagered: bonus.wageredMinor,
    requirement: bonus.requirementMinor,
    progress: wageringProgressPercent(bonus.wageredMinor, bonus.requirementMinor),
    stake_max: bonus.rules.stakeMaxMinor ?? 0,
    conversion_cap: bonus.rules.conversionCapMinor ?? 0,
    create_time: seconds(bonus.createdAt),
    expire_time: seconds(bonus.expiresAt),
  };
}

/**
 * A free bet a free_bet campaign granted, in the bonus list's shape: `amount` is its stake; status 0 while it can be
 * staked, 2 once spent, 3 once expired; nothing to wager. Its id is `fb<grant id>` so it never names a bonus.
 */
export function freeBetView(grant: FreeBetGrantRow, now: Date) {
  const expired = grant.expiresAt !== null && grant.expiresAt.getTime() <= now.getTime();
  const status = grant.remainingMinor === 0 ? BONUS_STATUS.unlocked : expired ? BONUS_STATUS.expired : BONUS_STATUS.locked;
  return {
    id: `fb${grant.id}`,
    campaign_id: grant.campaignId ?? '',
    kind: 'free_bet',
    status,
    currency: grant.currency,
    amount: grant.remainingMinor === 0 ? grant.amountMinor : grant.remainingMinor,
    wagered: 0,
    requirement: 0,
    progress: 0,
    stake_max: 0,
    conversion_cap: 0,
    create_time: seconds(grant.createdAt),
    expire_time: grant.expiresAt === null ? 0 : seconds(grant.expiresAt),
  };
}

const STATUSES_OF_TAB: Record<'available' | 'unavailable', BonusStatus[]> = {
  available: [BONUS_STATUS.locked, BONUS_STATUS.unlocking],
  unavailable: [BONUS_STATUS.unlocked, BONUS_STATUS.expired],
};

/** `bonus/list`: a tab of the player's bonuses, newest first, by cursor (spec §7: list, cursor, has_more). */
export async function bonusListGet(deps: BonusDeps, user: SessionUser, tab: 'available' | 'unavailable', cursor: string | undefined) {
  const rows = await bonusesPageOfUser(deps.db, user.uid, STATUSES_OF_TAB[tab], cursor === undefined ? undefined : Number(cursor), PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const bonusList = await bonusViews(deps.db, page);
  // Free bets from campaigns lead the first page of their tab (a player holds a handful; they are not paged).
  const now = deps.now();
  const freeBets =
    cursor === undefined
      ? (await freeBetGrantsOfCampaigns(deps.db, user.uid))
          .map((grant) => freeBetView(grant, now))
          .filter((view) => (STATUSES_OF_TAB[tab] as number[]).includes(view.status))
      : [];
  const list = [...freeBets, ...bonusList];
  const hasMore = rows.length > PAGE_SIZE;
  return { list, cursor: hasMore ? String(page[page.length - 1]!.id) : '', has_more: hasMore ? (1 as const) : (0 as const) };
}

export async function bonusBalanceGet(deps: BonusDeps, user: SessionUser) {
  const rows = await bonusBalanceOf(deps.db, user.uid);
  return { balances: rows.map((row) => ({ currency: row.currency, balance: row.balanceMinor })) };
}

/** `unlock_bonus`: starts wagering a locked bonus (or converts one with nothing to wager). */
export async function bonusUnlock(deps: BonusDeps, user: SessionUser, bonusId: string) {
  const bonus = await transaction(deps.db, (tx) => bonusStart(tx, user.uid, Number(bonusId), deps.now()));
  return bonusViewOf(deps.db, bonus);
}

function codePlayerOf(user: SessionUser, requestAppKey: string): CodePlayer {
  const appKey = user.appKey ?? requestAppKey;
  const profile = variantFindByKey(appKey);
  if (!profile) throw new AppError('PROMO_CODE_INVALID', { field: 'code' });
  return { userId: user.uid, appKey, currency: profile.currency };
}

export async function promoCodeCheckGet(deps: BonusDeps, user: SessionUser, requestAppKey: string, code: string) {
  return bonusCodeCheck(deps.db, codePlayerOf(user, requestAppKey), code, deps.now());
}

export async function promoCodeUsePost(deps: BonusDeps, user: SessionUser, requestAppKey: string, code: string) {
  // A player on a time-out or self-excluded is told so, not that the code was used (decision 027).
  saferMarketOpenCheck(user.appKey);
  await saferPlayCheck(deps.db, user.uid, deps.now());
  const reward = await codeRedeem(deps.db, codePlayerOf(user, requestAppKey), code, deps.now());
  if (reward.kind === 'booster') return boosterAsBonusView(reward.card);
  if (reward.kind === 'free_rounds') return freeRoundsBonusView(reward.grant, deps.now());
  return reward.kind === 'free_bet' ? freeBetView(reward.grant, deps.now()) : bonusViewOf(deps.db, reward.bonus);
}

async function houseGameName(db: DbOrTx, gameId: string): Promise<string> {
  const [row] = await db
    .select({ name: casinoGames.name })
    .from(casinoGames)
    .where(and(eq(casinoGames.platform, 'house'), eq(casinoGames.gameId, gameId)));
  return row?.name ?? gameId;
}

/** `new_bonus`: the newest grant the player has not been shown (older unshown ones are passed over with it). */
export async function bonusNewGet(deps: BonusDeps, user: SessionUser) {
  const unshown = await bonusesUnshownTake(deps.db, user.uid, deps.now());
  const newest = unshown.reduce<BonusRow | undefined>((best, bonus) => (best === undefined || bonus.id > best.id ? bonus : best), undefined);
  if (newest !== undefined) return { bonus_id: 'register_bonus' as const, bonus: await bonusViewOf(deps.db, newest) };
  // Free rounds a campaign granted (decision 043): the newest unshown grant pops up as free_round_bonus, once.
  const rounds = await freeRoundsUnshownTake(deps.db, user.uid, deps.now());
  const grant = rounds.reduce<(typeof rounds)[number] | undefined>((best, row) => (best === undefined || row.id > best.id ? row : best), undefined);
  if (grant === undefined) return { bonus_id: '' as const, bonus: null };
  return {
    bonus_id: 'free_round_bonus' as const,
    bonus: freeRoundsBonusView(grant, deps.now()),
    free_rounds: freeRoundsGrantView(grant, await houseGameName(deps.db, grant.gameId), deps.now()),
  };
}

const HISTORY_TYPE_OF_TRANSFER: Record<string, 'grant' | 'convert' | 'forfeit'> = {
  bonus_grant: 'grant',
  bonus_convert: 'convert',
  bonus_forfeit: 'forfeit',
};

function historyEntryView(row: BonusHistoryRow) {
  const type = HISTORY_TYPE_OF_TRANSFER[row.kind];
  // Only the engine's three transfers touch a bonus account; anything else is a broken invariant, not a row to show.
  if (type === undefined) throw new Error(`bonus account line of unexpected transfer kind ${row.kind}`);
  return {
    id: row.line_id,
    type,
    bonus_id: row.bonus_id,
    currency: row.currency,
    amount: Number(row.amount_minor),
    create_time: seconds(new Date(row.created_at)),
  };
}

/** `history`: movements of the player's bonus money, newest first, by cursor (a ledger line id). */
export async function bonusHistoryGet(deps: BonusDeps, user: SessionUser, cursor: string | undefined) {
  const rows = await bonusHistoryPage(deps.db, user.uid, cursor === undefined ? undefined : Number(cursor), PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE);
  const hasMore = rows.length > PAGE_SIZE;
  return { list: page.map(historyEntryView), cursor: hasMore ? page[page.length - 1]!.line_id : '', has_more: hasMore ? (1 as const) : (0 as const) };
}
