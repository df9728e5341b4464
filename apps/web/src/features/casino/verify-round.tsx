import {
  CASINO_DEFAULT_PARAMS,
  casinoVerify,
  fairFloats,
  fairSeedHash,
  HOUSE_GAME_IDS,
  isHouseGameId,
  type BlackjackAction,
  type CasinoOutcome,
  type CasinoParams,
  type HiloGuess,
  type HouseGameId,
} from '@piranha/domain';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from '../../shared/i18n/translate.ts';
import { useSearchParams } from '../../shared/router/router.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { Skeleton } from '../../shared/ui/skeleton.tsx';
import { useRoundQuery } from './api/hall.ts';
import { paths } from '../../shared/paths/paths.ts';
import { gameNameOf } from './game-names.ts';
import { outcomeEqual } from './outcome-compare.ts';
import { outcomeSummary } from './outcome-summary.ts';
import styles from './verify-round.module.css';

interface VerifyForm {
  gameId: HouseGameId;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  params: string;
  revealed: number[];
  cashedOut: boolean;
  /** Blackjack: the player's steps in order, comma-separated. */
  steps: string;
  /** Video poker: the holds of the draw (absent while the hand is open). */
  holds?: number;
  /** Hilo: the guesses in order. */
  guesses?: HiloGuess[];
}

const BLACKJACK_STEPS: readonly string[] = ['hit', 'stand', 'double', 'split', 'insurance', 'no_insurance'];

function formFor(gameId: HouseGameId): VerifyForm {
  return {
    gameId,
    serverSeed: '',
    serverSeedHash: '',
    clientSeed: '',
    nonce: '0',
    params: JSON.stringify(CASINO_DEFAULT_PARAMS[gameId]),
    revealed: [],
    cashedOut: false,
    steps: '',
  };
}

/** The typed steps, in order; an unknown word makes the replay fail (shown as invalid choices). */
function stepsOf(text: string): BlackjackAction[] {
  return text
    .split(/[\s,]+/)
    .filter((word) => word !== '')
    .map((word) => (BLACKJACK_STEPS.includes(word) ? word : 'unknown') as BlackjackAction);
}

/**
 * The verify page: recomputes a round in this browser from the revealed server seed, the client seed and
 * the nonce with the studio's own pure maths, checks the seed against the hash committed before play, and
 * compares the result with what the server stored. Opened from a round (`?round_id=`) or filled in by hand.
 */
