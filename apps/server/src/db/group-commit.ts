import { sql } from 'drizzle-orm';
import { pipelinedTransaction, pipelineEnter, rowsOf, transactionFailed, type Db, type DbOrTx, type Tx } from './client.ts';
import { isTransaction, transaction, transactionScopeEnter } from './transaction.ts';

/**
 * Group commit (docs/decisions/074-group-commit.md): money writes that arrive together commit together, so they
 * wait for one WAL flush instead of one each. Per database, at most one batch is in flight: the first request
 * finds none and starts one at once (no added latency when the server is quiet); those arriving meanwhile queue and
 * form the next batch, up to `maxBatch`. A batch is one transaction on one connection; each member runs in its own
 * savepoint, one after the other, and is answered only once the shared COMMIT succeeded.
 */

const MAX_BATCH = 32;
/**
 * Times a member is run again after a deadlock or serialization failure inside its savepoint (each time in a later
 * batch, its own savepoint rolled back, so it saw nothing of its failed try) before the error is its answer.
 */
const RETRIES = 3;
const RETRYABLE = new Set(['40P01', '40001']);
/** The savepoint each member of a shared batch runs after, and its release. */
const SAVEPOINT = 'savepoint group_member';
const RELEASE = 'release savepoint group_member';
/**
 * Batches a lane runs with savepoints after a savepoint-free batch fell back (a member refused): refusals come in
 * bursts (a player out of funds retrying, a limit reached), and each fallback costs the savepoint-free attempt too.
 */
const SAVEPOINT_BATCHES_AFTER_FALLBACK = 4;

/**
 * One request's work: a transaction's (`groupTransaction`), given the batch's transaction or, alone, one of its own;
 * or one statement's (`groupStatement`), which alone in its batch runs on the database in autocommit, as it would
 * without batching.
 */
type MemberWork =
  | { statement: false; work: (tx: Tx) => Promise<unknown> }
  | {
      statement: true;
      work: (db: DbOrTx) => Promise<unknown>;
      /** One statement whose failure `work` never catches (GroupStatementOptions.savepointFree). */
      savepointFree?: boolean;
    };

type Member = MemberWork & {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
  tries: number;
};

type Outcome = { member: Member } & ({ kind: 'done'; value: unknown; afterCommit: (() => void)[] } | { kind: 'refused'; error: unknown } | { kind: 'retry' });

/** What a database's batchers did since it was opened, every lane summed (/metrics, decision 074). */
export interface GroupCommitStats {
  /** Batches run so far: shared ones and members run alone, committed or not. */
  batches: number;
  /** Members those batches ran, retries included (divided by `batches`: the mean batch size). */
  members: number;
  /** Batches that committed: a shared transaction's COMMIT that succeeded, or a member alone whose work succeeded. */
  committed: number;
  /** Members refused inside a shared batch: their work threw and only their savepoint was rolled back. */
  refused: number;
  /** Members run again in a later batch after a deadlock or serialization failure inside their savepoint. */
  retried: number;
  /** Shared batches whose COMMIT failed or whose connection broke: nothing written, every member given the error. */
  failed: number;
  /**
   * Savepoint-free batches (every member one statement that never catches its own failure) in which a member's
   * statement failed: the transaction was rolled back, nobody answered, and the batch ran again with savepoints.
   */
  fallbacks: number;
  /**
   * Savepoint-free batches sent to PostgreSQL as one pipeline: BEGIN, the statements and COMMIT in one write, one wait
   * (`pipelinedTransaction`). Zero on PGlite, which has no pipeline.
   */
  pipelined: number;
}

/** How a member of a shared batch given a statement handle (`groupStatement`) may run. */
export interface GroupStatementOptions {
  /**
   * `work` is ONE statement, sent before its first `await`; it never catches its own failure (it may map the error and
   * throw another) and decides nothing after it: it throws only when its statement failed. In a batch whose members are
   * all like this, they run with no savepoint: on PostgreSQL BEGIN, the N statements and COMMIT go out as one pipeline,
   * in one write (`pipelinedTransaction`), so COMMIT is sent before any answer comes back. Should a statement fail, the
   * transaction is rolled back, nobody is answered, and the batch runs again with savepoints, so a refusal is decided
   * again, as it would be in the savepoint batch (decision 074, revised a third and a fifth time).
   */
  savepointFree?: boolean;
}

