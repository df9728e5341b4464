import { CODE_RESEND_COOLDOWN_S, CODE_TTL_S, type CodePurpose } from '@piranha/contract';
import type { Locale } from '@piranha/domain';
import { AppError } from '../../app-error.ts';
import { dynconfigGet } from '../config/config.service.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { transaction } from '../../db/transaction.ts';
import { outboxSendHeld, outboxWrite } from '../outbox/outbox.service.ts';
import { codeCreate, codeSendAllow, codeVerify, type CodeSmsPayload, type CodeTarget } from './account-code.service.ts';
import { codeDelete } from './account.repository.ts';

/** The SMS text per locale: `{brand}`, `{code}`, `{minutes}`. Short, so it fits one message in every script. */
const SMS_TEXT: Readonly<Record<Locale, string>> = {
  'en-US': '{brand}: your code is {code}. It expires in {minutes} min. Never share it.',
  'es-MX': '{brand}: tu código es {code}. Vence en {minutes} min. No lo compartas.',
  'pt-BR': '{brand}: seu código é {code}. Expira em {minutes} min. Não o compartilhe.',
  'ru-RU': '{brand}: ваш код {code}. Действует {minutes} мин. Никому его не сообщайте.',
  'vm-VI': '{brand}: mã của bạn là {code}. Hết hạn sau {minutes} phút. Không chia sẻ mã này.',
  'vm-TH': '{brand}: รหัสของคุณคือ {code} หมดอายุใน {minutes} นาที ห้ามบอกผู้อื่น',
  'zh-CN': '{brand}：您的验证码是 {code}，{minutes} 分钟内有效，请勿告诉他人。',
  'ms-MY': '{brand}: kod anda ialah {code}. Tamat tempoh dalam {minutes} min. Jangan kongsi kod ini.',
};

export function smsTextCompose(locale: Locale, brand: string, code: string): string {
  const values: Record<string, string> = { brand, code, minutes: String(CODE_TTL_S / 60) };
  return SMS_TEXT[locale].replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** SMS codes exist only while the operator's sms_switch dynamic config is on. */
async function smsRequireOn(deps: AccountDeps, caller: Caller): Promise<void> {
  const subject = caller.user ? `u:${caller.user.uid}` : `ip:${caller.ip}`;
  const [entry] = await dynconfigGet(deps.db, ['sms_switch'], subject, caller.variant);
  if (entry?.switch !== 1) throw new AppError('SMS_UNAVAILABLE', { field: 'phone' });
}

function whereOf(caller: Caller, phone: string, purpose: CodePurpose): CodeTarget {
  return { appKey: caller.variant.appKey, channel: 'sms', target: phone, purpose };
}

/** Sends a code by SMS; the same cooldown, lifetime and limits as e-mail codes. A bind code is tied to the signed-in user. */
export async function smsCodeSend(deps: AccountDeps, caller: Caller, phone: string, purpose: CodePurpose) {
  await smsRequireOn(deps, caller);
  if (purpose === 'bind' && !caller.user) throw new AppError('SESSION_EXPIRED', { field: 'sid' });
  const where = whereOf(caller, phone, purpose);
  await codeSendAllow(deps, caller, where, 'phone');
  const now = deps.now();
  // The text is an outbox row of the code's transaction (decision 042), sent here and, if this process dies first, by the job.
  const { id, row, message } = await transaction(deps.db, async (tx) => {
    const created = await codeCreate(tx, where, now, purpose === 'bind' ? caller.user?.uid : undefined);
    const message = { appKey: caller.variant.appKey, to: phone, text: smsTextCompose(caller.locale, caller.variant.name, created.code) };
    const payload: CodeSmsPayload = { message, expires_at: new Date(now.getTime() + CODE_TTL_S * 1000).toISOString() };
    const row = await outboxWrite(tx, deps.outbox, { kind: 'sms', key: `code:${created.id}`, payload: { ...payload }, now });
    return { id: created.id, row, message };
  });
  try {
    await outboxSendHeld(deps.outbox, row, () => deps.sms.send(message));
  } catch (error) {
    await codeDelete(deps.db, id);
    throw error;
  }
  return { expire_s: CODE_TTL_S, resend_s: CODE_RESEND_COOLDOWN_S };
}

export async function smsCodeCheck(deps: AccountDeps, caller: Caller, input: { phone: string; purpose: CodePurpose; sms_code: string }): Promise<{ valid: 1 }> {
  await smsRequireOn(deps, caller);
  await codeVerify(deps, caller, {
    where: whereOf(caller, input.phone, input.purpose),
    code: input.sms_code,
    field: 'sms_code',
    ...(caller.user ? { userId: caller.user.uid } : {}),
  });
  return { valid: 1 };
}
