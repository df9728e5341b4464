import { and, eq, sql, type SQL } from 'drizzle-orm';
import { AppError } from '../../app-error.ts';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { transferCtes, walletMoveCte, type TransferRows } from '../ledger/ledger.service.ts';
import { casinoWalletTxns, wallets } from '../../db/schema/index.ts';

export type WalletTxn = typeof casinoWalletTxns.$inferSelect;
export type WalletTxnInsert = typeof casinoWalletTxns.$inferInsert;

/** The token's launching session is live at `at`: not ended, not expired (a token without one never bets). */
function tokenSessionLiveSql(tokenHash: string, at: Date): SQL {
  return sql`select 1 from casino_sessions c join sessions s on s.id = c.session_id
    where c.token_hash = ${tokenHash} and s.revoked_at is null and s.expires_at > ${at.toISOString()}::timestamptz`;
}

/**
 * Inserts the transaction and, when it is new and `transfer` is given, moves its money (prepared by the ledger) in the
 * same statement: one round trip. `id` is undefined when (partner, transaction_uuid) was already taken — nothing moved.
 * `transferred` is false when the transfer's (kind, ref) already existed; `balanceMinor` is the player's balance
 * after a move, undefined when the debit was not covered (the caller raises INSUFFICIENT_FUNDS and rolls back).
 * With `sessionOf` (a bet), nothing is written unless the token's launching session is still live at that moment
 * (`sessionLive` false): a logout committed before this statement stops the debit, with no read-then-write window.
 */
export async function walletTxnInsert(
  tx: DbOrTx,
  row: WalletTxnInsert,
  transfer?: TransferRows & { externalRef: string },
  sessionOf?: { tokenHash: string; at: Date },
): Promise<{ id: number | undefined; transferred: boolean; balanceMinor: number | undefined; sessionLive: boolean }> {
  const live = sessionOf ? sql`live as (${tokenSessionLiveSql(sessionOf.tokenHash, sessionOf.at)}), ` : sql``;
  const insert = sql`${live}w0 as (
      insert into casino_wallet_txns (partner, transaction_uuid, kind, user_id, currency, amount, round, game_code, reference_uuid, request_hash,
        state, is_free)
      select ${row.partner}, ${row.transactionUuid}, ${row.kind}, ${row.userId ?? null}::bigint, ${row.currency ?? null}::text,
        ${row.amount ?? null}::bigint, ${row.round ?? null}::text, ${row.gameCode ?? null}::text, ${row.referenceUuid ?? null}::text,
        ${row.requestHash ?? null}::text, ${row.state}, ${row.isFree ?? false}::boolean
      ${sessionOf ? sql`where exists (select 1 from live)` : sql``}
      on conflict do nothing returning id
    )`;
  const liveColumn = sessionOf ? sql`exists (select 1 from live)` : sql`true`;
  const [written] = await rowsOf<{ id: string | number | null; transfer_id: string | number | null; balance_minor: string | number | null; live: boolean }>(
    tx,
    transfer
      ? sql`with ${insert}, ${transferCtes(transfer, sql`${transfer.externalRef}::text`, sql`w0`)}
          select (select id from w0) as id, (select id from lt) as transfer_id, ${transfer.wallet ? sql`(select balance_minor from lw)` : sql`null::bigint`} as balance_minor,
            ${liveColumn} as live`
      : sql`with ${insert} select (select id from w0) as id, null::bigint as transfer_id, null::bigint as balance_minor, ${liveColumn} as live`,
    `${transfer ? `casino_txn_move_${transfer.lines.length}_${transfer.wallet ? 'wallet' : 'house'}` : 'casino_txn_insert'}${sessionOf ? '_live' : ''}`,
  );
  return {
    id: written?.id == null ? undefined : Number(written.id),
    transferred: written?.transfer_id != null,
    balanceMinor: written?.balance_minor == null ? undefined : Number(written.balance_minor),
    sessionLive: written?.live === true,
  };
}

