import { helpFaqList, helpFeedbackSubmit, helpItemGet, helpNewsList, helpPageGet, type EndpointBody } from '@piranha/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../shared/api/api.ts';

/** Help content is the brand's and the language's: a new language asks again (decision 038). */
export function useFaqListQuery(language: string, keyword: string, category: string) {
  return useQuery({
    queryKey: ['help', 'faq', language, keyword, category],
    queryFn: () =>
      api.call(helpFaqList, {
        query: { ...(keyword ? { keyword } : {}), ...(category ? { category: category as 'deposits' } : {}) },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useHelpItemQuery(language: string, id: string) {
  return useQuery({
    queryKey: ['help', 'item', language, id],
    queryFn: () => api.call(helpItemGet, { query: { id } }),
    enabled: id !== '',
    retry: false,
    staleTime: 60_000,
  });
}

export function useHelpPageQuery(language: string, kind: 'about' | 'privacy') {
  return useQuery({ queryKey: ['help', 'page', language, kind], queryFn: () => api.call(helpPageGet, { query: { kind } }), staleTime: 60_000 });
}

export function useHelpNewsQuery(language: string, kind: 'news' | 'announcement') {
  return useQuery({ queryKey: ['help', 'news', language, kind], queryFn: () => api.call(helpNewsList, { query: { kind } }), staleTime: 60_000 });
}

export function useFeedbackMutation() {
  return useMutation({ mutationFn: (body: EndpointBody<typeof helpFeedbackSubmit>) => api.call(helpFeedbackSubmit, { body }) });
}

/** A help id from the address: a positive integer, else none. */
export function helpIdOf(value: string | null): string {
  return value && /^[1-9]\d{0,14}$/.test(value) ? value : '';
}
