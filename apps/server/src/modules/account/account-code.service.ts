import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { CODE_LENGTH, CODE_RESEND_COOLDOWN_S, CODE_TTL_S, type CodePurpose } from '@piranha/contract';
import { AppError } from '../../app-error.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transaction } from '../../db/transaction.ts';
import type { MailMessage } from '../../providers/mail/mail.ts';
import { OutboxRefused, outboxSendHeld, outboxWrite, type OutboxHandler } from '../outbox/outbox.service.ts';
import type { AccountDeps, Caller } from './account-deps.ts';
import { codeMailCompose, type CodeMailKind } from './account-mail.ts';
import {
  codeAttemptRelease,
  codeAttemptReserve,
  codeConsume,
  codeDelete,
  codeInsert,
  codeLatest,
  profileByEmail,
  type CodeChannel,
  type CodeRow,
} from './account.repository.ts';
import {
  attemptFailed,
  attemptRelease,
  attemptReserve,
  bucket,
  CODE_SENDS_PER_TARGET_PER_HOUR,
  ipFailureLimit,
  throttleTake,
  type AttemptLimit,
} from './account-throttle.ts';

/** Wrong guesses a code survives; the next one burns it, so six digits cannot be walked. */
export const CODE_ATTEMPTS_MAX = 5;

export interface CodeTarget {
  appKey: string;
  channel: CodeChannel;
  /** A lower-cased e-mail or an E.164 phone number. */
  target: string;
  purpose: CodePurpose;
}

function codeHashOf(salt: string, where: CodeTarget, code: string): Buffer {
  return createHash('sha256').update(`${salt}\n${where.appKey}\n${where.channel}\n${where.target}\n${where.purpose}\n${code}`).digest();
}

/** Stores a new code for an address and purpose (the newest is the only one that works) and returns it in plain text, once. */
export async function codeCreate(db: DbOrTx, where: CodeTarget, now: Date, userId?: number): Promise<{ code: string; id: number }> {
  const code = String(randomInt(0, 10 ** CODE_LENGTH)).padStart(CODE_LENGTH, '0');
  const salt = randomBytes(16).toString('base64url');
  const id = await codeInsert(db, {
    ...where,
    userId: userId ?? null,
    salt,
    codeHash: codeHashOf(salt, where, code).toString('hex'),
    createdAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_S * 1000),
  });
  return { code, id };
}

/**
 * Refuses a new code while the last one for this address and purpose is under a minute old, and counts the
 * send against the client IP and the address.
 */
export async function codeSendAllow(deps: AccountDeps, caller: Caller, where: CodeTarget, field: string): Promise<void> {
  const now = deps.now();
  const latest = await codeLatest(deps.db, where.appKey, where.channel, where.target, where.purpose);
  const ageMs = latest ? now.getTime() - latest.createdAt.getTime() : Infinity;
  if (ageMs < CODE_RESEND_COOLDOWN_S * 1000) {
    throw new AppError('CODE_COOLDOWN', { field, retry_after_s: Math.ceil((CODE_RESEND_COOLDOWN_S * 1000 - ageMs) / 1000) });
  }
  await throttleTake(deps.db, bucket.ipCodeSends(caller.ip), deps.limits.ipCodeSendsPerHour, now, 'TOO_MANY_ATTEMPTS', 'ip');
  await throttleTake(deps.db, bucket.targetCodeSends(where.appKey, where.target), CODE_SENDS_PER_TARGET_PER_HOUR, now, 'CODE_COOLDOWN', field);
}

/**
 * Which mail answers a code request. Register and bind codes go only to addresses without an account, login
 * and reset codes only to addresses with one; the others get a notice instead. The API answers the same in
 * every case, so it never tells who has an account.
 */
export function codeMailKindOf(purpose: CodePurpose, accountExists: boolean): CodeMailKind {
  if (purpose === 'register' || purpose === 'bind') return accountExists ? 'account_exists' : 'code';
  return accountExists ? 'code' : 'no_account';
}