export interface GroupCommitOptions {
  enabled: boolean;
  /** Members of one batch at most (default 32): a longer queue waits for the next one. */
  maxBatch?: number;
  /**
   * How long a request with no batch in flight may wait for others to join it (default 0: the batch starts at once,
   * and only requests arriving while one runs are grouped). A full batch starts at once whatever this says.
   */
  maxWaitMs?: number;
  /**
   * Independent batchers, each with at most one batch in flight (default 1). A request's key (its player) picks the
   * lane, so one player's writes always queue in one lane and two lanes' batches do not contend for a wallet: the
   * database keeps working on several batches at once instead of one (on PostgreSQL, where a flush is cheap next to
   * the work, a single lane measured slower than no batching). PGlite has one session: one lane.
   */
  lanes?: number;
  /**
   * PostgreSQL: a savepoint-free batch goes out as one pipeline — BEGIN, the statements and COMMIT in one write
   * (`pipelinedTransaction`); otherwise inside `db.transaction` (BEGIN and COMMIT each waited for). The app turns it
   * on unless GROUP_COMMIT_PIPELINE=off (decision 074, fifth revision).
   */
  pipeline?: boolean;
}

class GroupCommit {
  /**
   * Off until `groupCommitConfigure` turns it on (buildApp does, unless GROUP_COMMIT=off): batches belong to the
   * database the app opened and sized. Any other handle — a wrapper around that database, a script's own — runs each
   * request as it would unbatched, rather than silently adding lanes of its own beside the configured ones.
   */
  enabled = false;
  maxBatch = MAX_BATCH;
  maxWaitMs = 0;
  pipeline = false;

  private readonly queue: Member[] = [];
  private inFlight = false;
  /** Batches left to run with savepoints after a savepoint-free one fell back. */
  private savepointBatches = 0;
  private waiting: NodeJS.Timeout | undefined;

  /** `stats` is the database's, shared by its lanes and kept when they are configured again. */
  constructor(
    private readonly db: Db,
    private readonly stats: GroupCommitStats,
  ) {}

