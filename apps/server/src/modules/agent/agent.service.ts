import type { opsAgentConfigBody, opsAgentSettleBody } from '@piranha/contract';
import type * as z from 'zod/mini';
import {
  agentCodeOf,
  agentCodeParse,
  agentCommissionOf,
  agentConfigIssue,
  brandTimeZone,
  CASHBACK_CLOSE_GRACE_MS,
  periodWindowOf,
  variantFindByKey,
  type AgentConfig,
  type PeriodWindow,
  type VariantProfile,
} from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { Db, Tx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import { ledgerTransfer } from '../ledger/ledger.service.ts';
import {
  agentConfigBrands,
  agentConfigOf,
  agentConfigUpsert,
  agentInsert,
  agentOf,
  boundAgentOf,
  commissionInsert,
  commissionOfDay,
  commissionPage,
  commissionSums,
  commissionsTake,
  dayCloseInsert,
  dayClosedKeys,
  memberInsert,
  teamPage,
  teamSize,
  teamTotals,
  transferPage,
} from './agent.repository.ts';

/**
 * The agent programme (issue 19, decision 052). A player becomes an agent; other players of the brand join its team
 * with its code. Each brand day, once it has ended more than the grace ago (late settlements land), the leader job
 * closes it in ONE transaction: the close row, each agent's commission row and its ledger transfer from the house's
 * revenue to the house's `agent_commission` account (what the house owes its agents). A run killed anywhere rolls
 * back whole and is simply run again; two runs at once close the day once (the close row's key). A transfer moves
 * every settled, untransferred commission from that account into the agent's wallet, under the agent row's lock:
 * of 20 concurrent taps one moves the money and the rest find nothing left.
 */

export interface AgentDeps {
  db: Db;
  now: () => Date;
}

const seconds = (at: Date | string) => Math.floor(new Date(at).getTime() / 1000);

function profileOf(user: SessionUser, requestAppKey: string): VariantProfile {
  const profile = variantFindByKey(user.appKey ?? requestAppKey);
  if (!profile) throw new AppError('AGENT_NOT_OFFERED');
  return profile;
}

const dayOf = (profile: VariantProfile, at: Date): PeriodWindow => periodWindowOf(at, brandTimeZone(profile.market), 'daily');
const dayBefore = (profile: VariantProfile, day: PeriodWindow): PeriodWindow => dayOf(profile, new Date(day.startsAt.getTime() - 1));

/** `agent/info`: terms, code, team size and commissions; a player who is not an agent sees the terms and its own binding. */
export async function agentInfoGet(deps: AgentDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  const now = deps.now();
  const [config, agent, bound] = await Promise.all([agentConfigOf(deps.db, profile.appKey), agentOf(deps.db, user.uid), boundAgentOf(deps.db, user.uid)]);
  const base = {
    currency: profile.currency,
    offered: config !== undefined,
    is_agent: agent !== undefined,
    code: agent ? agentCodeOf(user.uid) : '',
    bound_agent_code: bound ? agentCodeOf(bound.agentUserId) : '',
    basis: config?.basis ?? ('' as const),
    tiers: (config?.tiers ?? []).map((tier) => ({ from: tier.fromMinor, rate_bp: tier.rateBp })),
    team_size: 0,
    today_basis: 0,
    today_commission: 0,
    yesterday_commission: 0,
    available: 0,
    total_earned: 0,
  };
  if (!agent) return base;
  const today = dayOf(profile, now);
  const yesterday = dayBefore(profile, today);
  const [size, todayRows, yesterdayCommission, sums] = await Promise.all([
    teamSize(deps.db, user.uid),
    // Up to and including this instant (a round settled in this very millisecond counts).
    teamTotals(deps.db, profile.appKey, profile.currency, today.startsAt, new Date(now.getTime() + 1), user.uid),
    commissionOfDay(deps.db, user.uid, profile.appKey, yesterday.key),
    commissionSums(deps.db, user.uid),
  ]);
  const todayRow = todayRows[0];
  const todayFigures =
    config && todayRow
      ? agentCommissionOf(config, { stakeMinor: Number(todayRow.stake_minor), returnMinor: Number(todayRow.return_minor) })
      : { basisMinor: 0, commissionMinor: 0 };
  return {
    ...base,
    team_size: size,
    today_basis: todayFigures.basisMinor,
    today_commission: todayFigures.commissionMinor,
    yesterday_commission: yesterdayCommission,
    available: sums.available,
    total_earned: sums.total,
  };
}

/** `thin/agent/apply`: the player becomes an agent of its brand (only where the brand runs the programme). */
export async function agentApplyPost(deps: AgentDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  if (!(await agentConfigOf(deps.db, profile.appKey))) throw new AppError('AGENT_NOT_OFFERED');
  await agentInsert(deps.db, user.uid, profile.appKey, deps.now());
  return { code: agentCodeOf(user.uid) };
}

/** `thin/agent/bind`: joins the team of the agent the code names — of the same brand, never oneself, once. */
export async function agentBindPost(deps: AgentDeps, user: SessionUser, requestAppKey: string, code: string) {
  const profile = profileOf(user, requestAppKey);
  const agentUserId = agentCodeParse(code);
  if (agentUserId === undefined) throw new AppError('AGENT_CODE_INVALID', { field: 'code' });
  if (agentUserId === user.uid) throw new AppError('AGENT_SELF_BIND', { field: 'code' });
  const agent = await agentOf(deps.db, agentUserId);
  // Another brand's agent is as unknown here as a code nobody holds.
  if (!agent || agent.appKey !== profile.appKey) throw new AppError('AGENT_CODE_INVALID', { field: 'code' });
  const now = deps.now();
  if (!(await memberInsert(deps.db, user.uid, agentUserId, profile.appKey, now))) throw new AppError('AGENT_ALREADY_BOUND', { field: 'code' });
  return { agent_code: agentCodeOf(agentUserId), bound_time: seconds(now) };
}

async function agentRequire(deps: AgentDeps, user: SessionUser) {
  if (!(await agentOf(deps.db, user.uid))) throw new AppError('AGENT_NOT_AGENT');
}

const NAME_SHOWN = 2;
/** A team player's name as its agent sees it: the first characters, the rest hidden. */
function nameMasked(nick: string | null, uid: number): string {
  const name = nick && nick.trim() !== '' ? nick.trim() : String(uid);
  return `${[...name].slice(0, NAME_SHOWN).join('')}***`;
}

/** `thin/agent/team`: the agent's own players (an agent never sees another agent's team). */
export async function agentTeamGet(deps: AgentDeps, user: SessionUser, page: number, pageSize: number) {
  await agentRequire(deps, user);
  const [total, rows] = await Promise.all([teamSize(deps.db, user.uid), teamPage(deps.db, user.uid, (page - 1) * pageSize, pageSize)]);
  return {
    total,
    list: rows.map((row) => ({ uid: Number(row.member_user_id), name: nameMasked(row.nick, Number(row.member_user_id)), bound_time: seconds(row.bound_at) })),
  };
}

/** `thin/agent/daily`: the agent's settled days, newest first. */
export async function agentDailyGet(deps: AgentDeps, user: SessionUser, requestAppKey: string, page: number, pageSize: number) {
  const profile = profileOf(user, requestAppKey);
  await agentRequire(deps, user);
  const rows = await commissionPage(deps.db, user.uid, (page - 1) * pageSize, pageSize + 1);
  return {
    currency: profile.currency,
    list: rows.slice(0, pageSize).map((row) => ({
      day_key: row.day_key,
      members: Number(row.members),
      stake: Number(row.stake_minor),
      return: Number(row.return_minor),
      basis: Number(row.basis_minor),
      rate_bp: Number(row.rate_bp),
      commission: Number(row.commission_minor),
      transferred: row.transfer_id !== null,
    })),
    has_more: rows.length > pageSize,
  };
}

/** `thin/agent/transfer`: every settled, untransferred commission into the wallet as one ledger transfer. */
export async function agentTransferPost(deps: AgentDeps, user: SessionUser, requestAppKey: string) {
  const profile = profileOf(user, requestAppKey);
  const now = deps.now();
  return transaction(deps.db, async (tx) => {
    // The agent row's lock lines concurrent taps up: the first takes everything, the rest find nothing left.
    if (!(await agentOf(tx, user.uid, true))) throw new AppError('AGENT_NOT_AGENT');
    const taken = await commissionsTake(tx, user.uid, profile.currency, now);
    if (!taken) throw new AppError('AGENT_NOTHING_TO_TRANSFER');
    await ledgerTransfer(tx, {
      kind: 'agent_transfer',
      externalRef: String(taken.id),
      lines: [
        { account: { house: 'agent_commission', currency: profile.currency }, amountMinor: -taken.amountMinor },
        { account: { userId: user.uid, currency: profile.currency }, amountMinor: taken.amountMinor },
      ],
    });
    return { transfer_id: String(taken.id), amount: taken.amountMinor, currency: profile.currency };
  });
}

/** `agent/history`: the agent's transfers, newest first. */
export async function agentHistoryGet(deps: AgentDeps, user: SessionUser, requestAppKey: string, page: number, pageSize: number) {
  const profile = profileOf(user, requestAppKey);
  await agentRequire(deps, user);
  const rows = await transferPage(deps.db, user.uid, (page - 1) * pageSize, pageSize + 1);
  return {
    currency: profile.currency,
    list: rows.slice(0, pageSize).map((row) => ({ transfer_id: row.id, amount: Number(row.amount_minor), create_time: seconds(row.created_at) })),
    has_more: rows.length > pageSize,
  };
}

/* Daily settlement (the `agent-settle` leader job). */

export interface SettleHooks {
  /** Called after each agent's commission is written, inside the close's transaction: tests kill the run here. */
  afterAgent?: (index: number) => void;
}

/** Closes one brand day, once: answers how many agents earned, or undefined when the day was closed already. */
export async function agentDaySettle(db: Db, profile: VariantProfile, config: AgentConfig, day: PeriodWindow, now: Date, hooks: SettleHooks = {}) {
  return transaction(db, async (tx: Tx) => {
    if (!(await dayCloseInsert(tx, profile.appKey, day.key, now))) return undefined;
    let earned = 0;
    const rows = await teamTotals(tx, profile.appKey, profile.currency, day.startsAt, day.endsAt);
    for (const row of rows) {
      const agentUserId = Number(row.agent_user_id);
      const figures = agentCommissionOf(config, { stakeMinor: Number(row.stake_minor), returnMinor: Number(row.return_minor) });
      if (figures.commissionMinor > 0) {
        await commissionInsert(
          tx,
          { appKey: profile.appKey, dayKey: day.key, currency: profile.currency, basis: config.basis, endsAt: day.endsAt },
          {
            agentUserId,
            members: Number(row.members),
            stakeMinor: Number(row.stake_minor),
            returnMinor: Number(row.return_minor),
            basisMinor: figures.basisMinor,
            rateBp: figures.rateBp,
            commissionMinor: figures.commissionMinor,
          },
          now,
        );
        await ledgerTransfer(tx, {
          kind: 'agent_commission',
          externalRef: `${profile.appKey}:${day.key}:${agentUserId}`,
          lines: [
            { account: { house: 'revenue', currency: profile.currency }, amountMinor: -figures.commissionMinor },
            { account: { house: 'agent_commission', currency: profile.currency }, amountMinor: figures.commissionMinor },
          ],
        });
        earned += 1;
      }
      hooks.afterAgent?.(earned);
    }
    return earned;
  });
}

/** The last two brand days that ended more than the grace ago (a day missed while no leader ran is caught up). */
function closableDays(profile: VariantProfile, now: Date): PeriodWindow[] {
  const settled = dayOf(profile, new Date(now.getTime() - CASHBACK_CLOSE_GRACE_MS));
  const last = dayBefore(profile, settled);
  return [dayBefore(profile, last), last];
}

/** One pass over every brand that runs the programme: closes each due day once. Answers how many days it closed. */
export async function agentSettlePass(db: Db, now: Date, hooks: SettleHooks = {}): Promise<number> {
  let closed = 0;
  for (const appKey of await agentConfigBrands(db)) {
    const profile = variantFindByKey(appKey);
    const config = profile && (await agentConfigOf(db, appKey));
    if (!profile || !config) continue;
    const days = closableDays(profile, now);
    const done = await dayClosedKeys(
      db,
      appKey,
      days.map((day) => day.key),
    );
    for (const day of days) {
      if (done.has(day.key)) continue;
      if ((await agentDaySettle(db, profile, config, day, now, hooks)) !== undefined) closed += 1;
    }
  }
  return closed;
}

/** The brand day named `YYYY-MM-DD` (its key is `d:YYYY-MM-DD`): noon UTC that date, or half a day either side of it. */
function dayNamed(profile: VariantProfile, date: string): PeriodWindow | undefined {
  const noon = Date.parse(`${date}T12:00:00Z`);
  if (!Number.isFinite(noon) || new Date(noon).toISOString().slice(0, 10) !== date) return undefined;
  for (const shift of [0, -12 * 3_600_000, 12 * 3_600_000]) {
    const day = dayOf(profile, new Date(noon + shift));
    if (day.key === `d:${date}`) return day;
  }
  return undefined;
}

/**
 * Operators (decision 067): closes one brand day the way the job does (a day it missed, or one checked after an
 * outage), through the same `agentDaySettle`, so still once per brand day. Only a day that ended more than the grace
 * ago: an open day would be closed before its last rounds settle.
 */
export async function opsAgentSettle(deps: AgentDeps, body: z.output<typeof opsAgentSettleBody>) {
  const profile = variantFindByKey(body.app_key);
  if (!profile) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'unknown_brand' });
  const day = dayNamed(profile, body.day_key);
  if (!day) throw new AppError('VALIDATION_FAILED', { field: 'day_key', issue: 'invalid' });
  const now = deps.now();
  if (day.endsAt.getTime() + CASHBACK_CLOSE_GRACE_MS > now.getTime()) throw new AppError('AGENT_DAY_OPEN', { field: 'day_key' });
  const config = await agentConfigOf(deps.db, profile.appKey);
  if (!config) throw new AppError('AGENT_NOT_OFFERED');
  const agents = await agentDaySettle(deps.db, profile, config, day, now);
  return { app_key: profile.appKey, day_key: body.day_key, closed: agents !== undefined, agents: agents ?? 0 };
}

/** Operators: a brand's terms (read at each day's close, so a change applies from the next day closed). */
export async function opsAgentConfigSet(deps: AgentDeps, body: z.output<typeof opsAgentConfigBody>) {
  const profile = variantFindByKey(body.app_key);
  if (!profile) throw new AppError('VALIDATION_FAILED', { field: 'app_key', issue: 'unknown_brand' });
  const config: AgentConfig = { basis: body.basis, tiers: body.tiers.map((tier) => ({ fromMinor: tier.from_minor, rateBp: tier.rate_bp })) };
  const issue = agentConfigIssue(config);
  if (issue) throw new AppError('VALIDATION_FAILED', { field: issue, issue: 'invalid' });
  await agentConfigUpsert(deps.db, profile.appKey, config.basis, config.tiers, deps.now());
  return { app_key: profile.appKey, basis: config.basis, tiers: body.tiers };
}