export async function emailCodeSend(deps: AccountDeps, caller: Caller, email: string, purpose: CodePurpose, appKey = caller.variant.appKey) {
  const where: CodeTarget = { appKey, channel: 'email', target: email, purpose };
  await codeSendAllow(deps, caller, where, 'email');
  const kind = codeMailKindOf(purpose, (await profileByEmail(deps.db, appKey, email)) !== undefined);
  // A row is stored in every case so the cooldown and the answers look the same; a notice's code is never sent. The
  // mail is an outbox row of the same transaction: a process that dies before sending it leaves it to the outbox job.
  const now = deps.now();
  const message = (code: string) => codeMailCompose({ kind, variant: caller.variant, locale: caller.locale, to: email, code, ttlMinutes: CODE_TTL_S / 60 });
  const { id, row, mail } = await transaction(deps.db, async (tx) => {
    const created = await codeCreate(tx, where, now, purpose === 'bind' ? caller.user?.uid : undefined);
    const mail = message(created.code);
    const payload: CodeMailPayload = { message: mail, expires_at: new Date(now.getTime() + CODE_TTL_S * 1000).toISOString() };
    const row = await outboxWrite(tx, deps.outbox, { kind: 'mail', key: `code:${created.id}`, payload: { ...payload }, now });
    return { id: created.id, row, mail };
  });
  try {
    await outboxSendHeld(deps.outbox, row, () => deps.mail.send(mail));
  } catch (error) {
    // Undelivered: forget the code so the player can ask again at once.
    await codeDelete(deps.db, id);
    throw error;
  }
  return { expire_s: CODE_TTL_S, resend_s: CODE_RESEND_COOLDOWN_S };
}

/** An outbox `mail` row: the composed mail and when its code stops working. */
export interface CodeMailPayload {
  message: MailMessage;
  expires_at: string;
}

/** An outbox `sms` row: the text and when its code stops working. */
export interface CodeSmsPayload {
  message: { appKey: string; to: string; text: string };
  expires_at: string;
}

/** A code sent after its code expired would only confuse: such a row ends `failed` instead. */
function codeStillValid(expiresAt: unknown, now: Date): void {
  if (typeof expiresAt !== 'string' || new Date(expiresAt).getTime() <= now.getTime()) throw new OutboxRefused('the code expired before it could be sent');
}

/** Delivers the `mail` and `sms` rows a dead process left (the outbox job's handlers). */
export function codeOutboxHandlers(deps: Pick<AccountDeps, 'mail' | 'sms' | 'now'>): Record<'mail' | 'sms', OutboxHandler> {
  return {
    mail: async (payload) => {
      const { message, expires_at } = payload as unknown as CodeMailPayload;
      codeStillValid(expires_at, deps.now());
      await deps.mail.send(message);
    },
    sms: async (payload) => {
      const { message, expires_at } = payload as unknown as CodeSmsPayload;
      codeStillValid(expires_at, deps.now());
      await deps.sms.send(message);
    },
  };
}

export interface CodeCheckInput {
  where: CodeTarget;
  code: string;
  field: string;
  /** A bind code works only for the user who asked for it. */
  userId?: number;
  /** More limits a wrong code counts against beside the client IP's, e.g. the account's failed sign-ins. */
  failureLimits?: readonly AttemptLimit[];
}

/**
 * Checks a code without using it up. Wrong code: EMAIL_CODE_INVALID (100011). No code, expired, used, burnt
 * by too many guesses, or asked for another purpose or address: EMAIL_CODE_INVALID_NEW (100010).
 *
 * Every guess takes its slots first — the client IP's, the extra limits' and one of the code's own five — and only
 * then is compared, so parallel guesses cannot compare more than any of those budgets allow; a right code gives its
 * slots back. A code whose five wrong guesses are spent stays burnt even when the right code comes next.
 */
export async function codeVerify(deps: AccountDeps, caller: Caller, input: CodeCheckInput): Promise<CodeRow> {
  const now = deps.now();
  const failureLimits = input.failureLimits ?? [];
  const attempt = await attemptReserve(deps.db, [ipFailureLimit(deps.limits, caller.ip), ...failureLimits], now);
  const { where } = input;
  const row = await codeLatest(deps.db, where.appKey, where.channel, where.target, where.purpose);
  const usable =
    row !== undefined &&
    row.consumedAt === null &&
    row.expiresAt.getTime() > now.getTime() &&
    (where.purpose !== 'bind' || row.userId === input.userId) &&
    (await codeAttemptReserve(deps.db, row.id, CODE_ATTEMPTS_MAX));
  if (!row || !usable) {
    // No live code was guessed at: only the address pays for asking, not the account's lockout.
    await attemptRelease(
      deps.db,
      attempt,
      failureLimits.map((limit) => limit.bucket),
    );
    await attemptFailed(deps.db, attempt);
    throw new AppError('EMAIL_CODE_INVALID_NEW', { field: input.field });
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  if (!timingSafeEqual(codeHashOf(row.salt, where, input.code), expected)) {
    await attemptFailed(deps.db, attempt);
    throw new AppError('EMAIL_CODE_INVALID', { field: input.field });
  }
  await codeAttemptRelease(deps.db, row.id);
  await attemptRelease(deps.db, attempt);
  return row;
}

/** Uses a verified code up inside the caller's transaction; a concurrent twin that got there first makes this one fail. */
export async function codeUse(db: DbOrTx, row: CodeRow, now: Date, field: string): Promise<void> {
  if (!(await codeConsume(db, row.id, now))) throw new AppError('EMAIL_CODE_INVALID_NEW', { field });
}
