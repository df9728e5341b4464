import { AppError } from '../../app-error.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { profileEnsure } from './account-profile.service.ts';
import { fbUserFind, fbUserInsert } from './account-prompt.repository.ts';

/**
 * The player's record at the sports book (spec §4: "if no user exists after fetching user info, one is created and
 * fetched again"). Its currency is the brand's at creation, so bets of an account stay in one currency.
 */

export async function fbUserProfile(deps: AccountDeps, caller: Caller, user: SessionUser) {
  const record = await fbUserFind(deps.db, user.uid);
  if (!record) return { exists: 0 as const, user: null };
  const profile = await profileEnsure(deps.db, user.uid, caller.locale);
  return {
    exists: 1 as const,
    user: { uid: user.uid, nick: profile.nick, currency: record.currency, create_at: Math.floor(record.createdAt.getTime() / 1000) },
  };
}

export async function fbUserCreateOf(deps: AccountDeps, caller: Caller, user: SessionUser): Promise<{ created: 0 | 1 }> {
  const profile = await profileEnsure(deps.db, user.uid, caller.locale);
  if (profile.closedAt) throw new AppError('ACCOUNT_CLOSED', { field: 'uid' });
  const created = await fbUserInsert(deps.db, { userId: user.uid, currency: caller.variant.currency, createdAt: deps.now() });
  return { created: created ? 1 : 0 };
}
