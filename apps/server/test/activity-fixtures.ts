import { expect } from 'vitest';
import type { IssuedSession } from '../src/modules/session/session.service.ts';
import { envelopeOf, signedIn, type TestApp } from './harness.ts';

/** Activity test helpers (decisions 031, 061): the operator endpoints and a player's detail and receive calls. */
const ACTIVITY = '/api/piranha/activity';

export function activityOpsPost(t: TestApp, token: string, path: string, body: unknown) {
  return t.post(`/api/ops/activity${path}`, { headers: { authorization: `Bearer ${token}` }, body });
}

/** Creates an activity from the whole body given and answers its id; the creation must succeed. */
export async function activityCreated(t: TestApp, token: string, body: Record<string, unknown>): Promise<string> {
  const answer = envelopeOf(await activityOpsPost(t, token, '/create', body));
  expect(answer.dm_error).toBe(0);
  return answer.data.id as string;
}

export async function activityDetailOf(t: TestApp, session: IssuedSession, id: string) {
  return envelopeOf(await t.get(`${ACTIVITY}/detail`, { query: { ...signedIn(session), activity_id: id } }));
}

export function activityReceive(t: TestApp, session: IssuedSession, id: string, tier: number) {
  return t.post(`${ACTIVITY}/receive`, { query: signedIn(session), body: { activity_id: id, tier } });
}