  run<T>(member: MemberWork): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ ...member, resolve: resolve as (value: unknown) => void, reject, tries: 0 });
      this.next();
    });
  }

  /** Forgets a recent fallback: the next batch of savepoint-free members runs without savepoints again. */
  savepointBatchesReset(): void {
    this.savepointBatches = 0;
  }

  /** Starts the next batch unless one is running (whoever queued meanwhile rides in it), or waits for it to fill. */
  private next(): void {
    if (this.inFlight || this.queue.length === 0) return;
    // A member being retried has waited its turn once already: its batch starts at once.
    if (this.queue.length < this.maxBatch && this.maxWaitMs > 0 && this.queue[0]!.tries === 0) {
      this.waiting ??= setTimeout(() => this.start(), this.maxWaitMs);
      return;
    }
    this.start();
  }

  private start(): void {
    clearTimeout(this.waiting);
    this.waiting = undefined;
    if (this.inFlight || this.queue.length === 0) return;
    this.inFlight = true;
    const batch = this.queue.splice(0, this.maxBatch);
    void this.batchRun(batch).finally(() => {
      this.inFlight = false;
      this.next();
    });
  }

  private async batchRun(batch: readonly Member[]): Promise<void> {
    this.stats.batches += 1;
    this.stats.members += batch.length;
    // Alone, a member has nobody to share a flush with: it runs exactly as it would without batching (its own
    // transaction, or a statement in autocommit), sparing the savepoint's round trips. Quiet servers pay nothing.
    if (batch.length === 1) {
      if (await aloneRun(this.db, batch[0]!)) this.stats.committed += 1;
      return;
    }
    if (this.savepointBatches > 0) this.savepointBatches -= 1;
    else if (batch.every((member) => member.statement && member.savepointFree === true)) {
      if (await this.savepointFreeRun(batch)) return;
      // A member's statement failed: nothing was written and nobody answered. Every member runs again, now each in its
      // savepoint, so the refusal is decided again (the others' writes before it, as in any batch) and is its own.
      this.stats.fallbacks += 1;
      this.savepointBatches = SAVEPOINT_BATCHES_AFTER_FALLBACK;
    }
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.transaction(async (tx) => {
        // One savepoint at a time, set before the first member and set again as each one's is released.
        await tx.execute(sql.raw(SAVEPOINT));
        const done: Outcome[] = [];
        for (const [index, member] of batch.entries()) done.push(await memberRun(this.db, tx, member, index === batch.length - 1));
        return done;
      });
    } catch (error) {
      // The COMMIT failed, or the batch's connection broke (a savepoint could not be rolled back): nothing of the
      // batch committed, so no member is acknowledged. Each gets the error; clients retry by their idempotency keys.
      this.stats.failed += 1;
      for (const member of batch) member.reject(error);
      return;
    }
    this.stats.committed += 1;
    const retries: Member[] = [];
    for (const outcome of outcomes) {
      if (outcome.kind === 'retry') retries.push(outcome.member);
      else if (outcome.kind === 'refused') outcome.member.reject(outcome.error);
      else memberAnswer(outcome.member, outcome.value, outcome.afterCommit);
    }
    this.stats.retried += retries.length;
    this.stats.refused += outcomes.filter((outcome) => outcome.kind === 'refused').length;
    // A member retried goes first in the next batch, ahead of later arrivals.
    this.queue.unshift(...retries);
  }

  /**
   * A batch of one-statement members that never catch their own failure, with no savepoint: BEGIN, the statements and
   * COMMIT — on PostgreSQL one pipeline in one write (each statement still parsed, run and answered on its own, in
   * order), on PGlite one after another. Every member is answered after the COMMIT, or every member the error when it
   * (or the connection) failed: true either way. False
   * when a member's statement failed: the transaction was rolled back and NOBODY was answered; the caller runs the
   * batch again with savepoints. On its own a member's failure is never its answer here: with no savepoint, the
   * statements after it failed too (the transaction aborted), and those before it were rolled back with it.
   */
  private async savepointFreeRun(batch: readonly Member[]): Promise<boolean> {
    const scopes = batch.map(() => ({ db: this.db, afterCommit: [] as (() => void)[] }));
    // Each member its own handle on the shared transaction (same connection), so its afterCommit hooks are its own
    // while they all run at once.
    const works = batch.map((member, index) => (tx: Tx) => {
      const handle = Object.create(tx) as Tx;
      transactionScopeEnter(handle, scopes[index]!);
      return (member.work as (db: DbOrTx) => Promise<unknown>)(handle);
    });
    let results: PromiseSettledResult<unknown>[];
    try {
      // On PostgreSQL: BEGIN, the statements and COMMIT as one pipeline, one write and one wait.
      const pipelined = this.pipeline ? await pipelinedTransaction(this.db, works) : undefined;
      if (pipelined) this.stats.pipelined += 1;
      if (pipelined?.kind === 'rolled back') throw new MemberFailed();
      results = pipelined ? pipelined.results : await this.db.transaction((tx) => this.statementsRun(tx, works));
    } catch (error) {
      if (error instanceof MemberFailed) return false;
      // The COMMIT failed, or the connection broke: nothing committed, nobody acknowledged, each member the error.
      this.stats.failed += 1;
      for (const member of batch) member.reject(error);
      return true;
    }
    this.stats.committed += 1;
    for (const [index, member] of batch.entries()) {
      const result = results[index]!;
      // Only a member breaking its promise (its statement in, then a throw of its own) is rejected after a COMMIT
      // (the pipeline sends COMMIT before the answers come): its write committed, and its error is its answer. The
      // money paths decide nothing after their statement, and store their idempotent answer in it, so a retry by
      // their key is answered with what committed.
      if (result.status === 'rejected') member.reject(result.reason);
      else memberAnswer(member, result.value, scopes[index]!.afterCommit);
    }
    return true;
  }

  /**
   * The statements of a savepoint-free batch inside `db.transaction` (PGlite, or a handle `pipelinedTransaction` does
   * not know): pipelined on a pg connection, one after another on PGlite. Throws MemberFailed, so the transaction is
   * rolled back, when one failed or left the transaction failed.
   */
  private async statementsRun(tx: Tx, works: readonly ((tx: Tx) => Promise<unknown>)[]): Promise<PromiseSettledResult<unknown>[]> {
    const results: PromiseSettledResult<unknown>[] = [];
    const pipelineLeave = pipelineEnter(tx);
    try {
      if (pipelineLeave) results.push(...(await Promise.allSettled(works.map((work) => work(tx)))));
      else
        for (const work of works) {
          // One after another (PGlite): after a failure the transaction is aborted, so the rest are not sent.
          try {
            results.push({ status: 'fulfilled', value: await work(tx) });
          } catch (error) {
            results.push({ status: 'rejected', reason: error });
            break;
          }
        }
    } finally {
      pipelineLeave?.();
    }
    if (results.some((result) => result.status === 'rejected')) throw new MemberFailed();
    // A member that broke its promise and swallowed its statement's failure would leave the transaction aborted,
    // and its COMMIT would answer ROLLBACK without an error: every member would be told it committed. Checked
    // (free on pg, which reports the state with each answer), and handled as a failure.
    if (await transactionFailed(tx)) throw new MemberFailed();
    return results;
  }
}

