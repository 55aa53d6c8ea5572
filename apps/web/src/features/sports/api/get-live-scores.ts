import { useQuery } from '@tanstack/react-query';
import { call } from '@/shared/http/api';

/**
 * The one-line scores of live events (Event/TreeSportWithEvent, in-play only). The settings call
 * that feeds the lists carries no scores, so the lists ask for them apart and refresh them often.
 */
export function useLiveScores(): ReadonlyMap<number, string> {
  const query = useQuery({
    queryKey: ['live-scores'],
    queryFn: async () => {
      const tree = await call('treeSportWithEvent', { query: { inPlayOnly: 'true' } });
      const scores = new Map<number, string>();
      for (const sport of tree) for (const e of sport.events) if (e.score) scores.set(e.id, e.score);
      return scores;
    },
    staleTime: 10_000,
    refetchInterval: 15_000,
  });
  return query.data ?? EMPTY;
}

const EMPTY: ReadonlyMap<number, string> = new Map();
