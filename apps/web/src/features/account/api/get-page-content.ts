import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PageContent } from '@backlay/contract';
import { call } from '@/shared/http/api';

export type ContentPage = PageContent['page'];

export function getPageContent(page: ContentPage) {
  return call('getPageContent', { query: { page } });
}

export function pageContentQueryOptions(page: ContentPage) {
  return queryOptions({
    queryKey: ['page-content', page],
    queryFn: () => getPageContent(page),
    staleTime: 5 * 60_000,
  });
}

export function usePageContent(page: ContentPage) {
  return useQuery(pageContentQueryOptions(page));
}
