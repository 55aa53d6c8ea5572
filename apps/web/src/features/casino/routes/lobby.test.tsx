import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';
import { fakeCasinoApi, wireGame } from '../testing/fake-casino-api';
import { renderCasino } from '../testing/render-casino';

vi.mock('@/shared/http/api', async () => {
  const { fakeCasinoApi: fake } = await import('../testing/fake-casino-api');
  return { call: (...args: Parameters<typeof fake.call>) => fake.call(...args) };
});

const tile = (name: string) => screen.findByRole('link', { name });
const tileNames = () =>
  within(screen.getByRole('list', { name: 'Games' }))
    .queryAllByRole('link')
    .map((a) => a.getAttribute('aria-label'));

function catalogue() {
  fakeCasinoApi.catalogue = {
    international: [
      wireGame('international', 'roulette', 'European Roulette', 'Roulette'),
      wireGame('international', 'bj1', 'Blackjack Classic', 'Blackjack'),
    ],
    dream: [wireGame('dream', 'tp2020', 'Teen Patti 2020', 'Table games')],
    king: [wireGame('king', 'l7', 'Lucky 7', 'Table games'), wireGame('king', 'dice', 'Dice', 'Dice')],
    mac: [wireGame('mac', 'ab', 'Andar Bahar', 'Table games')],
    udan: [wireGame('udan', 'dt', 'Dragon Tiger', 'Table games')],
  };
}

