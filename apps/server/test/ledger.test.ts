import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ERRORS } from '@piranha/contract';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../src/app-error.ts';
import { databaseOpen, rowsOf, type Db } from '../src/db/client.ts';
import { transaction } from '../src/db/transaction.ts';
import { ledgerAudit, type LedgerAuditResult } from '../src/modules/ledger/ledger.repository.ts';
import { ledgerTransfer, type HouseKind, type TransferRequest } from '../src/modules/ledger/ledger.service.ts';
import { userInsert } from '../src/modules/session/session.repository.ts';
import { testDatabaseCreate, type TestDatabase } from './harness.ts';

const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

let tdb: TestDatabase;
let db: Db;

beforeAll(async () => {
  tdb = await testDatabaseCreate();
  db = tdb.db;
});
afterAll(() => tdb?.close());

// --- Small factories: each test makes its own users and references. ---

let refCounter = 0;
function ref(label = 'ref'): string {
  refCounter += 1;
  return `${label}-${process.pid}-${refCounter}`;
}

function userCreate(database: Db = db): Promise<number> {
  return userInsert(database, 'piranha', false);
}

function houseToUser(
  userId: number,
  amountMinor: number,
  externalRef = ref('deposit'),
  currency = 'BRL',
  house: HouseKind = 'payment_clearing',
): TransferRequest {
  return {
    kind: 'deposit',
    externalRef,
    lines: [
      { account: { house, currency }, amountMinor: -amountMinor },
      { account: { userId, currency }, amountMinor },
    ],
  };
}

function userToHouse(userId: number, amountMinor: number, externalRef = ref('bet'), currency = 'BRL', house: HouseKind = 'bets_in_play'): TransferRequest {
  return {
    kind: 'bet_place',
    externalRef,
    lines: [
      { account: { userId, currency }, amountMinor: -amountMinor },
      { account: { house, currency }, amountMinor },
    ],
  };
}

function transfer(request: TransferRequest, database: Db = db) {
  return transaction(database, (tx) => ledgerTransfer(tx, request));
}

async function balanceOf(userId: number, currency = 'BRL'): Promise<number | undefined> {
  const [row] = await rowsOf<{ balance_minor: string }>(db, sql`select balance_minor from wallets where user_id = ${userId} and currency = ${currency}`);
  return row === undefined ? undefined : Number(row.balance_minor);
}

async function linesOfUser(userId: number, currency = 'BRL'): Promise<number> {
  const [row] = await rowsOf<{ total: string }>(
    db,
    sql`select coalesce(sum(l.amount_minor), 0) as total from ledger_lines l join ledger_accounts a on a.id = l.account_id where a.user_id = ${userId} and a.currency = ${currency}`,
  );
  return Number(row!.total);
}

