import { appendFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RoundJournal, roundPhaseOf, type RoundRecord, type RoundState } from './round-journal.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'orca-journal-'));
  dirs.push(dir);
  return dir;
}

function roundOf(roundId: string, winMinor: number): RoundRecord {
  return {
    roundId,
    userId: '7',
    token: 'token-0123456789abcdef',
    gameId: 'splash-dice-50',
    currency: 'BRL',
    stakeMinor: 100,
    winMinor,
    betTxn: `${roundId}:bet`,
    winTxn: `${roundId}:win`,
    rollbackTxn: `${roundId}:rollback`,
    serverSeed: 'seed',
    clientSeed: 'client',
    outcome: { kind: 'dice' },
    createdAt: '2026-11-29T00:00:00.000Z',
  };
}

describe('the round journal', () => {
  it('finds every round as far as it got after a reopen, and which of them are unfinished', () => {
    const dir = tempDir();
    const journal = new RoundJournal(dir);
    journal.append({ t: 'round', round: roundOf('r1', 0) });
    journal.append({ t: 'bet', roundId: 'r1', status: 'RS_OK', balanceMinor: 900 });
    journal.append({ t: 'round', round: roundOf('r2', 250) });
    journal.append({ t: 'bet', roundId: 'r2', status: 'RS_OK', balanceMinor: 800 });
    journal.append({ t: 'round', round: roundOf('r3', 0) });
    journal.close();

    const reopened = new RoundJournal(dir);
    expect(roundPhaseOf(reopened.rounds.get('r1')!)).toBe('settled');
    expect(roundPhaseOf(reopened.rounds.get('r2')!)).toBe('win_owed');
    expect(roundPhaseOf(reopened.rounds.get('r3')!)).toBe('bet_unknown');
    expect(reopened.unfinished().map((state) => state.round.roundId)).toEqual(['r2', 'r3']);
    reopened.close();
  });

  it('drops a last line a kill tore mid-write, and starts the next line clean', () => {
    const dir = tempDir();
    const journal = new RoundJournal(dir);
    journal.append({ t: 'round', round: roundOf('r1', 0) });
    journal.close();
    appendFileSync(join(dir, 'rounds.jsonl'), '{"t":"bet","roundId":"r1","sta');

    const reopened = new RoundJournal(dir);
    expect(roundPhaseOf(reopened.rounds.get('r1')!)).toBe('bet_unknown');
    reopened.append({ t: 'bet', roundId: 'r1', status: 'RS_OK', balanceMinor: 900 });
    reopened.close();
    const again = new RoundJournal(dir);
    expect(roundPhaseOf(again.rounds.get('r1')!)).toBe('settled');
    again.close();
    expect(readFileSync(join(dir, 'rounds.jsonl'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('refuses to open a journal damaged anywhere but its last line', () => {
    const dir = tempDir();
    const journal = new RoundJournal(dir);
    journal.append({ t: 'round', round: roundOf('r1', 0) });
    journal.close();
    appendFileSync(join(dir, 'rounds.jsonl'), 'not json\n{"t":"bet","roundId":"r1","status":"RS_OK"}\n');
    expect(() => new RoundJournal(dir)).toThrow();
  });
});

describe('where a round stands', () => {
  const state = (winMinor: number, more: Partial<RoundState>): RoundState => ({ round: roundOf('r', winMinor), ...more });

  it.each([
    ['no answer to the bet', 'bet_unknown', state(0, {})],
    ['a losing bet taken', 'settled', state(0, { bet: { status: 'RS_OK' } })],
    ['a winning bet taken, win not yet paid', 'win_owed', state(300, { bet: { status: 'RS_OK' } })],
    ['a winning bet taken, win refused for now', 'win_owed', state(300, { bet: { status: 'RS_OK' }, win: { status: 'RS_ERROR_UNKNOWN', balanceMinor: 0 } })],
    ['a winning bet paid', 'settled', state(300, { bet: { status: 'RS_OK' }, win: { status: 'RS_OK', balanceMinor: 1200 } })],
    ['a bet refused at once', 'void', state(0, { bet: { status: 'RS_ERROR_NOT_ENOUGH_MONEY' } })],
    ['a bet whose fate stayed unknown', 'rollback_owed', state(0, { bet: { status: 'unknown' } })],
    ['its rollback accepted', 'void', state(300, { bet: { status: 'unknown' }, rollback: { status: 'RS_OK' } })],
    ['a closed losing bet the wallet had taken', 'settled', state(0, { bet: { status: 'unknown' }, rollback: { status: 'RS_ERROR_ROUND_SETTLED' } })],
    ['its rollback refused otherwise', 'rollback_owed', state(0, { bet: { status: 'unknown' }, rollback: { status: 'RS_ERROR_INVALID_TOKEN' } })],
  ] as const)('%s → %s', (_name, phase, given) => {
    expect(roundPhaseOf(given)).toBe(phase);
  });
});