/** Stores the answers of calls written in this transaction, in one statement. */
export async function walletTxnResponses(tx: DbOrTx, answers: readonly { id: number; response: unknown }[]): Promise<void> {
  if (answers.length === 0) return;
  const values = sql.join(
    answers.map((entry) => sql`(${entry.id}::bigint, ${JSON.stringify(entry.response)}::jsonb)`),
    sql`, `,
  );
  await rowsOf(tx, sql`update casino_wallet_txns t set response = v.response from (values ${values}) as v(id, response) where t.id = v.id`);
}

export async function walletTxnFind(tx: DbOrTx, partner: string, transactionUuid: string, forUpdate = false): Promise<WalletTxn | undefined> {
  const query = tx
    .select()
    .from(casinoWalletTxns)
    .where(and(eq(casinoWalletTxns.partner, partner), eq(casinoWalletTxns.transactionUuid, transactionUuid)));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function walletTxnSettle(tx: DbOrTx, id: number, fields: Partial<Pick<WalletTxn, 'state' | 'response'>>): Promise<void> {
  await tx.update(casinoWalletTxns).set(fields).where(eq(casinoWalletTxns.id, id));
}

/**
 * Settles the other bets of a round that are still open, once a win closes it (a blackjack round's doubles, splits and
 * insurance are bets of their own): none of them can be rolled back after the round was paid. Bets of one round come
 * after its first, so the user's bet index is read from that bet on only.
 */
export async function walletRoundBetsSettle(tx: DbOrTx, first: Pick<WalletTxn, 'id' | 'partner' | 'userId' | 'round'>): Promise<void> {
  await rowsOf(
    tx,
    sql`update casino_wallet_txns set state = 'settled'
      where user_id = ${first.userId} and kind = 'bet' and id > ${first.id} and partner = ${first.partner} and round = ${first.round} and state = 'open'`,
  );
}

/** The paid stakes of a round: its first bet and every later bet of the same round that was taken and not rolled back. */
export async function walletRoundStakeOf(tx: DbOrTx, first: Pick<WalletTxn, 'id' | 'partner' | 'userId' | 'round'>): Promise<number> {
  const [row] = await rowsOf<{ stake: number }>(
    tx,
    sql`select coalesce(sum(amount), 0)::float8 as stake from casino_wallet_txns
      where user_id = ${first.userId} and kind = 'bet' and id >= ${first.id} and partner = ${first.partner} and round = ${first.round}
        and request_hash is not null and state <> 'rolled_back' and not is_free`,
  );
  return row?.stake ?? 0;
}

export async function walletBalanceOf(tx: DbOrTx, userId: number, currency: string): Promise<number> {
  const [row] = await tx
    .select({ balance: wallets.balanceMinor })
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.currency, currency)));
  return row?.balance ?? 0;
}

/** A statement of `walletTxnMoveAnswered` found its transaction id taken meanwhile: nothing was written; run it again. */
export class WalletTxnRaced extends Error {
  constructor() {
    super('casino wallet transaction raced');
  }
}

/** A bet's statement was refused by the safer-play guard (a block in force, a limit the stake passes): nothing was written. */
export class WalletStakeRefused extends Error {
  constructor() {
    super('casino stake refused by safer play');
  }
}

const ABORT_RACED = 'piranha_abort:WALLET_TXN_RACED';
const ABORT_SAFER = 'piranha_abort:SAFER_PLAY';
const ABORT_FUNDS = 'piranha_abort:INSUFFICIENT_FUNDS';

/** The columns of a wallet call's row, then its stored answer, as the SELECT list of its insert. */
function walletTxnValues(row: WalletTxnInsert, response: SQL): SQL {
  return sql`${row.partner}, ${row.transactionUuid}, ${row.kind}, ${row.userId ?? null}::bigint, ${row.currency ?? null}::text,
        ${row.amount ?? null}::bigint, ${row.round ?? null}::text, ${row.gameCode ?? null}::text, ${row.referenceUuid ?? null}::text,
        ${row.requestHash ?? null}::text, ${row.state}, ${row.isFree ?? false}::boolean, ${response}`;
}

