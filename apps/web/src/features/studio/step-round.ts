import type { RoundView } from '@piranha/contract';
import { BP, intlLocaleOf } from '@piranha/domain';
import { useEffect, useState } from 'react';
import type { PanelProps } from './panel-props.ts';

/** A multiplier in basis points as the player reads it in `language`: "1.5×", "12,25×". */
export function multiplierText(bp: number, language: string): string {
  return `${(bp / BP).toLocaleString(intlLocaleOf(language), { maximumFractionDigits: 2 })}×`;
}

type StepKind = 'mines' | 'tower';
export type StepOutcome<K extends StepKind> = Extract<RoundView['outcome'], { kind: K }>;

/**
 * The round of a game played step by step (Mines, Tower): a bet opens it, each step (a tile, a door) raises the
 * multiplier or ends it, a cash-out ends it. A round left open on an earlier visit resumes, with the stake locked.
 */
export function useStepRound<K extends StepKind>(kind: K, { openRound, play, action, settle, setBusy }: PanelProps) {
  const [round, setRound] = useState<RoundView | null>(openRound?.outcome.kind === kind ? openRound : null);
  const [pending, setPending] = useState<number | null>(null);
  const outcome = round?.outcome.kind === kind ? (round.outcome as StepOutcome<K>) : null;
  const open = outcome?.status === 'open';
  // A resumed round keeps the stake locked until it ends.
  useEffect(() => {
    if (open) setBusy(true);
  }, [open, setBusy]);

  const finish = (next: RoundView) => {
    setRound(next);
    if (next.outcome.kind === kind && next.outcome.status !== 'open') {
      settle(next);
      setBusy(false);
    }
  };

  const start = async (params: Parameters<PanelProps['play']>[0]) => {
    setBusy(true);
    const next = await play(params);
    if (!next) {
      setBusy(false);
      return;
    }
    setRound(next);
  };

  /** One step: `at` is the tile or door the player chose (shown as pending until the server answers). */
  const step = async (name: 'reveal' | 'pick', at: number) => {
    if (!round) return;
    setPending(at);
    const next = await action(round.round_id, name, name === 'reveal' ? { tile: at } : { door: at });
    setPending(null);
    if (next) finish(next);
  };

  const cashOut = async () => {
    if (!round) return;
    const next = await action(round.round_id, 'cashout');
    if (next) finish(next);
  };

  return { round, outcome, open, pending, start, step, cashOut };
}