describe('the casino lobby', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('accessToken', 'token');
    useSessionStore.getState().setUser(testUser({ casinoToken: 'casino-token-1' }));
    fakeCasinoApi.reset();
    catalogue();
  });
  afterEach(() => cleanup());

  it("asks every provider for its list at once and merges them, each tile named '<game> by <provider>'", async () => {
    renderCasino('/lobby');
    expect(await screen.findByRole('heading', { level: 1, name: 'Casino Lobby' })).toBeTruthy();
    await tile('Dragon Tiger, Udan');
    expect(tileNames()).toEqual([
      'European Roulette, International',
      'Blackjack Classic, International',
      'Teen Patti 2020, Dream',
      'Lucky 7, King',
      'Dice, King',
      'Andar Bahar, Mac',
      'Dragon Tiger, Udan',
    ]);
    expect(fakeCasinoApi.calls.map((c) => [c.key, c.query])).toEqual([
      ['getInternationalGames', undefined],
      ['getCasinoGames', { provider: 'dream' }],
      ['getCasinoGames', { provider: 'king' }],
      ['getCasinoGames', { provider: 'mac' }],
      ['getCasinoGames', { provider: 'udan' }],
    ]);
    // The tile's picture is lazy and sized before it loads.
    const img = (await tile('Teen Patti 2020, Dream')).querySelector('img');
    expect(img?.getAttribute('loading')).toBe('lazy');
    expect(img?.getAttribute('width')).toBe('320');
    expect(img?.getAttribute('height')).toBe('240');
    expect(img?.getAttribute('src')).toBe('https://games.test/dream/images/tp2020.svg');
    // The chips count each provider's games.
    expect(screen.getByTestId('provider-chip-king').textContent).toBe('King 2');
    expect(screen.getByTestId('provider-chip-all').textContent).toBe('All providers 7');
  });

  it('/casino is the same lobby under the title Casino', async () => {
    renderCasino('/casino');
    expect(await screen.findByRole('heading', { level: 1, name: 'Casino' })).toBeTruthy();
    await tile('Andar Bahar, Mac');
  });

  it('narrows the tiles by category tab, provider chip and search, together', async () => {
    const { router } = renderCasino('/lobby');
    await tile('Dragon Tiger, Udan');
    const tabs = screen.getByRole('tablist', { name: 'Categories' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['All', 'Roulette', 'Blackjack', 'Table games', 'Dice']);

    fireEvent.click(within(tabs).getByRole('tab', { name: 'Table games' }));
    await waitFor(() =>
      expect(tileNames()).toEqual([
        'Teen Patti 2020, Dream',
        'Lucky 7, King',
        'Andar Bahar, Mac',
        'Dragon Tiger, Udan',
      ]),
    );
    expect(within(tabs).getByRole('tab', { name: 'Table games' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByTestId('provider-chip-king'));
    await waitFor(() => expect(tileNames()).toEqual(['Lucky 7, King']));
    expect(screen.getByTestId('provider-chip-king').getAttribute('aria-pressed')).toBe('true');

    // Pressing the chip again shows every provider again.
    fireEvent.click(screen.getByTestId('provider-chip-king'));
    await waitFor(() => expect(tileNames()).toHaveLength(4));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search games' }), { target: { value: 'TIGER' } });
    await waitFor(() => expect(tileNames()).toEqual(['Dragon Tiger, Udan']));
    // The filters are in the address, so the game page's back button finds them again.
    expect(router.state.location.search).toBe('?category=Table+games&q=TIGER');

    // The tabs move with the arrow keys; moving selects.
    fireEvent.click(within(tabs).getByRole('tab', { name: 'All' }));
    fireEvent.keyDown(within(tabs).getByRole('tab', { name: 'All' }), { key: 'End' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Dice'));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search games' }), { target: { value: '' } });
    await waitFor(() => expect(tileNames()).toEqual(['Dice, King']));
  });

  it('says when nothing matches and clears the filters on request', async () => {
    renderCasino('/lobby');
    await tile('Dragon Tiger, Udan');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search games' }), { target: { value: 'poker' } });
    expect(await screen.findByRole('heading', { name: 'No games match' })).toBeTruthy();
    expect(screen.getByText('Nothing is called "poker" here.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show all games' }));
    await waitFor(() => expect(tileNames()).toHaveLength(7));
    expect((screen.getByRole('searchbox', { name: 'Search games' }) as HTMLInputElement).value).toBe('');
  });

  it('shows a provider that answered 503 as unavailable, with its reason, and the others as usual', async () => {
    fakeCasinoApi.down.add('dream');
    renderCasino('/lobby');
    await tile('Dragon Tiger, Udan');
    const chip = await screen.findByTestId('provider-chip-dream');
    await waitFor(() => expect(chip.textContent).toBe('Dream unavailable'));
    expect(chip.tagName).not.toBe('BUTTON');
    const reason = document.getElementById(chip.getAttribute('aria-describedby') ?? '');
    expect(reason?.textContent).toBe('Dream is unavailable: Not answering right now');
    expect(tileNames()).not.toContain('Teen Patti 2020, Dream');
    expect(tileNames()).toHaveLength(6);

    // Back up: Try again asks it again and its games join the others.
    fakeCasinoApi.down.delete('dream');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await tile('Teen Patti 2020, Dream');
    expect(screen.getByTestId('provider-chip-dream').textContent).toBe('Dream 1');
  });

  it('says why when the chosen provider (from the address) is the one that is down', async () => {
    fakeCasinoApi.down.add('mac');
    renderCasino('/lobby?provider=mac');
    expect(await screen.findByRole('heading', { name: 'Mac is unavailable' })).toBeTruthy();
    expect(screen.getByText('Not answering right now. Choose another provider.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('provider-chip-all'));
    await waitFor(() => expect(tileNames()).toHaveLength(6));
  });

  it('says so, with a retry, when every provider fails', async () => {
    for (const p of ['international', 'dream', 'king', 'mac', 'udan'] as const) fakeCasinoApi.down.add(p);
    renderCasino('/lobby');
    expect(await screen.findByRole('heading', { name: 'The casino games could not be loaded' })).toBeTruthy();
    fakeCasinoApi.down.clear();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await tile('Dragon Tiger, Udan');
    expect(tileNames()).toHaveLength(7);
  });

  it('shows skeleton tiles while lists load, then the games in their place', async () => {
    for (const p of ['international', 'dream', 'king', 'mac', 'udan'] as const) fakeCasinoApi.hold(p);
    renderCasino('/lobby');
    await waitFor(() => expect(screen.getAllByTestId('game-skeleton')).toHaveLength(8));
    expect(screen.getByRole('status', { name: '' }).textContent).toBe('Loading games');
    expect(screen.getByTestId('provider-chip-mac').getAttribute('aria-busy')).toBe('true');

    act(() => fakeCasinoApi.release('mac'));
    await tile('Andar Bahar, Mac');
    // The rest still load: a row of skeletons after the games listed so far.
    expect(screen.getAllByTestId('game-skeleton')).toHaveLength(4);

    for (const p of ['international', 'dream', 'king', 'udan'] as const) act(() => fakeCasinoApi.release(p));
    await tile('Dragon Tiger, Udan');
    expect(screen.queryAllByTestId('game-skeleton')).toHaveLength(0);
  });

  it('says when the providers list no games at all', async () => {
    fakeCasinoApi.catalogue = {};
    renderCasino('/lobby');
    expect(await screen.findByRole('heading', { name: 'No casino games right now' })).toBeTruthy();
  });

  it('a tile goes to /lobby-page with the provider and the game code in the address', async () => {
    const { router } = renderCasino('/lobby?provider=dream');
    fireEvent.click(await tile('Teen Patti 2020, Dream'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby-page'));
    expect(router.state.location.search).toBe('?provider=dream&code=tp2020');
    expect(router.state.location.state).toEqual({ from: '/lobby?provider=dream' });
  });
});