/** Thrown out of a savepoint-free batch's transaction when a member failed, so that it is rolled back. */
class MemberFailed extends Error {}

/** A member alone in its batch, run as it would be unbatched; true when its work succeeded (so committed). */
async function aloneRun(db: Db, member: Member): Promise<boolean> {
  try {
    member.resolve(await (member.statement ? member.work(db) : transaction(db, member.work)));
    return true;
  } catch (error) {
    member.reject(error);
    return false;
  }
}

/**
 * A committed member: its hooks run, then it is answered. A hook that throws is that member's error alone, as it is
 * the caller's of `transaction`; the others are still answered.
 */
function memberAnswer(member: Member, value: unknown, afterCommit: readonly (() => void)[]): void {
  try {
    for (const hook of afterCommit) hook();
  } catch (error) {
    member.reject(error);
    return;
  }
  member.resolve(value);
}

/**
 * One member inside the batch's transaction, in its own savepoint (set before it): a refusal rolls back its writes
 * alone. The savepoint is then ready for the next member — rolled back to, it stays; released, it is set again in
 * the same round trip (`release …; savepoint …`, the simple protocol's one message), so a member costs its own
 * work and one round trip more. After the `last` one it is only released.
 */
async function memberRun(db: Db, tx: Tx, member: Member, last: boolean): Promise<Outcome> {
  member.tries += 1;
  const afterCommit: (() => void)[] = [];
  // Members run one after another on the batch's handle: each sees its own afterCommit list while it runs.
  transactionScopeEnter(tx, { db, afterCommit });
  let value: unknown;
  try {
    value = await member.work(tx);
  } catch (error) {
    // Should this fail too, the error escapes and the whole batch fails: nothing is committed, nobody acknowledged.
    await savepointRollback(tx);
    const code = codeOf(error);
    if (code !== undefined && RETRYABLE.has(code) && member.tries <= RETRIES) return { member, kind: 'retry' };
    return { member, kind: 'refused', error };
  }
  try {
    // Both statements in one message: when the release fails, PostgreSQL skips the rest of it.
    await rowsOf(tx, sql.raw(last ? RELEASE : `${RELEASE}; ${SAVEPOINT}`));
  } catch (error) {
    if (codeOf(error) !== IN_FAILED_TRANSACTION) throw error;
    // The member caught a failed statement's error itself and answered (a statement that "wrote nothing", such as a
    // conditional insert aborted on purpose). Alone, that statement or its transaction would have written nothing and
    // the answer would stand: here its savepoint is rolled back, so the batch goes on, and the answer stands.
    await savepointRollback(tx);
  }
  return { member, kind: 'done', value, afterCommit };
}

const IN_FAILED_TRANSACTION = '25P02';

function savepointRollback(tx: Tx): Promise<unknown> {
  return tx.execute(sql.raw(`rollback to ${SAVEPOINT}`));
}

