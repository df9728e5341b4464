import type { EndpointBody, EndpointData, kycState, kycSubmit } from '@piranha/contract';
import {
  isoDateValid,
  kycAgeOn,
  kycDocumentCheck,
  kycDocumentTypeOf,
  kycFileCheck,
  kycRequiredFor,
  type KycFileKind,
  type KycRejectReason,
} from '@piranha/domain';
import { and, eq, sql } from 'drizzle-orm';
import * as z from 'zod';
import { AppError } from '../../app-error.ts';
import { rowsOf, type Db, type DbOrTx } from '../../db/client.ts';
import { kycChecks, kycWebhookEvents } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import type { SessionUser } from '../../plugins/request-context.ts';
import type { SandboxIdp } from '../../providers/kyc/sandbox-idp.ts';
import { webhookVerify } from '../../providers/payments/webhook-signature.ts';
import { payinPayersOtherThan } from '../payments/payin-payer.ts';
import { userMoneyLock } from '../payments/payments.repository.ts';
import { auditInsert } from './safer-play.repository.ts';
import { jurisdictionOfKey } from './safer-play.service.ts';

/**
 * Identity checks (issue 20, decision 037): the player sends the document and a selfie once, the identity provider
 * decides on its own page and notifies us (signed, each event applied once), and we compute the age from the birth date
 * it read against the brand's minimum age; a Brazilian CPF must also be the one on the player's PIX account. Payouts
 * (and play, where the profile says) ask for a verified check.
 */
export interface KycDeps {
  db: Db;
  now: () => Date;
  idp: SandboxIdp;
  secret: string;
}

type KycRow = typeof kycChecks.$inferSelect;
type KycView = EndpointData<typeof kycState>;

const unix = (at: Date) => Math.floor(at.getTime() / 1000);

async function appKeyOfUid(db: DbOrTx, userId: number): Promise<string> {
  const [row] = await rowsOf<{ app_key: string }>(db, sql`select app_key from users where id = ${userId}`);
  return row?.app_key ?? '';
}

