import type { opsCampaignCreateBody, opsCampaignStatusBody, opsCodeCreateBody } from '@piranha/contract';
import type * as z from 'zod/mini';
import { campaignTakesCodes, casinoGameInfo, isHouseGameId, isSlotGame, variantFindByKey, type CampaignTerms } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import type { BonusDeps } from './bonus.service.ts';
import { campaignFind, campaignInsert, campaignStatusSet, codeInsert } from './bonus.repository.ts';

/** Operator actions on campaigns and codes (behind OPS_TOKEN): create, pause, resume and end; issue codes. */

function termsOf(input: z.output<typeof opsCampaignCreateBody>['terms']): CampaignTerms {
  return {
    purpose: input.purpose,
    amountMinor: input.amount_minor,
    rateBp: input.rate_bp,
    maxMinor: input.max_minor,
    depositMinMinor: input.deposit_min_minor,
    wagering: input.wagering,
    weights: {
      sportsOddsMinThousandths: input.weights.sports_odds_min,
      tableBp: input.weights.table_bp,
      crashBp: input.weights.crash_bp,
      diceBp: input.weights.dice_bp,
    },
    stakeMaxMinor: input.stake_max_minor,
    conversionCapMinor: input.conversion_cap_minor,
    lifetimeDays: input.lifetime_days,
    freeBetOddsMinThousandths: input.free_bet_odds_min,
    booster: input.booster && {
      target: input.booster.target,
      rateBp: input.booster.rate_bp,
      capMinor: input.booster.cap_minor,
      payAs: input.booster.pay_as,
      oddsMinThousandths: input.booster.odds_min,
      stakeMaxMinor: input.booster.stake_max_minor,
      sessionMinutes: input.booster.session_minutes,
    },
    realTimeRule:
      input.real_time_rule &&
      (input.real_time_rule.kind === 'losing_streak'
        ? { kind: 'losing_streak', count: input.real_time_rule.count }
        : { kind: 'net_loss', thresholdMinor: input.real_time_rule.threshold_minor }),
    periodDays: input.period_days,
    freeRounds: input.free_rounds && {
      gameId: input.free_rounds.game_id,
      rounds: input.free_rounds.rounds,
      stakeMinor: input.free_rounds.stake_minor,
      winTo: input.free_rounds.win_to,
      on: input.free_rounds.on,
    },
    abArm: input.ab_arm,
  };
}

/** A deposit campaign grants a share of the deposit; the others a fixed amount: exactly one must be given. */
function termsIssue(kind: string, terms: CampaignTerms): string | undefined {
  if (kind === 'free_rounds') {
    // A house slot, at a stake inside its limits (decision 043).
    const rounds = terms.freeRounds;
    if (!rounds) return 'free_rounds';
    if (!isHouseGameId(rounds.gameId) || !isSlotGame(rounds.gameId)) return 'free_rounds.game_id';
    const info = casinoGameInfo(rounds.gameId);
    if (rounds.stakeMinor < info.betMinMinor || rounds.stakeMinor > info.betMaxMinor) return 'free_rounds.stake_minor';
    return undefined;
  }
  const deposit = kind === 'first_deposit' || kind === 'reload' || kind === 'daily_deposit';
  if (deposit && terms.rateBp === undefined) return 'rate_bp';
  // decision 044: a booster campaign grants a card, a real-time one needs its rule.
  if (kind === 'booster') return terms.booster === undefined ? 'booster' : undefined;
  if (kind === 'real_time' && terms.realTimeRule === undefined) return 'real_time_rule';
  if (!deposit && terms.amountMinor === undefined) return 'amount_minor';
  return undefined;
}

export async function opsCampaignCreate(deps: BonusDeps, body: z.output<typeof opsCampaignCreateBody>) {
  const appKey = body.id.slice(0, body.id.indexOf(':'));
  if (!variantFindByKey(appKey)) throw new AppError('VALIDATION_FAILED', { field: 'id', issue: 'unknown_brand' });
  const terms = termsOf(body.terms);
  const missing = termsIssue(body.kind, terms);
  if (missing) throw new AppError('VALIDATION_FAILED', { field: missing, issue: missing.includes('.') ? 'invalid' : 'required' });
  if (!(await campaignInsert(deps.db, { id: body.id, appKey, kind: body.kind, terms }, deps.now())))
    throw new AppError('BONUS_CAMPAIGN_EXISTS', { field: 'id' });
  return { id: body.id, status: 'active' };
}

export async function opsCampaignStatus(deps: BonusDeps, body: z.output<typeof opsCampaignStatusBody>) {
  const updated = await campaignStatusSet(deps.db, body.id, body.status, deps.now());
  if (!updated) throw new AppError((await campaignFind(deps.db, body.id)) ? 'BONUS_NOT_AVAILABLE' : 'NOT_FOUND', { field: 'id' });
  return { id: updated.id, status: updated.status };
}

export async function opsCodeCreate(deps: BonusDeps, body: z.output<typeof opsCodeCreateBody>) {
  const campaign = await campaignFind(deps.db, body.campaign_id);
  if (!campaign || !campaignTakesCodes(campaign.kind)) throw new AppError('VALIDATION_FAILED', { field: 'campaign_id', issue: 'not_a_code_campaign' });
  const created = await codeInsert(deps.db, {
    code: body.code,
    campaignId: campaign.id,
    usesMax: body.uses_max,
    expiresAt: new Date(body.expire_time * 1000),
    createdAt: deps.now(),
  });
  if (!created) throw new AppError('VALIDATION_FAILED', { field: 'code', issue: 'taken' });
  return { code: body.code, uses_max: body.uses_max, expire_time: body.expire_time };
}
