import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PageContent } from '@backlay/contract';
import { call } from '@/shared/http/api';
import { useLanguageStore, type Language } from '@/shared/i18n';

export type ContentPage = PageContent['page'];

/** The operator's page in the player's language where the operator translated it, else in English. */
export function getPageContent(page: ContentPage, lang: Language) {
  return call('getPageContent', { query: { page, lang } });
}

export function pageContentQueryOptions(page: ContentPage, lang: Language) {
  return queryOptions({
    queryKey: ['page-content', page, lang],
    queryFn: () => getPageContent(page, lang),
    staleTime: 5 * 60_000,
    // A language switch keeps the page on screen until its other language arrives.
    placeholderData: keepPreviousData,
  });
}

export function usePageContent(page: ContentPage) {
  const language = useLanguageStore((state) => state.language);
  return useQuery(pageContentQueryOptions(page, language));
}