export async function kycOf(db: DbOrTx, userId: number, lock = false): Promise<KycRow | undefined> {
  const query = db.select().from(kycChecks).where(eq(kycChecks.userId, userId));
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

function mask(document: string): string {
  return document.length <= 4 ? document : `${'•'.repeat(document.length - 4)}${document.slice(-4)}`;
}

function viewOf(row: KycRow | undefined, appKey: string): KycView {
  const profile = jurisdictionOfKey(appKey);
  return {
    state: (row?.state ?? 'unverified') as KycView['state'],
    reason: row?.reason ?? '',
    required_before: profile.kycBefore,
    document_type: kycDocumentTypeOf(profile),
    document_masked: row ? mask(row.documentNumber) : '',
    minimum_age: profile.minimumAge,
    provider_url: row?.state === 'pending' ? `/sandbox/kyc/${row.providerRef}` : '',
    update_time: row ? unix(row.updatedAt) : 0,
  };
}

function audit(row: KycRow | undefined) {
  return row ? { state: row.state, reason: row.reason ?? undefined, document_type: row.documentType, provider_ref: row.providerRef } : { state: 'unverified' };
}

export async function kycStateGet(deps: Pick<KycDeps, 'db'>, user: SessionUser): Promise<KycView> {
  const appKey = user.appKey ?? (await appKeyOfUid(deps.db, user.uid));
  return viewOf(await kycOf(deps.db, user.uid), appKey);
}

function fileOf(kind: KycFileKind, base64: string) {
  const bytes = Buffer.from(base64, 'base64');
  const check = kycFileCheck(kind, bytes);
  if (!check.ok) throw new AppError('KYC_FILE_INVALID', { field: `${kind}_file`, issue: check.issue });
  return { type: check.type, bytes };
}

/** Sends the player's document and selfie to the identity provider: unverified or rejected → pending. */
export async function kycSubmitPost(deps: KycDeps, user: SessionUser, body: EndpointBody<typeof kycSubmit>): Promise<KycView> {
  const appKey = user.appKey ?? (await appKeyOfUid(deps.db, user.uid));
  const profile = jurisdictionOfKey(appKey);
  const documentType = kycDocumentTypeOf(profile);
  const document = kycDocumentCheck(documentType, body.document_number);
  if (!document.ok) throw new AppError('KYC_DOCUMENT_INVALID', { field: 'document_number', issue: document.issue });
  const now = deps.now();
  if (!isoDateValid(body.birth_date) || kycAgeOn(body.birth_date, now, profile.timeZone) < 0)
    throw new AppError('KYC_DOCUMENT_INVALID', { field: 'birth_date', issue: 'format' });
  const files = { document: fileOf('document', body.document_file), selfie: fileOf('selfie', body.selfie_file) };
  return transaction(deps.db, async (tx) => {
    await userMoneyLock(tx, 'kyc', user.uid);
    const before = await kycOf(tx, user.uid, true);
    if (before && before.state !== 'rejected') throw new AppError('KYC_IN_PROGRESS', { field: 'kyc', issue: before.state });
    const attempt = deps.idp.start({ documentType, documentNumber: document.value, birthDate: body.birth_date, ...files });
    const after: KycRow = {
      userId: user.uid,
      state: 'pending',
      reason: null,
      documentType,
      documentNumber: document.value,
      birthDate: body.birth_date,
      providerRef: attempt.ref,
      updatedAt: now,
    };
    await tx
      .insert(kycChecks)
      .values(after)
      .onConflictDoUpdate({ target: kycChecks.userId, set: { ...after, userId: undefined } });
    await auditInsert(tx, { userId: user.uid, actor: 'player', action: 'kyc', before: audit(before), after: audit(after), at: now });
    return viewOf(after, appKey);
  });
}

const noticeSchema = z.object({
  event_id: z.string().min(8).max(64),
  provider_ref: z.string().min(1).max(64),
  decision: z.enum(['approved', 'declined']),
  document_number: z.string().max(32),
  birth_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});

export interface KycWebhookAnswer {
  status: number;
  body: { received: boolean; outcome: string };
}

/** The CPFs of the player's saved PIX accounts that are not `cpf` (a PIX account must be the player's own). */
async function pixDocumentsOtherThan(db: DbOrTx, userId: number, cpf: string): Promise<string[]> {
  const rows = await rowsOf<{ document: string | null }>(
    db,
    sql`select elements->>'document' as document from payment_accounts where user_id = ${userId} and channel = 'PIX'`,
  );
  // The payers of credited PIX pay-ins are the player's bank accounts too (decision 050).
  return [...rows.map((row) => row.document ?? '').filter((document) => document !== cpf), ...(await payinPayersOtherThan(db, userId, cpf))];
}

/**
 * The provider's decision. Signed (a stale or forged notice is refused 401), applied once per event id (a replay answers
 * 200 `duplicate`), and only to the attempt in progress (another answers 200 `closed`). An approval becomes `verified`
 * unless the birth date read makes the player younger than the brand's minimum age (`underage`) or, on a CPF market,
 * the document is not the CPF of the player's PIX account (`cpf_mismatch`).
 */
export async function kycWebhookReceive(deps: KycDeps, rawBody: string, signature: string | undefined): Promise<KycWebhookAnswer> {
  const now = deps.now();
  const check = webhookVerify(deps.secret, signature, rawBody, now);
  if (!check.ok) return { status: 401, body: { received: false, outcome: `forged_${check.issue}` } };
  let parsed: z.infer<typeof noticeSchema>;
  try {
    parsed = noticeSchema.parse(JSON.parse(rawBody));
  } catch {
    return { status: 400, body: { received: false, outcome: 'malformed' } };
  }
  const outcome = await transaction(deps.db, async (tx) => {
    const [fresh] = await tx
      .insert(kycWebhookEvents)
      .values({ eventId: parsed.event_id, providerRef: parsed.provider_ref, outcome: 'received', at: now })
      .onConflictDoNothing()
      .returning({ eventId: kycWebhookEvents.eventId });
    if (!fresh) return 'duplicate';
    const [target] = await tx.select({ userId: kycChecks.userId }).from(kycChecks).where(eq(kycChecks.providerRef, parsed.provider_ref));
    const before = target ? await kycOf(tx, target.userId, true) : undefined;
    let result: string;
    if (!before || before.providerRef !== parsed.provider_ref || before.state !== 'pending') result = 'closed';
    else {
      const profile = jurisdictionOfKey(await appKeyOfUid(tx, before.userId));
      let reason: KycRejectReason | null = null;
      if (parsed.decision === 'declined') reason = 'declined';
      else if (!isoDateValid(parsed.birth_date) || kycAgeOn(parsed.birth_date, now, profile.timeZone) < profile.minimumAge) reason = 'underage';
      else if (
        before.documentType === 'CPF' &&
        (parsed.document_number !== before.documentNumber || (await pixDocumentsOtherThan(tx, before.userId, before.documentNumber)).length > 0)
      )
        reason = 'cpf_mismatch';
      const after: KycRow = { ...before, state: reason ? 'rejected' : 'verified', reason, birthDate: parsed.birth_date, updatedAt: now };
      await tx
        .update(kycChecks)
        .set({ state: after.state, reason: after.reason, birthDate: after.birthDate, updatedAt: now })
        .where(and(eq(kycChecks.userId, before.userId), eq(kycChecks.providerRef, parsed.provider_ref)));
      await auditInsert(tx, { userId: before.userId, actor: 'provider', action: 'kyc', before: audit(before), after: audit(after), at: now });
      result = after.state;
    }
    await tx.update(kycWebhookEvents).set({ outcome: result }).where(eq(kycWebhookEvents.eventId, parsed.event_id));
    return result;
  });
  return { status: 200, body: { received: true, outcome } };
}

/**
 * Refuses (KYC_REQUIRED, `issue` the state) when the brand's law asks a verified identity before `action` and the
 * player has none.
 */
export async function kycRequire(db: DbOrTx, userId: number, appKey: string, action: 'withdrawal' | 'play'): Promise<KycRow | undefined> {
  if (!kycRequiredFor(jurisdictionOfKey(appKey), action)) return undefined;
  const row = await kycOf(db, userId);
  if (row?.state !== 'verified') throw new AppError('KYC_REQUIRED', { field: 'kyc', issue: `${action}_${row?.state ?? 'unverified'}` });
  return row;
}

/**
 * On a CPF market, a PIX account the money goes to must carry the verified CPF (Portaria 615: own-account only).
 * `kyc` is the player's check when verified (undefined: nothing to compare yet).
 */
export function kycPixAccountCheck(kyc: KycRow | undefined, channel: string, elements: Record<string, string>): void {
  if (!kyc || kyc.state !== 'verified' || kyc.documentType !== 'CPF' || channel !== 'PIX') return;
  if ((elements.document ?? '') !== kyc.documentNumber) throw new AppError('KYC_CPF_MISMATCH', { field: 'document', issue: 'not_own' });
}
