import type { LoginInfo } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
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

export type TelegramDeps = AccountDeps & { telegramBotToken: string | undefined };

function claimsOf(deps: TelegramDeps, initData: string): IdentityClaims {
  // Without the bot's token nothing can be verified, so nothing is accepted.
  if (!deps.telegramBotToken) throw new AppError('TELEGRAM_UNAVAILABLE', { field: 'init_data' });
  try {
    const valid = initDataValidate(initData, deps.telegramBotToken, deps.now());
    return { subject: String(valid.user.id), email: undefined, emailAuthoritative: false };
  } catch (error) {
    if (error instanceof InitDataError) throw new AppError('TELEGRAM_INIT_DATA_INVALID', { field: 'init_data', issue: error.issue });
    throw error;
  }
}

export async function telegramLogin(deps: TelegramDeps, caller: Caller, initData: string, consent: Consent): Promise<LoginInfo> {
  return socialLogin(deps, caller, TELEGRAM_PLAT, claimsOf(deps, initData), consent);
}

export async function telegramBind(deps: TelegramDeps, caller: Caller, initData: string, consent: Consent): Promise<LoginInfo> {
  return socialBind(deps, caller, { plat: TELEGRAM_PLAT, consent }, claimsOf(deps, initData));
}
