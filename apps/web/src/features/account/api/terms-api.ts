import { ApiError, ERRORS, termsAccept, termsCurrent } from '@piranha/contract';
import { TERMS_VERSION } from '@piranha/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/api.ts';
import { randomId } from '../../../shared/random-id.ts';

/** What a new account (or a player asked again) sends: the age confirmed and the version of the terms shown. */
export interface Consent {
  terms_version: string;
  age_confirmed: 1;
}

/** The brand's current terms and, for the signed-in player (uid 0: nobody), whether they must accept them again. */
export function termsCurrentQueryOptions(uid: number) {
  return queryOptions({ queryKey: ['account', 'terms', uid], queryFn: () => api.call(termsCurrent), staleTime: 5 * 60_000 });
}

export function useTermsCurrentQuery(uid: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...termsCurrentQueryOptions(uid), enabled });
}

/** The version a form sends: the server's current one, else the version this build was made with (refused if stale). */
export function termsVersionOf(data: { version: string } | undefined): string {
  return data?.version ?? TERMS_VERSION;
}

export function consentOf(version: string): Consent {
  return { terms_version: version, age_confirmed: 1 };
}

/** A refusal that only says the new account needs the age and the terms (8700, 8701): answered by asking for them. */
export function isConsentRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.dmError === ERRORS.TERMS_NOT_ACCEPTED.code || error.dmError === ERRORS.AGE_NOT_CONFIRMED.code);
}

export function useTermsAcceptMutation(uid: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: Consent) => api.call(termsAccept, { body: consent, idempotencyKey: randomId() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['account', 'terms', uid] }),
  });
}
