import { SPORT_IDS, SPORT_NAMES, type SportId, type SportTreeEntry } from '@backlay/contract';
import { asc, ne } from 'drizzle-orm';
import type { Executor } from '../platform/db/database';
import { events } from '../platform/db/schema';

/**
 * The sport tree from the events the feed has stored: one entry per sport with events, ordered by
 * sport id (the spec's order), live events first. Empty until a feed has run.
 */
export async function loadSportTree(db: Executor): Promise<SportTreeEntry[]> {
  const rows = await db
    .select()
    .from(events)
    .where(ne(events.status, 'CLOSED'))
    .orderBy(asc(events.sportId), asc(events.startTime));
  const bySport = new Map<number, SportTreeEntry>();
  for (const e of rows) {
    const name = SPORT_NAMES[e.sportId as SportId] ?? 'Other';
    const entry = bySport.get(e.sportId) ?? { id: e.sportId, name, order: e.sportId, events: [] };
    const live = e.status === 'IN_PLAY';
    entry.events.push({
      id: e.id,
      title: e.title,
      status: e.status,
      matchDate: live ? 'In-Play' : e.startTime.toISOString(),
      startTime: e.startTime.toISOString(),
      sportId: e.sportId,
      sportName: name,
      team1: e.team1,
      team2: e.team2,
      competition: e.competition,
    });
    bySport.set(e.sportId, entry);
  }
  for (const entry of bySport.values()) {
    entry.events.sort((a, b) => Number(b.status === 'IN_PLAY') - Number(a.status === 'IN_PLAY'));
  }
  return [...bySport.values()].filter((s) => s.id !== SPORT_IDS.casino).sort((a, b) => a.order - b.order);
}
