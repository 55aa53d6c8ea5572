import { useQuery } from '@tanstack/react-query';
import { call } from '@/api/client';

/**
 * The site this console runs on: the server picks it by the host, as it picks the site of every
 * operator call, so the name shown is the one the operator's token is good for.
 */
export function useSiteName(): string {
  const { data } = useQuery({
    queryKey: ['site-settings'],
    queryFn: ({ signal }) => call('getSetting', { signal }),
    staleTime: 10 * 60_000,
    retry: false,
  });
  if (!data) return window.location.hostname;
  return data.domainTitle.trim() !== '' ? data.domainTitle : data.domainName;
}
