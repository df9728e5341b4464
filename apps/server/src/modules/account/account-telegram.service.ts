import type { LoginInfo } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import type { TelegramBotToken } from '../../config.ts';
import type { IdentityClaims } from '../../providers/identity/identity.ts';
import { InitDataError, initDataValidate } from '../../providers/telegram/telegram-init-data.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { socialBind, socialLogin } from './account-social.service.ts';
import type { Consent } from './account-terms.service.ts';

/**
 * The messaging-app mini app (spec §7 tg_mini_app/login and /bind). The Telegram user inside signed initData is
 * the identity, kept as a social identity with plat "telegram" (it shows in bind_info like Google's).
 */

export const TELEGRAM_PLAT = 'telegram';

export type TelegramDeps = AccountDeps & { telegramBots: readonly TelegramBotToken[] };

/**
 * The caller's brand has several bots (development, test, production; spec §1): initData signed by any of them is
 * accepted. A Telegram user id is the same person whichever bot opened the app, so the identity does not name the bot.
 */
function claimsOf(deps: TelegramDeps, caller: Caller, initData: string): IdentityClaims {
  const tokens = deps.telegramBots.filter((bot) => bot.appKey === undefined || bot.appKey === caller.variant.appKey).map((bot) => bot.token);
  // Without a bot's token nothing can be verified, so nothing is accepted.
  if (tokens.length === 0) throw new AppError('TELEGRAM_UNAVAILABLE', { field: 'init_data' });
  let refusal: InitDataError | undefined;
  for (const token of tokens) {
    try {
      const valid = initDataValidate(initData, token, deps.now());
      return { subject: String(valid.user.id), email: undefined, emailAuthoritative: false };
    } catch (error) {
      if (!(error instanceof InitDataError)) throw error;
      // A hash that another bot's token checks is not a refusal yet; a stale or broken one (signed by this bot) is.
      if (error.issue !== 'hash') throw new AppError('TELEGRAM_INIT_DATA_INVALID', { field: 'init_data', issue: error.issue });
      refusal = error;
    }
  }
  throw new AppError('TELEGRAM_INIT_DATA_INVALID', { field: 'init_data', issue: refusal?.issue ?? 'hash' });
}

export async function telegramLogin(deps: TelegramDeps, caller: Caller, initData: string, consent: Consent): Promise<LoginInfo> {
  return socialLogin(deps, caller, TELEGRAM_PLAT, claimsOf(deps, caller, initData), consent);
}

export async function telegramBind(deps: TelegramDeps, caller: Caller, initData: string, consent: Consent): Promise<LoginInfo> {
  return socialBind(deps, caller, { plat: TELEGRAM_PLAT, consent }, claimsOf(deps, caller, initData));
}