async function transfersWithRef(externalRef: string): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from transfers where external_ref = ${externalRef}`);
  return row!.count;
}

async function countOf(table: 'transfers' | 'ledger_lines' | 'ledger_accounts' | 'wallets'): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(db, sql`select count(*)::int as count from ${sql.identifier(table)}`);
  return row!.count;
}

const CLEAN: LedgerAuditResult = { walletDrift: [], unbalancedTransfers: [], thinTransfers: [] };

async function expectAuditClean() {
  expect(await ledgerAudit(db)).toStrictEqual(CLEAN);
}

async function expectRejected(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the transfer to be refused');
}

describe('a balanced transfer', () => {
  it("credits the player's wallet, writes lines that sum to zero, and keeps the audit clean", async () => {
    const userId = await userCreate();
    const externalRef = ref('deposit');
    const result = await transfer(houseToUser(userId, 2_500, externalRef));
    expect(result.created).toBe(true);
    expect(result.transferId).toEqual(expect.any(Number));
    expect(await balanceOf(userId)).toBe(2_500);
    const lines = await rowsOf<{ amount_minor: string; user_id: string | null; house_kind: string | null }>(
      db,
      sql`select l.amount_minor, a.user_id, a.house_kind from ledger_lines l join ledger_accounts a on a.id = l.account_id where l.transfer_id = ${result.transferId} order by l.amount_minor`,
    );
    expect(lines.map((line) => [Number(line.amount_minor), line.house_kind, line.user_id === null ? null : Number(line.user_id)])).toEqual([
      [-2_500, 'payment_clearing', null],
      [2_500, null, userId],
    ]);
    await expectAuditClean();
  });

  it('debits the wallet down to exactly zero', async () => {
    const userId = await userCreate();
    await transfer(houseToUser(userId, 1_000));
    await transfer(userToHouse(userId, 1_000));
    expect(await balanceOf(userId)).toBe(0);
    await expectAuditClean();
  });

  it('keeps no balance row for house accounts (no hot row): only players have wallets', async () => {
    const userId = await userCreate();
    await transfer(houseToUser(userId, 10));
    const houseWallets = await rowsOf<{ count: number }>(
      db,
      sql`select count(*)::int as count from wallets w join ledger_accounts a on a.id = w.account_id where a.house_kind is not null`,
    );
    expect(houseWallets[0]!.count).toBe(0);
  });

  it('moves several currencies at once when each currency balances', async () => {
    const userId = await userCreate();
    await transfer({
      kind: 'bonus_grant',
      externalRef: ref('bonus'),
      lines: [
        { account: { house: 'bonus_liability', currency: 'BRL' }, amountMinor: -300 },
        { account: { userId, currency: 'BRL' }, amountMinor: 300 },
        { account: { house: 'bonus_liability', currency: 'USDT' }, amountMinor: -7 },
        { account: { userId, currency: 'USDT' }, amountMinor: 7 },
      ],
    });
    expect(await balanceOf(userId, 'BRL')).toBe(300);
    expect(await balanceOf(userId, 'USDT')).toBe(7);
    await expectAuditClean();
  });
});

describe('a transfer that cannot be right is refused and writes nothing', () => {
  it('refuses lines that do not sum to zero', async () => {
    const userId = await userCreate();
    const externalRef = ref('unbalanced');
    const before = { transfers: await countOf('transfers'), lines: await countOf('ledger_lines') };
    const error = await expectRejected(
      transfer({
        kind: 'deposit',
        externalRef,
        lines: [
          { account: { house: 'payment_clearing', currency: 'BRL' }, amountMinor: -100 },
          { account: { userId, currency: 'BRL' }, amountMinor: 101 },
        ],
      }),
    );
    expect(String(error)).toMatch(/does not balance in BRL/);
    expect(await transfersWithRef(externalRef)).toBe(0);
    expect(await balanceOf(userId)).toBeUndefined();
    expect({ transfers: await countOf('transfers'), lines: await countOf('ledger_lines') }).toStrictEqual(before);
  });

  it('refuses a transfer balanced in total but not per currency', async () => {
    const userId = await userCreate();
    const error = await expectRejected(
      transfer({
        kind: 'swap',
        externalRef: ref('swap'),
        lines: [
          { account: { house: 'revenue', currency: 'USDT' }, amountMinor: -100 },
          { account: { userId, currency: 'BRL' }, amountMinor: 100 },
        ],
      }),
    );
    expect(String(error)).toMatch(/does not balance in USDT, BRL|does not balance in BRL, USDT/);
    expect(await balanceOf(userId)).toBeUndefined();
  });

  it('refuses fewer than two lines, zero and fractional amounts', async () => {
    const userId = await userCreate();
    const before = await countOf('transfers');
    const account = { userId, currency: 'BRL' };
    const house = { house: 'revenue' as const, currency: 'BRL' };
    for (const lines of [
      [{ account, amountMinor: 0 }],
      [
        { account, amountMinor: 0 },
        { account: house, amountMinor: 0 },
      ],
      [
        { account, amountMinor: 0.5 },
        { account: house, amountMinor: -0.5 },
      ],
    ]) {
      await expectRejected(transfer({ kind: 'deposit', externalRef: ref('bad-lines'), lines }));
    }
    expect(await countOf('transfers')).toBe(before);
  });

  it('refuses a debit beyond the balance with INSUFFICIENT_FUNDS and rolls back the whole transaction', async () => {
    const userId = await userCreate();
    await transfer(houseToUser(userId, 500));
    const earlierRef = ref('same-tx-credit');
    const betRef = ref('too-big-bet');
    const before = { transfers: await countOf('transfers'), lines: await countOf('ledger_lines') };
    const error = await expectRejected(
      transaction(db, async (tx) => {
        // Something the same transaction already wrote, which must vanish with it.
        await ledgerTransfer(tx, houseToUser(userId, 100, earlierRef));
        await ledgerTransfer(tx, userToHouse(userId, 601, betRef));
      }),
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errorName).toBe('INSUFFICIENT_FUNDS');
    expect((error as AppError).code).toBe(ERRORS.INSUFFICIENT_FUNDS.code);
    expect(await balanceOf(userId)).toBe(500);
    expect(await transfersWithRef(betRef)).toBe(0);
    expect(await transfersWithRef(earlierRef)).toBe(0);
    expect({ transfers: await countOf('transfers'), lines: await countOf('ledger_lines') }).toStrictEqual(before);
    await expectAuditClean();
  });

  it('refuses a debit from a player who has never had a wallet', async () => {
    const userId = await userCreate();
    const error = await expectRejected(transfer(userToHouse(userId, 1)));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).errorName).toBe('INSUFFICIENT_FUNDS');
    expect(await linesOfUser(userId)).toBe(0);
  });
});

describe('a replayed business event moves nothing', () => {
  it('answers created=false for the same (kind, externalRef) and keeps one transfer', async () => {
    const userId = await userCreate();
    const externalRef = ref('order');
    const first = await transfer(houseToUser(userId, 700, externalRef));
    const again = await transfer(houseToUser(userId, 700, externalRef));
    // Even a replay with other amounts is recognised by its reference and moves nothing.
    const tampered = await transfer(houseToUser(userId, 9_999, externalRef));
    expect(first.created).toBe(true);
    expect(again).toStrictEqual({ transferId: undefined, created: false });
    expect(tampered.created).toBe(false);
    expect(await balanceOf(userId)).toBe(700);
    expect(await transfersWithRef(externalRef)).toBe(1);
    await expectAuditClean();
  });

  it('treats the same reference under another kind as another event', async () => {
    const userId = await userCreate();
    const externalRef = ref('shared');
    await transfer(houseToUser(userId, 100, externalRef));
    const other = await transfer({ ...houseToUser(userId, 50, externalRef), kind: 'bonus_grant' });
    expect(other.created).toBe(true);
    expect(await balanceOf(userId)).toBe(150);
  });
});

describe('account ids are remembered once committed', () => {
  it('writes the transfer, its lines and the wallet in one statement once both accounts are known', async () => {
    const userId = await userCreate();
    await transfer(houseToUser(userId, 500));
    const inserted: unknown[] = [];
    let statements = 0;
    const restore: (() => void)[] = [];
    await transaction(db, async (tx) => {
      const insert = tx.insert.bind(tx);
      vi.spyOn(tx, 'insert').mockImplementation((table) => {
        inserted.push(table);
        return insert(table);
      });
      // Raw statements go straight to the driver's client (db/client.ts rowsOf): count its calls (and Drizzle's).
      type Call = (...args: unknown[]) => Promise<unknown>;
      const client = (tx as unknown as { session: { client: { query: Call; exec?: Call } } }).session.client;
      for (const method of ['query', 'exec'] as const) {
        const original = client[method];
        if (!original) continue;
        const bound = original.bind(client);
        client[method] = (...args: unknown[]) => {
          statements += 1;
          return bound(...args);
        };
        restore.push(() => {
          client[method] = original;
        });
      }
      await ledgerTransfer(tx, userToHouse(userId, 200));
      // A pg pool hands this client out again: stop counting before COMMIT.
      vi.restoreAllMocks();
      for (const undo of restore) undo();
    });
    // No "ensure" inserts for the player's or the house account: one round trip for the whole transfer.
    expect(inserted.map((table) => String((table as { [k: symbol]: unknown })[Symbol.for('drizzle:Name')]))).toEqual([]);
    expect(statements).toBe(1);
    expect(await balanceOf(userId)).toBe(300);
    await expectAuditClean();
  });

  it('reports each player wallet it moved with the balance right after', async () => {
    const userId = await userCreate();
    const first = await transfer(houseToUser(userId, 800));
    expect(first.walletsAfter).toStrictEqual([{ userId, currency: 'BRL', balanceMinor: 800 }]);
    const second = await transfer(userToHouse(userId, 300));
    expect(second.walletsAfter).toStrictEqual([{ userId, currency: 'BRL', balanceMinor: 500 }]);
    expect(await balanceOf(userId)).toBe(500);
  });

  it('forgets an account created by a transaction that rolled back', async () => {
    const userId = await userCreate();
    const failed = await expectRejected(
      transaction(db, async (tx) => {
        await ledgerTransfer(tx, houseToUser(userId, 100, ref('deposit'), 'MXN', 'bonus_liability'));
        throw new Error('the caller fails after the transfer');
      }),
    );
    expect(failed).toBeInstanceOf(Error);
    expect(await balanceOf(userId, 'MXN')).toBeUndefined();
    // Had the rolled-back ids been remembered, this would point its lines at accounts that do not exist.
    await transfer(houseToUser(userId, 100, ref('deposit'), 'MXN', 'bonus_liability'));
    expect(await balanceOf(userId, 'MXN')).toBe(100);
    await expectAuditClean();
  });
});

describe('property: any sequence of credits, debits and moves keeps the books', () => {
  type Op =
    | { type: 'credit'; user: number; amount: number; currency: string; house: HouseKind }
    | { type: 'debit'; user: number; amount: number; currency: string; house: HouseKind }
    | { type: 'move'; from: number; to: number; amount: number; currency: string }
    | { type: 'houseOnly'; amount: number; currency: string }
    | { type: 'replay'; pick: number };

  const currency = fc.constantFrom('BRL', 'USDT');
  const house = fc.constantFrom<HouseKind>('payment_clearing', 'bets_in_play', 'revenue', 'bonus_liability', 'casino_rounds');
  const amount = fc.integer({ min: 1, max: 5_000 });
  const user = fc.integer({ min: 0, max: 2 });
  const op: fc.Arbitrary<Op> = fc.oneof(
    { weight: 3, arbitrary: fc.record({ type: fc.constant('credit' as const), user, amount, currency, house }) },
    { weight: 3, arbitrary: fc.record({ type: fc.constant('debit' as const), user, amount, currency, house }) },
    {
      weight: 3,
      arbitrary: fc
        .record({ from: user, shift: fc.integer({ min: 1, max: 2 }), amount, currency })
        .map(({ from, shift, amount: value, currency: code }) => ({ type: 'move' as const, from, to: (from + shift) % 3, amount: value, currency: code })),
    },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('houseOnly' as const), amount, currency }) },
    { weight: 1, arbitrary: fc.record({ type: fc.constant('replay' as const), pick: fc.nat() }) },
  );

  it('keeps every wallet ≥ 0, equal to its model and to the sum of its lines, and the audit clean', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 16 }), async (ops) => {
        const users = [await userCreate(), await userCreate(), await userCreate()];
        const model = new Map<string, number>();
        const key = (index: number, code: string) => `${index}:${code}`;
        const held = (index: number, code: string) => model.get(key(index, code)) ?? 0;
        const done: TransferRequest[] = [];

        for (const step of ops) {
          let request: TransferRequest;
          let effects: [index: number, code: string, delta: number][] = [];
          if (step.type === 'credit') {
            request = houseToUser(users[step.user]!, step.amount, ref('p-credit'), step.currency, step.house);
            effects = [[step.user, step.currency, step.amount]];
          } else if (step.type === 'debit') {
            request = userToHouse(users[step.user]!, step.amount, ref('p-debit'), step.currency, step.house);
            effects = [[step.user, step.currency, -step.amount]];
          } else if (step.type === 'move') {
            request = {
              kind: 'p2p',
              externalRef: ref('p-move'),
              lines: [
                { account: { userId: users[step.from]!, currency: step.currency }, amountMinor: -step.amount },
                { account: { userId: users[step.to]!, currency: step.currency }, amountMinor: step.amount },
              ],
            };
            effects = [
              [step.from, step.currency, -step.amount],
              [step.to, step.currency, step.amount],
            ];
          } else if (step.type === 'houseOnly') {
            request = {
              kind: 'settle',
              externalRef: ref('p-house'),
              lines: [
                { account: { house: 'bets_in_play', currency: step.currency }, amountMinor: -step.amount },
                { account: { house: 'revenue', currency: step.currency }, amountMinor: step.amount },
              ],
            };
          } else {
            if (done.length === 0) continue;
            const replayed = await transfer(done[step.pick % done.length]!);
            expect(replayed.created).toBe(false);
            continue;
          }

          const covered = effects.every(([index, code, delta]) => held(index, code) + delta >= 0);
          try {
            const result = await transfer(request);
            expect(result.created).toBe(true);
            expect(covered).toBe(true);
            for (const [index, code, delta] of effects) model.set(key(index, code), held(index, code) + delta);
            done.push(request);
          } catch (error) {
            if (!(error instanceof AppError) || error.errorName !== 'INSUFFICIENT_FUNDS') throw error;
            expect(covered).toBe(false);
          }
        }

        for (const [index, userId] of users.entries()) {
          for (const code of ['BRL', 'USDT']) {
            const balance = (await balanceOf(userId, code)) ?? 0;
            expect(balance).toBeGreaterThanOrEqual(0);
            expect(balance).toBe(held(index, code));
            expect(await linesOfUser(userId, code)).toBe(balance);
          }
        }
        expect(await ledgerAudit(db)).toStrictEqual(CLEAN);
      }),
      { numRuns: 25 },
    );
  });
});

describe('concurrency', () => {
  it('never overdraws a wallet under many concurrent debits', async () => {
    const userId = await userCreate();
    await transfer(houseToUser(userId, 1_000));
    const outcomes = await Promise.allSettled(Array.from({ length: 25 }, () => transfer(userToHouse(userId, 100))));
    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(won).toHaveLength(10);
    expect(refused).toHaveLength(15);
    for (const outcome of refused) expect((outcome.reason as AppError).errorName).toBe('INSUFFICIENT_FUNDS');
    expect(await balanceOf(userId)).toBe(0);
    expect(await linesOfUser(userId)).toBe(0);
    await expectAuditClean();
  });

  it('moves money once when the same event arrives many times at once', async () => {
    const userId = await userCreate();
    const externalRef = ref('racing-deposit');
    const results = await Promise.all(Array.from({ length: 10 }, () => transfer(houseToUser(userId, 250, externalRef))));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(await balanceOf(userId)).toBe(250);
    expect(await transfersWithRef(externalRef)).toBe(1);
    await expectAuditClean();
  });

  it('lets two players pay each other concurrently in both directions without deadlock or loss', async () => {
    const alice = await userCreate();
    const bob = await userCreate();
    await transfer(houseToUser(alice, 1_000));
    await transfer(houseToUser(bob, 1_000));
    const pay = (from: number, to: number) =>
      transfer({
        kind: 'p2p',
        externalRef: ref('p2p'),
        lines: [
          { account: { userId: from, currency: 'BRL' }, amountMinor: -10 },
          { account: { userId: to, currency: 'BRL' }, amountMinor: 10 },
        ],
      });
    await Promise.all(Array.from({ length: 30 }, (_, index) => (index % 2 === 0 ? pay(alice, bob) : pay(bob, alice))));
    expect(await balanceOf(alice)).toBe(1_000);
    expect(await balanceOf(bob)).toBe(1_000);
    await expectAuditClean();
  });
});

describe('the audit finds books that do not add up', () => {
  it('reports a wallet changed directly with SQL as drift', async () => {
    const userId = await userCreate();
    await transfer(houseToUser(userId, 1_200));
    const [wallet] = await rowsOf<{ account_id: string }>(db, sql`select account_id from wallets where user_id = ${userId}`);
    const accountId = Number(wallet!.account_id);
    await db.execute(sql`update wallets set balance_minor = balance_minor + 1 where account_id = ${accountId}`);
    try {
      const audit = await ledgerAudit(db);
      expect(audit.walletDrift).toStrictEqual([{ accountId, balanceMinor: 1_201, linesMinor: 1_200 }]);
      expect(audit.unbalancedTransfers).toEqual([]);
    } finally {
      await db.execute(sql`update wallets set balance_minor = balance_minor - 1 where account_id = ${accountId}`);
    }
    await expectAuditClean();
  });

  it('reports a wallet whose lines were never written (money from nowhere)', async () => {
    const userId = await userCreate();
    await transfer(houseToUser(userId, 1));
    await db.execute(sql`update wallets set balance_minor = 0 where user_id = ${userId}`);
    try {
      expect((await ledgerAudit(db)).walletDrift).toEqual([expect.objectContaining({ balanceMinor: 0, linesMinor: 1 })]);
    } finally {
      await db.execute(sql`update wallets set balance_minor = 1 where user_id = ${userId}`);
    }
    await expectAuditClean();
  });

  it('reports a transfer whose lines do not sum to zero, and one with a single line', async () => {
    const userId = await userCreate();
    const { transferId } = await transfer(houseToUser(userId, 300));
    const [line] = await rowsOf<{ id: string }>(
      db,
      sql`select l.id from ledger_lines l join ledger_accounts a on a.id = l.account_id where l.transfer_id = ${transferId} and a.house_kind is not null`,
    );
    await db.execute(sql`update ledger_lines set amount_minor = -299 where id = ${Number(line!.id)}`);
    try {
      expect((await ledgerAudit(db)).unbalancedTransfers).toStrictEqual([{ transferId, currency: 'BRL', sumMinor: 1 }]);
      await db.execute(sql`delete from ledger_lines where id = ${Number(line!.id)}`);
      expect((await ledgerAudit(db)).thinTransfers).toStrictEqual([{ transferId, lineCount: 1 }]);
    } finally {
      const [house] = await rowsOf<{ id: string }>(db, sql`select id from ledger_accounts where house_kind = 'payment_clearing' and currency = 'BRL'`);
      await db.execute(sql`delete from ledger_lines where transfer_id = ${transferId} and account_id = ${Number(house!.id)}`);
      await db.execute(
        sql`insert into ledger_lines (transfer_id, account_id, currency, amount_minor) values (${transferId}, ${Number(house!.id)}, 'BRL', -300)`,
      );
    }
    await expectAuditClean();
  });
});

describe('npm run db:audit', () => {
  function auditRun(dataDir: string): Promise<{ code: number | null; output: string }> {
    return new Promise((resolve, reject) => {
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' };
      const child = spawn('npm', ['run', '--silent', 'db:audit'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, output }));
    });
  }

  it('exits 0 on clean books and 1 after a wallet is corrupted (PGlite data dir)', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'piranha-audit-'));
    try {
      // DATA_DIR/pglite is where the server (and the audit) keep an embedded database.
      const prepare = async (work: (database: Db) => Promise<void>) => {
        const database = await databaseOpen({ dataDir: join(dataDir, 'pglite') });
        try {
          await work(database.db);
        } finally {
          await database.close();
        }
      };
      let userId = 0;
      await prepare(async (database) => {
        userId = await userCreate(database);
        await transfer(houseToUser(userId, 4_200), database);
        await transfer(userToHouse(userId, 200), database);
      });

      const clean = await auditRun(dataDir);
      expect(clean.output).toContain('ledger audit (pglite): 0 wallet drift, 0 unbalanced transfer(s), 0 transfer(s) with fewer than two lines');
      expect(clean.code).toBe(0);

      await prepare(async (database) => {
        await database.execute(sql`update wallets set balance_minor = 999999 where user_id = ${userId}`);
      });
      const corrupt = await auditRun(dataDir);
      expect(corrupt.output).toContain('1 wallet drift');
      expect(corrupt.output).toMatch(/wallet account \d+: balance 999999 ≠ lines 4000/);
      expect(corrupt.code).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
