import type { FastifyInstance } from 'fastify';
import * as z from 'zod';
import { AppError } from '../../app-error.ts';
import { envelopeOk } from '../../plugins/error-handler.ts';
import type { SportsFeed } from '../../providers/feed/sports-feed.ts';

const score = () => z.number().int().min(0).max(999);

/** What an operator sends to correct a finished match's result (POST /api/ops/feed/result, behind OPS_TOKEN). */
export const opsResultBody = z.strictObject({
  match_id: z.number().int().positive(),
  /** The next revision (2 for the first correction); the current one repeated with the same scores changes nothing. */
  revision: z.number().int().min(1).max(1000),
  home: score(),
  away: score(),
  /** Replaces the period scores (soccer halves 1002/1003, quarters, sets…); left out, they stay as published. */
  period_scores: z
    .array(z.strictObject({ pe: z.number().int().positive(), home: score(), away: score() }))
    .min(1)
    .max(12)
    .optional(),
});

const FIELD_OF = {
  RESULT_NOT_FOUND: 'match_id',
  RESULT_REVISION_INVALID: 'revision',
  RESULT_SCORES_INCONSISTENT: 'period_scores',
  // A follower node (docs/decisions/021): the correction must reach the node that runs the feed.
  FEED_NOT_LEADER: 'node',
} as const;

/**
 * The feed's operator endpoint: publishes a corrected result, as a provider's correction would arrive, so a demo can
 * show resettlement. The betting worker hears the feed's change and resettles the bets on that match. Off unless
 * OPS_TOKEN is set. The simulator stores the correction before the answer goes out.
 */
export function feedOpsRoutes(app: FastifyInstance, deps: { feed: SportsFeed; opsToken: string | undefined }): void {
  app.post('/api/ops/feed/result', async (request) => {
    if (!deps.opsToken || request.headers.authorization !== `Bearer ${deps.opsToken}`) throw new AppError('UNAUTHORISED');
    const body = opsResultBody.safeParse(request.body);
    if (!body.success) throw new AppError('VALIDATION_FAILED', { field: String(body.error.issues[0]?.path[0] ?? 'body') });
    const { match_id, revision, home, away, period_scores } = body.data;
    const outcome = deps.feed.resultCorrect({
      matchId: match_id,
      revision,
      score: { home, away },
      ...(period_scores ? { periodScores: period_scores.map((period) => ({ periodCode: period.pe, home: period.home, away: period.away })) } : {}),
    });
    if (!outcome.ok) throw new AppError(outcome.code, { field: FIELD_OF[outcome.code] });
    // Answered once stored: a correction the operator was told about survives a restart (docs/decisions/015). Should
    // the store fail, the answer is an error while the correction stays queued and is stored with the next write.
    if (outcome.changed) await deps.feed.persisted();
    const { result } = outcome;
    return envelopeOk({
      match_id: result.matchId,
      revision: result.revision,
      home: result.score.home,
      away: result.score.away,
      period_scores: result.periodScores.map((period) => ({ pe: period.periodCode, home: period.home, away: period.away })),
      changed: outcome.changed ? 1 : 0,
    });
  });
}