export function VerifyRound() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // The contract's verify link (VERIFY_URL_TEMPLATE) carries `round_id`.
  const roundId = search.get('round_id') ?? '';
  const round = useRoundQuery(roundId);
  const [edited, setEdited] = useState<VerifyForm | undefined>();

  const fromRound = useMemo<VerifyForm | undefined>(() => {
    const data = round.data;
    if (!data || !isHouseGameId(data.game_id)) return undefined;
    const outcome = data.outcome;
    return {
      gameId: data.game_id,
      serverSeed: data.proof.server_seed,
      serverSeedHash: data.proof.server_seed_hash,
      clientSeed: data.proof.client_seed,
      nonce: String(data.proof.nonce),
      params: JSON.stringify(data.params),
      // Mines: the tiles opened; Tower: the door opened on each floor.
      revealed: outcome.kind === 'mines' ? outcome.revealed : outcome.kind === 'tower' ? outcome.picks : [],
      cashedOut: (outcome.kind === 'mines' || outcome.kind === 'tower' || outcome.kind === 'hilo') && outcome.status === 'cashed',
      // Video poker replays the player's holds (none while the hand is open); Hilo the guesses in order.
      ...(outcome.kind === 'video-poker' && outcome.status === 'done' ? { holds: outcome.holds } : {}),
      ...(outcome.kind === 'hilo' ? { guesses: outcome.guesses } : {}),
      steps: outcome.kind === 'blackjack' ? outcome.steps.map((step) => step.action).join(', ') : '',
    };
  }, [round.data]);
  const form = edited ?? fromRound ?? formFor('dice');
  const set = (patch: Partial<VerifyForm>) => setEdited({ ...form, ...patch });

  const result = useMemo(() => {
    if (!form.serverSeed || !form.clientSeed || !/^\d{1,12}$/.test(form.nonce)) return undefined;
    let params: CasinoParams;
    try {
      params = JSON.parse(form.params) as CasinoParams;
    } catch {
      return { ok: false as const, reason: 'params_invalid' as const };
    }
    return casinoVerify({
      serverSeed: form.serverSeed,
      serverSeedHash: form.serverSeedHash || undefined,
      clientSeed: form.clientSeed,
      nonce: Number(form.nonce),
      gameId: form.gameId,
      params,
      mines: form.gameId === 'mines' ? { revealed: form.revealed, cashedOut: form.cashedOut } : undefined,
      tower: form.gameId === 'tower' ? { picks: form.revealed, cashedOut: form.cashedOut } : undefined,
      videoPoker: form.gameId === 'video-poker' && form.holds !== undefined ? { holds: form.holds } : undefined,
      hilo: form.gameId === 'hilo' ? { guesses: form.guesses ?? [], cashedOut: form.cashedOut } : undefined,
      // Blackjack replays the player's steps on the recomputed shoe: every card they drew comes from the seed.
      blackjack: form.gameId === 'blackjack' ? { actions: stepsOf(form.steps) } : undefined,
    });
  }, [form]);

  const stored: CasinoOutcome | undefined = edited ? undefined : round.data?.outcome;
  const matches = result?.ok && stored ? outcomeEqual(stored, result.outcome) : undefined;
  const floats = form.serverSeed && form.clientSeed && /^\d{1,12}$/.test(form.nonce) ? fairFloats(form.serverSeed, form.clientSeed, Number(form.nonce), 4) : [];

  return (
    <div className={styles.page}>
      <PageTitle title={t('casino.verify.title')} backTo={paths.gameHistory} />
      <p className={styles.intro}>{t('casino.verify.intro')}</p>
      {roundId && round.isPending ? <Skeleton height={120} radius="var(--radius)" /> : null}
      {round.data && round.data.proof.revealed !== 1 && !edited ? (
        <p className={styles.notice} role="status">
          {t('casino.verify.notRevealed')}
        </p>
      ) : null}

      <div className={styles.form}>
        <label className={styles.field}>
          {t('casino.verify.game')}
          <select value={form.gameId} onChange={(event) => setEdited(formFor(event.target.value as HouseGameId))}>
            {HOUSE_GAME_IDS.map((id) => (
              <option key={id} value={id}>
                {gameNameOf(id)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('casino.verify.serverSeed')}
          <input value={form.serverSeed} spellCheck={false} autoCapitalize="off" onChange={(event) => set({ serverSeed: event.target.value.trim() })} />
        </label>
        <label className={styles.field}>
          {t('casino.verify.serverSeedHash')}
          <input value={form.serverSeedHash} spellCheck={false} autoCapitalize="off" onChange={(event) => set({ serverSeedHash: event.target.value.trim() })} />
        </label>
        <div className={styles.row}>
          <label className={styles.field}>
            {t('casino.verify.clientSeed')}
            <input value={form.clientSeed} spellCheck={false} autoCapitalize="off" onChange={(event) => set({ clientSeed: event.target.value })} />
          </label>
          <label className={styles.field}>
            {t('casino.verify.nonce')}
            <input value={form.nonce} inputMode="numeric" onChange={(event) => set({ nonce: event.target.value.replace(/\D/g, '') })} />
          </label>
        </div>
        <label className={styles.field}>
          {t('casino.verify.params')}
          <input value={form.params} spellCheck={false} autoCapitalize="off" onChange={(event) => set({ params: event.target.value })} />
        </label>
        {form.gameId === 'blackjack' ? (
          <label className={styles.field}>
            {t('casino.verify.steps')}
            <input
              value={form.steps}
              spellCheck={false}
              autoCapitalize="off"
              data-testid="verify-steps"
              onChange={(event) => set({ steps: event.target.value })}
            />
          </label>
        ) : null}
      </div>

      {form.serverSeed ? (
        <section className={styles.result} aria-live="polite">
          <p className={styles.check}>
            {form.serverSeedHash ? (
              fairSeedHash(form.serverSeed) === form.serverSeedHash.toLowerCase() ? (
                <>
                  <CheckCircle2 size={18} className={styles.ok} aria-hidden="true" />
                  {t('casino.verify.hashOk')}
                </>
              ) : (
                <>
                  <XCircle size={18} className={styles.bad} aria-hidden="true" />
                  {t('casino.verify.hashBad')}
                </>
              )
            ) : (
              t('casino.verify.hashOf', { hash: fairSeedHash(form.serverSeed) })
            )}
          </p>
          {result && !result.ok && result.reason === 'params_invalid' ? <p className={styles.bad}>{t('casino.verify.paramsInvalid')}</p> : null}
          {result?.ok ? (
            <>
              <h2 className={styles.heading}>{t('casino.verify.outcome')}</h2>
              <p className={styles.summary} data-testid="verify-outcome">
                {outcomeSummary(result.outcome)}
              </p>
              {matches !== undefined ? (
                <p className={`${styles.check} ${matches ? styles.ok : styles.bad}`} data-testid="verify-match">
                  {matches ? <CheckCircle2 size={18} aria-hidden="true" /> : <XCircle size={18} aria-hidden="true" />}
                  {matches ? t('casino.verify.match') : t('casino.verify.mismatch')}
                </p>
              ) : null}
              <details className={styles.raw}>
                <summary>{t('casino.verify.raw')}</summary>
                <p>{floats.map((value) => value.toFixed(12)).join(' · ')}</p>
                <pre>{JSON.stringify(result.outcome, null, 1)}</pre>
              </details>
            </>
          ) : null}
        </section>
      ) : null}
      {edited && fromRound ? (
        <Button variant="ghost" block onClick={() => setEdited(undefined)}>
          {t('casino.verify.reset')}
        </Button>
      ) : null}
    </div>
  );
}
