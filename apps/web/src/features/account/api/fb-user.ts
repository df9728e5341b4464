import { fbUserCreate, fbUserProfileGet, type EndpointData } from '@piranha/contract';
import { api } from '../../../shared/api/api.ts';

type ProfileAnswer = EndpointData<typeof fbUserProfileGet>;

/** The two calls the ensure step makes; the app uses the API, tests a fake server. */
export interface FbUserCalls {
  profileGet: () => Promise<ProfileAnswer>;
  create: () => Promise<unknown>;
}

export const fbUserCallsApi: FbUserCalls = {
  profileGet: () => api.call(fbUserProfileGet),
  create: () => api.call(fbUserCreate, { body: {} }),
};

/**
 * Spec §4 user info: fetch the player's sports-book record; when there is none, create it and fetch again.
 * Answers the record (undefined only if the server still has none after creating it).
 */
export async function fbUserEnsure(calls: FbUserCalls = fbUserCallsApi): Promise<ProfileAnswer['user'] | undefined> {
  const first = await calls.profileGet();
  if (first.exists === 1 && first.user) return first.user;
  await calls.create();
  return (await calls.profileGet()).user ?? undefined;
}
