import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SettingWithSportTree, TreeEvent } from '@backlay/contract';
import { useUiStore } from '@/shared/stores/ui';
import { sportTreeQueryOptions } from '../api/get-setting-with-sport-tree';
import { EventSection } from '../components/EventList';
import { IndexRoute, InPlayRoute } from './inplay';

// The lists ask for live scores and list prices apart; none are needed here, but each answers in
// its route's shape (an empty array where a `{ list, prices }` is due made the price feed throw).
vi.mock('@/shared/http/api', () => ({
  call: (key: string, options?: { query?: { list?: string } }) =>
    Promise.resolve(key === 'listPrices' ? { list: options?.query?.list ?? 'inplay', prices: [] } : []),
}));

const YEAR = new Date().getFullYear();
let nextId = 100;

function event(sportId: number, sportName: string, title: string, live: boolean, start?: Date): TreeEvent {
  const startTime = (start ?? new Date(YEAR, 10, 24, 18, 30)).toISOString();
  const [team1, team2] = title.split(' v ');
  return {
    id: (nextId += 1),
    title,
    status: live ? 'IN_PLAY' : 'UPCOMING',
    matchDate: live ? 'In-Play' : startTime,
    startTime,
    sportId,
    sportName,
    ...(team1 && team2 ? { team1, team2 } : {}),
    competition: sportId === 1 ? 'Serie A' : 'T20 International',
  };
}

const FOOTBALL = [
  event(1, 'Football', 'Inter v Milan', true),
  event(1, 'Football', 'Roma v Lazio', true),
  event(1, 'Football', 'Napoli v Juventus', false, new Date(YEAR, 10, 24, 5, 46)),
  ...['Genoa v Torino', 'Bologna v Verona', 'Lecce v Empoli', 'Monza v Cagliari', 'Udinese v Como'].map((t) =>
    event(1, 'Football', t, false),
  ),
  event(1, 'Football', 'Parma v Venezia', false),
];
const CRICKET = [
  event(3, 'Cricket', 'India v Australia', true),
  event(3, 'Cricket', 'Pakistan v Bangladesh', false),
  event(3, 'Cricket', 'England v New Zealand', false),
];

function renderPage(page: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(sportTreeQueryOptions().queryKey, {
    events: [
      { id: 1, name: 'football', displayName: 'Football', order: 1, events: FOOTBALL },
      { id: 3, name: 'cricket', displayName: 'Cricket', order: 3, events: CRICKET },
    ],
    games: [],
    bonuses: [],
    tv: [],
  } as unknown as SettingWithSportTree);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{page}</MemoryRouter>
    </QueryClientProvider>,
  );
}

function search(text: string) {
  act(() => {
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search events' }), { target: { value: text } });
  });
}

function section(name: string) {
  const heading = screen.getByRole('heading', { name: new RegExp(`^${name}`) });
  return heading.closest('section') as HTMLElement;
}

afterEach(() => {
  cleanup();
  useUiStore.setState({ searchText: '' });
});

describe('the Sports page (two events per sport)', () => {
  it("shows each sport's real count and a link to all its events", () => {
    renderPage(<IndexRoute />);
    const football = section('Football');
    expect(within(football).getAllByRole('listitem')).toHaveLength(2);
    expect(within(football).getByLabelText('9 events').textContent).toBe('9');
    expect(within(football).getByRole('link', { name: 'All 9 Football events' }).getAttribute('href')).toBe(
      '/matchlist/1',
    );
    const cricket = section('Cricket');
    expect(within(cricket).getByLabelText('3 events').textContent).toBe('3');
    expect(within(cricket).getByRole('link', { name: 'All 3 Cricket events' }).getAttribute('href')).toBe(
      '/matchlist/3',
    );
  });
});

describe('search', () => {
  it('on In-Play, finds an upcoming event of any sport and says what was searched', () => {
    renderPage(<InPlayRoute />);
    search('napoli');
    expect(screen.getByRole('link', { name: /Napoli/ })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(screen.getByText(/1 event matches "napoli"/).closest('[role="status"]')?.textContent).toBe(
      '1 event matches "napoli" of all 12 in-play and upcoming events in Football and Cricket.',
    );
    expect(screen.queryByText('Nothing is in play right now')).toBeNull();
  });

  it('on the Sports page, finds events past the two a sport shows', () => {
    renderPage(<IndexRoute />);
    search('t20');
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
    expect(screen.getByText(/3 events match "t20"/)).toBeTruthy();
  });

  it('says plainly when nothing matches, and what it searched', () => {
    renderPage(<InPlayRoute />);
    search('xyz');
    expect(screen.getByRole('heading', { name: 'No events match "xyz"' })).toBeTruthy();
    expect(
      screen.getByText('Searched all 12 in-play and upcoming events in Football and Cricket', {
        exact: false,
      }),
    ).toBeTruthy();
    expect(screen.queryByText('Nothing is in play right now')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(section('Football')).toBeTruthy();
  });
});

describe('event start times', () => {
  it('are written as every date on the site is', () => {
    const napoli = FOOTBALL[2] as TreeEvent;
    renderPage(<EventSection title="Football" events={[napoli]} />);
    const row = screen.getByRole('link', { name: /Napoli/ });
    expect(row.querySelector('.event-row__time')?.textContent).toBe('24 Nov, 05:46 am');
  });
});
