import { inviteCodeOf, inviteCodeParse } from './referral.ts';

/**
 * The agent programme (issue 19, decision 052): a player who becomes an agent earns a commission on what the players
 * bound to them (their team) do. A brand sets the basis — the team's net revenue (stakes less returns) or its turnover
 * (stakes) — and up to 10 tiers: the tier whose floor the day's basis reaches gives the rate for the whole amount.
 * Rules only; storage, settlement and transfer live in the server's agent module.
 */

export const AGENT_BASES = ['net_revenue', 'turnover'] as const;
export type AgentBasis = (typeof AGENT_BASES)[number];

export interface AgentTier {
  /** The day's basis (minor units) from which this tier's rate applies. */
  fromMinor: number;
  /** Basis points of the basis (100 = 1 %). */
  rateBp: number;
}

export interface AgentConfig {
  basis: AgentBasis;
  tiers: readonly AgentTier[];
}

/** A commission of more than half the basis is an operator's typo, not a programme. */
export const AGENT_RATE_MAX_BP = 5_000;
export const AGENT_TIERS_MAX = 10;

/** Why a configuration cannot be used (the field at fault), or undefined when it can. */
export function agentConfigIssue(config: AgentConfig): string | undefined {
  if (!AGENT_BASES.includes(config.basis)) return 'basis';
  if (config.tiers.length === 0 || config.tiers.length > AGENT_TIERS_MAX) return 'tiers';
  let previous = -1;
  for (const tier of config.tiers) {
    if (!Number.isSafeInteger(tier.fromMinor) || tier.fromMinor < 0 || tier.fromMinor <= previous) return 'tiers.from_minor';
    if (!Number.isSafeInteger(tier.rateBp) || tier.rateBp < 1 || tier.rateBp > AGENT_RATE_MAX_BP) return 'tiers.rate_bp';
    previous = tier.fromMinor;
  }
  return undefined;
}

/** What a team did in one brand day: settled stakes and what they returned (free bets and free rounds excluded). */
export interface TeamDay {
  stakeMinor: number;
  returnMinor: number;
}

/** The day's basis: turnover is the stakes; net revenue is stakes less returns (negative when the team won). */
export function agentBasisMinor(basis: AgentBasis, day: TeamDay): number {
  return basis === 'turnover' ? day.stakeMinor : day.stakeMinor - day.returnMinor;
}

/** The rate of the highest tier the basis reaches; 0 below the first tier or for a basis of 0 or less. */
export function agentRateBp(tiers: readonly AgentTier[], basisMinor: number): number {
  if (basisMinor <= 0) return 0;
  let rate = 0;
  for (const tier of tiers) if (basisMinor >= tier.fromMinor) rate = tier.rateBp;
  return rate;
}

/**
 * The commission of one agent's day, rounded down to the minor unit. A day the team won (negative net revenue) earns
 * nothing and is not carried into the next day: each day stands alone.
 */
export function agentCommissionOf(config: AgentConfig, day: TeamDay): { basisMinor: number; rateBp: number; commissionMinor: number } {
  const basisMinor = agentBasisMinor(config.basis, day);
  const rateBp = agentRateBp(config.tiers, basisMinor);
  return { basisMinor, rateBp, commissionMinor: rateBp === 0 ? 0 : Math.floor((basisMinor * rateBp) / 10_000) };
}

/** An agent's code: the player's invite code with `A` in front instead of `P` (the same check character). */
export function agentCodeOf(userId: number): string {
  return `A${inviteCodeOf(userId).slice(1)}`;
}

/** The agent a typed code names, or undefined when it is not an agent code (invite codes are refused). */
export function agentCodeParse(typed: string): number | undefined {
  const code = typed.trim().toUpperCase().replace(/[\s-]/g, '');
  if (!code.startsWith('A')) return undefined;
  return inviteCodeParse(`P${code.slice(1)}`);
}