/**
 * A new call that moves one player wallet, as ONE statement (decision 074): the transaction row, its ledger transfer,
 * the stored answer (RS_OK with the balance after the move) and, for a stake, the safer-play guard (`saferStakeGuard`,
 * whose claim test must be `exists (select 1 from c)`) or, for a win, the loss-limit return (`saferReturnCte`, the
 * same claim test). It never catches its own failure, so it may run in a batch without a savepoint.
 *
 * With `win` (decision 086), a bet and the win that closes its round go in the same statement: two rows (the win's
 * after the bet's), two transfers with their own lines, ONE move of the wallet by their sum that the stake alone must
 * be covered for, and two answers (the bet's balance is the one before the win). The safer guard is then built with
 * the win as its return.
 *
 * The claim is `c`: the token's session is live (with `sessionOf`) and no row holds (partner, transaction_uuid) — nor
 * the win's — in the statement's snapshot. The answer is written by the insert itself, from the wallet move's
 * RETURNING, because a sibling CTE cannot update a row this statement inserts. Outcomes:
 * - `sessionLive` false: nothing written (the caller answers RS_ERROR_TOKEN_EXPIRED);
 * - `id` undefined: an id is taken (a replay, a tombstone, another kind): nothing written, the caller reads it;
 * - throws `WalletTxnRaced` when an id was taken by a call committing while this one ran (its insert or transfer
 *   found the other's row): the statement is aborted, nothing written; run again, it is a replay;
 * - throws `WalletStakeRefused` when the guard refuses, before INSUFFICIENT_FUNDS (an AppError) when the debit is not
 *   covered: the order of the two-statement bet it replaces (the guard ran after the debit, the funds were checked last).
 */