/** The SQLSTATE of a database error; Drizzle may wrap the driver's error, whose code is then on a cause. */
function codeOf(error: unknown): string | undefined {
  let at = error;
  for (let depth = 0; depth < 4 && typeof at === 'object' && at !== null; depth += 1) {
    const code = (at as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    at = (at as { cause?: unknown }).cause;
  }
  return undefined;
}

const batchers = new WeakMap<Db, { lanes: GroupCommit[]; stats: GroupCommitStats }>();

function batchersOf(db: Db): { lanes: GroupCommit[]; stats: GroupCommitStats } {
  let entry = batchers.get(db);
  if (!entry) {
    const stats = { batches: 0, members: 0, committed: 0, refused: 0, retried: 0, failed: 0, fallbacks: 0, pipelined: 0 };
    batchers.set(db, (entry = { lanes: [new GroupCommit(db, stats)], stats }));
  }
  return entry;
}

/** The lane of a request's key: a player id, or any text (hashed); no key is lane 0. */
function batcherOf(db: Db, key: number | string = 0): GroupCommit {
  const { lanes } = batchersOf(db);
  if (lanes.length === 1) return lanes[0]!;
  let index = 0;
  if (typeof key === 'number') index = Math.abs(Math.trunc(key)) % lanes.length;
  else for (let at = 0; at < key.length; at += 1) index = (index * 31 + key.charCodeAt(at)) % lanes.length;
  return lanes[index]!;
}

/**
 * Turns group commit on or off for a database (GROUP_COMMIT, README settings; on unless told otherwise) and sizes it.
 * The same lane count keeps the lanes (and what they hold); another count starts new ones, so it is set at start.
 */
export function groupCommitConfigure(db: Db, options: GroupCommitOptions): void {
  const count = Math.max(1, Math.trunc(options.lanes ?? 1));
  const entry = batchersOf(db);
  if (entry.lanes.length !== count) entry.lanes = Array.from({ length: count }, () => new GroupCommit(db, entry.stats));
  for (const batcher of entry.lanes) {
    batcher.enabled = options.enabled;
    batcher.maxBatch = options.maxBatch ?? MAX_BATCH;
    batcher.maxWaitMs = options.maxWaitMs ?? 0;
    batcher.pipeline = options.pipeline === true;
    batcher.savepointBatchesReset();
  }
}

/** Whether the database's requests go through group commit (GROUP_COMMIT), so a caller may hand it many at once. */
export function groupCommitEnabled(db: Db): boolean {
  return batchersOf(db).lanes[0]!.enabled;
}

/** How many batches and members the database's batchers ran, every lane summed (tests, and a way to see batching). */
export function groupCommitStats(db: Db): GroupCommitStats {
  return { ...batchersOf(db).stats };
}

/**
 * Runs `work` as a member of the database's next batch: its writes commit with those of the requests queued beside
 * it, in its own savepoint, and it resolves only after that COMMIT. Its refusal (a throw) rolls back its savepoint
 * alone and is its answer. Hooks registered with `transactionScope(tx).afterCommit` run after the commit, only for
 * a member that succeeded. Given a transaction, `work` simply runs in it; with group commit off, it runs in a
 * transaction of its own (`transaction`).
 *
 * `key` (the player's id, or a text such as an order's reference) picks the lane (`lanes`, GROUP_COMMIT_LANES): one
 * player's writes always queue in the same one.
 *
 * `work` must use only the handle it is given: on PGlite (one session) a query on the database itself would wait
 * for the batch's transaction to end, and the batch for `work`. It should not wait on anything but the database
 * either: the batch, and every request queued behind it, waits with it.
 */
export function groupTransaction<T>(db: DbOrTx, work: (tx: Tx) => Promise<T>, key?: number | string): Promise<T> {
  if (isTransaction(db)) return work(db);
  const batcher = batcherOf(db, key);
  return batcher.enabled ? batcher.run({ statement: false, work }) : transaction(db, work);
}

/**
 * `groupTransaction` for work that is one statement (the usual placement): with group commit off it runs on the
 * database as is, in the statement's own implicit transaction, as it did before batching.
 */
export function groupStatement<T>(db: DbOrTx, work: (db: DbOrTx) => Promise<T>, key?: number | string, options: GroupStatementOptions = {}): Promise<T> {
  if (isTransaction(db)) return work(db);
  const batcher = batcherOf(db, key);
  return batcher.enabled ? batcher.run({ statement: true, work, savepointFree: options.savepointFree === true }) : work(db);
}
