import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The provider's own store (never the product's database): an append-only journal of JSON lines in its data dir,
 * each line written and fsynced before the step it records is acted on. Reopening replays the lines into the rounds'
 * state, so a process killed at any point finds every round as far as it got. A torn last line (killed mid-write) is
 * ignored: the step it would record was never acted on.
 */
export type WalletStatus = string;

export interface RoundRecord {
  roundId: string;
  userId: string;
  token: string;
  gameId: string;
  currency: string;
  stakeMinor: number;
  winMinor: number;
  betTxn: string;
  winTxn: string;
  rollbackTxn: string;
  serverSeed: string;
  clientSeed: string;
  outcome: unknown;
  createdAt: string;
}

/**
 * What is known of the wallet's side. `bet` undefined: the bet was (maybe) sent and no answer is stored — its fate
 * is unknown. `unknown`: the retries ran out, so a rollback is owed. Any other status is the wallet's final answer.
 */
export interface RoundState {
  round: RoundRecord;
  bet?: { status: WalletStatus | 'unknown'; balanceMinor?: number };
  win?: { status: WalletStatus; balanceMinor: number };
  rollback?: { status: WalletStatus };
}

export type JournalLine =
  | { t: 'round'; round: RoundRecord }
  | { t: 'bet'; roundId: string; status: WalletStatus | 'unknown'; balanceMinor?: number }
  | { t: 'win'; roundId: string; status: WalletStatus; balanceMinor: number }
  | { t: 'rollback'; roundId: string; status: WalletStatus };

export type RoundPhase = 'bet_unknown' | 'rollback_owed' | 'win_owed' | 'settled' | 'void';

/** Where a round stands, from what the journal holds. */
export function roundPhaseOf(state: RoundState): RoundPhase {
  if (!state.bet) return 'bet_unknown';
  if (state.bet.status === 'RS_OK') {
    if (state.round.winMinor === 0 || state.win?.status === 'RS_OK') return 'settled';
    return 'win_owed';
  }
  if (state.bet.status === 'unknown') {
    if (state.rollback?.status === 'RS_OK') return 'void';
    // A losing round's bet closes it (`round_closed`), so the wallet settles it at once and refuses its rollback:
    // the bet was taken and the round is lost, which is exactly the round's outcome.
    if (state.rollback?.status === 'RS_ERROR_ROUND_SETTLED') return 'settled';
    return 'rollback_owed';
  }
  return 'void';
}

export class RoundJournal {
  readonly rounds = new Map<string, RoundState>();
  private readonly fd: number;

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const file = join(dataDir, 'rounds.jsonl');
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    const lines = text.split('\n');
    for (const [index, line] of lines.entries()) {
      if (line === '') continue;
      let parsed: JournalLine;
      try {
        parsed = JSON.parse(line) as JournalLine;
      } catch (error) {
        // Only the last line, one the kill cut before its newline, can be torn; any other bad line is damage.
        if (index === lines.length - 1) break;
        throw error;
      }
      this.apply(parsed);
    }
    // A torn last line is cut off, so the next line starts clean and the torn one never reads as damage later.
    if (text !== '' && !text.endsWith('\n')) truncateSync(file, Buffer.byteLength(text.slice(0, text.lastIndexOf('\n') + 1)));
    this.fd = openSync(file, 'a', 0o600);
  }

  private write(text: string): void {
    writeSync(this.fd, `${text}\n`);
    fsyncSync(this.fd);
  }

  private apply(line: JournalLine): void {
    if (line.t === 'round') {
      this.rounds.set(line.round.roundId, { round: line.round });
      return;
    }
    const state = this.rounds.get(line.roundId);
    if (!state) return;
    if (line.t === 'bet') state.bet = { status: line.status, ...(line.balanceMinor === undefined ? {} : { balanceMinor: line.balanceMinor }) };
    else if (line.t === 'win') state.win = { status: line.status, balanceMinor: line.balanceMinor };
    else state.rollback = { status: line.status };
  }

  /** Writes the line durably, then applies it: what the journal says happened is what the process acts on. */
  append(line: JournalLine): void {
    this.write(JSON.stringify(line));
    this.apply(line);
  }

  /** Rounds whose wallet side is not finished: the reconciliation's work list. */
  unfinished(): RoundState[] {
    return [...this.rounds.values()].filter((state) => {
      const phase = roundPhaseOf(state);
      return phase !== 'settled' && phase !== 'void';
    });
  }

  close(): void {
    closeSync(this.fd);
  }
}