export async function walletTxnMoveAnswered(
  db: DbOrTx,
  row: WalletTxnInsert,
  transfer: TransferRows & { externalRef: string },
  answer: { user: string; requestUuid: string; currency: string; knownBalance?: number },
  options: {
    sessionOf?: { tokenHash: string; at: Date };
    safer?: { ctes: SQL; refused: SQL };
    /** `saferReturnCte` with the claim `exists (select 1 from c)`. */
    lossReturn?: SQL;
    win?: { row: WalletTxnInsert; transfer: TransferRows & { externalRef: string } };
  } = {},
): Promise<{ id: number | undefined; sessionLive: boolean; balanceMinor: number | undefined }> {
  const { sessionOf, safer, lossReturn, win } = options;
  const wallet = transfer.wallet;
  const winWallet = win?.transfer.wallet;
  if (!wallet || (win && winWallet?.accountId !== wallet.accountId)) throw new Error('walletTxnMoveAnswered moves one player wallet');
  const live = sessionOf ? sql`live as (${tokenSessionLiveSql(sessionOf.tokenHash, sessionOf.at)}), ` : sql``;
  const liveColumn = sessionOf ? sql`exists (select 1 from live)` : sql`true`;
  const claimed = sql`exists (select 1 from c)`;
  const responseOf = (balance: SQL) =>
    sql`jsonb_build_object('user', ${answer.user}::text, 'status', 'RS_OK', 'request_uuid', ${answer.requestUuid}::text,
          'currency', ${answer.currency}::text, 'balance', ${balance})`;
  const columns = sql`partner, transaction_uuid, kind, user_id, currency, amount, round, game_code, reference_uuid, request_hash, state, is_free, response`;
  // One transfer moves the wallet in its own CTEs; a bet and its win write theirs without it (the win's after the
  // bet's) and move it once, by their sum, covered for the stake.
  const money = win
    ? sql`${transferCtes({ ...transfer, wallet: undefined }, sql`${transfer.externalRef}::text`, sql`c`)},
    ${transferCtes({ ...win.transfer, wallet: undefined }, sql`${win.transfer.externalRef}::text`, sql`lt`, '_win')},
    ${walletMoveCte(wallet.accountId, wallet.amountMinor + winWallet!.amountMinor, -wallet.amountMinor, sql`exists (select 1 from lt_win)`)}`
    : transferCtes(transfer, sql`${transfer.externalRef}::text`, sql`c`);
  const rows = win
    ? sql`w0 as (
      insert into casino_wallet_txns (${columns})
      select ${walletTxnValues(row, responseOf(sql`(select balance_minor from lw) - ${winWallet!.amountMinor}::bigint`))} from c
      on conflict do nothing returning id
    ), w1 as (
      insert into casino_wallet_txns (${columns})
      select ${walletTxnValues(win.row, responseOf(sql`(select balance_minor from lw)`))} from w0
      on conflict do nothing returning id
    )`
    : sql`w0 as (
      insert into casino_wallet_txns (${columns})
      select ${walletTxnValues(row, responseOf(sql`coalesce((select balance_minor from lw), ${answer.knownBalance ?? null}::bigint)`))} from c
      on conflict do nothing returning id
    )`;
  // One equality per id: `transaction_uuid in (a, b)` was planned generically as a filter over every row of the partner.
  const taken = (uuid: string) => sql`select 1 from casino_wallet_txns where partner = ${row.partner} and transaction_uuid = ${uuid}`;
  const written = sql`exists (select 1 from w0) and exists (select 1 from lt)${win ? sql` and exists (select 1 from w1) and exists (select 1 from lt_win)` : sql``}`;
  const statement = sql`with ${live}ex as (
      ${taken(row.transactionUuid)}${win ? sql` union all ${taken(win.row.transactionUuid)}` : sql``}
    ),
    c as (select 1 where ${liveColumn} and not exists (select 1 from ex)),
    ${money},
    ${rows}${safer ? sql`, ${safer.ctes}` : sql``}${lossReturn ? sql`, ${lossReturn}` : sql``}
    select (select id from ${win ? sql`w1` : sql`w0`}) as id, ${liveColumn} as live, (select balance_minor from lw) as balance_minor,
      case when ${claimed} and not (${written}) then piranha_abort('WALLET_TXN_RACED')
        ${safer ? sql`when ${claimed} and ${safer.refused} then piranha_abort('SAFER_PLAY')` : sql``}
        when ${claimed} and not exists (select 1 from lw) then piranha_abort('INSUFFICIENT_FUNDS') end as aborted`;
  const name = win
    ? `casino_bet_win_answered_${transfer.lines.length}_${win.transfer.lines.length}${sessionOf ? '_live' : ''}${safer ? '_safer' : ''}`
    : `casino_txn_answered_${transfer.lines.length}${sessionOf ? '_live' : ''}${safer ? '_safer' : ''}${lossReturn ? '_return' : ''}`;
  let result: { id: string | number | null; live: boolean; balance_minor: string | number | null } | undefined;
  try {
    [result] = await rowsOf<{ id: string | number | null; live: boolean; balance_minor: string | number | null }>(db, statement, name);
  } catch (error) {
    if (error instanceof Error && error.message.includes(ABORT_RACED)) throw new WalletTxnRaced();
    if (error instanceof Error && error.message.includes(ABORT_SAFER)) throw new WalletStakeRefused();
    if (error instanceof Error && error.message.includes(ABORT_FUNDS)) throw new AppError('INSUFFICIENT_FUNDS');
    throw error;
  }
  return {
    id: result?.id == null ? undefined : Number(result.id),
    sessionLive: result?.live === true,
    balanceMinor: result?.balance_minor == null ? undefined : Number(result.balance_minor),
  };
}
