import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERRORS } from '@backlay/contract';
import { useSessionStore } from '@/shared/session/session-store';
import { testUser } from '@/shared/session/testing';
import { fakeCasinoApi, fakeProviderHosts, wireGame } from '../testing/fake-casino-api';
import { renderCasino } from '../testing/render-casino';

vi.mock('@/shared/http/api', async () => {
  const { fakeCasinoApi: fake } = await import('../testing/fake-casino-api');
  return { call: (...args: Parameters<typeof fake.call>) => fake.call(...args) };
});

const frame = (title: string) => screen.findByTitle(title) as Promise<HTMLIFrameElement>;
const listCalls = () =>
  fakeCasinoApi.calls.filter((c) => c.key !== 'getInternationalGames').map((c) => c.query);

describe('/lobby-page', () => {
  const width = window.innerWidth;
  beforeEach(() => {
    window.localStorage.clear();
    window.localStorage.setItem('accessToken', 'token');
    useSessionStore.getState().setUser(testUser({ casinoToken: 'casino-token-1' }));
    fakeCasinoApi.reset();
    fakeCasinoApi.catalogue = {
      dream: [wireGame('dream', 'tp2020', 'Teen Patti 2020')],
      king: [wireGame('king', 'l7', 'Lucky 7')],
      mac: [wireGame('mac', 'ab', 'Andar Bahar')],
    };
    fakeProviderHosts.reset();
    vi.stubGlobal('fetch', fakeProviderHosts.fetch);
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    Object.defineProperty(window, 'innerWidth', { value: width, configurable: true });
  });

  it('opened by its address, finds the game in its provider list, posts the launch body and frames the answer', async () => {
    // dream answers inside `data`.
    fakeProviderHosts.answer = () => ({
      status: 200,
      body: { data: { url: 'https://games.test/dream/play/s1' } },
    });
    renderCasino('/lobby-page?provider=dream&code=tp2020');
    const game = await frame('Teen Patti 2020');
    expect(game.tagName).toBe('IFRAME');
    expect(game.getAttribute('src')).toBe('https://games.test/dream/play/s1');
    expect(game.getAttribute('allow')).toBe('fullscreen');
    expect(listCalls()).toEqual([{ provider: 'dream' }]);
    expect(fakeProviderHosts.seen).toEqual([
      {
        url: 'https://games.test/dream/launch',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: {
          gameCode: 'tp2020',
          casinoToken: 'casino-token-1',
          lobbyUrl: `${window.location.origin}/lobby`,
          platform: 'desktop',
        },
      },
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Teen Patti 2020' })).toBeTruthy();
    expect(screen.getByText('Dream', { selector: '.casino-badge' })).toBeTruthy();
  });

  it("launches king with no body and the token as a bearer, and takes a plain { url } answer; a phone asks for 'mobile'", async () => {
    fakeProviderHosts.answer = () => ({ status: 200, body: { url: 'https://games.test/king/play/k1' } });
    renderCasino('/lobby-page?provider=king&code=l7');
    expect((await frame('Lucky 7')).getAttribute('src')).toBe('https://games.test/king/play/k1');
    expect(fakeProviderHosts.seen).toEqual([
      {
        url: 'https://games.test/king/launch/l7',
        method: 'POST',
        headers: { authorization: 'Bearer casino-token-1' },
        body: undefined,
      },
    ]);

    cleanup();
    fakeProviderHosts.reset();
    Object.defineProperty(window, 'innerWidth', { value: 360, configurable: true });
    renderCasino('/lobby-page?provider=mac&code=ab');
    expect((await frame('Andar Bahar')).getAttribute('src')).toBe('https://games.test/play/1');
    expect(fakeProviderHosts.seen[0]?.body).toMatchObject({ gameCode: 'ab', platform: 'mobile' });
  });

  it("shows the provider's own message when it refuses, and tries again on request", async () => {
    fakeProviderHosts.answer = () => ({
      status: 404,
      body: { error: { code: 'GAME_NOT_FOUND', message: 'This table is closed for now.' } },
    });
    renderCasino('/lobby-page?provider=mac&code=ab');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The game could not be started' })).toBeTruthy();
    expect(within(alert).getByText('This table is closed for now.')).toBeTruthy();
    expect(screen.queryByTitle('Andar Bahar')).toBeNull();

    fakeProviderHosts.reset();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect((await frame('Andar Bahar')).getAttribute('src')).toBe('https://games.test/play/1');
  });

  it('asks the player to sign in again when the casinoToken is expired or not ours', async () => {
    fakeProviderHosts.answer = () => ({
      status: 401,
      body: { error: { code: 'CASINO_TOKEN_EXPIRED', message: 'Your game session has expired.' } },
    });
    const { router } = renderCasino('/lobby-page?provider=dream&code=tp2020');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Please sign in again' })).toBeTruthy();
    expect(within(alert).getByText('Your game session has expired.')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('link', { name: 'Sign in again' }));
    await screen.findByRole('heading', { name: 'Login page' });
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe(
      '/lobby-page?provider=dream&code=tp2020',
    );
  });

  it("shows the player's own time-out, self-exclusion or loss limit in the server's words, with the way to responsible gaming", async () => {
    for (const code of ['PLAYER_TIMED_OUT', 'PLAYER_SELF_EXCLUDED', 'LOSS_LIMIT_REACHED'] as const) {
      const { status, message } = ERRORS[code];
      fakeProviderHosts.reset();
      fakeProviderHosts.answer = () => ({ status, body: { error: { code, message } } });
      renderCasino('/lobby-page?provider=mac&code=ab');
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByRole('heading', { name: 'The game could not be started' })).toBeTruthy();
      expect(within(alert).getByText(message)).toBeTruthy();
      expect(within(alert).getByRole('link', { name: 'Responsible gaming' }).getAttribute('href')).toBe(
        '/responsible-gaming',
      );
      // Not a lost session, and another try would be refused the same way.
      expect(within(alert).queryByRole('link', { name: 'Sign in again' })).toBeNull();
      expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.queryByTitle('Andar Bahar')).toBeNull();
      expect(fakeProviderHosts.seen).toHaveLength(1);
      cleanup();
    }
  });

  it('says what went wrong when the provider answers something unreadable or nothing at all', async () => {
    fakeProviderHosts.answer = () => ({ status: 502, body: 'Bad gateway' });
    renderCasino('/lobby-page?provider=mac&code=ab');
    expect(await screen.findByText('The game could not be started (error 502).')).toBeTruthy();

    cleanup();
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    renderCasino('/lobby-page?provider=mac&code=ab');
    expect(await screen.findByText('Please Check Your Network Connection...')).toBeTruthy();
  });

  it('from a tile: uses the lobby list already loaded, reloads the game on request, and goes back to the lobby as left', async () => {
    const { router } = renderCasino('/lobby?provider=dream');
    fireEvent.click(await screen.findByRole('link', { name: 'Teen Patti 2020, Dream' }));
    expect((await frame('Teen Patti 2020')).getAttribute('src')).toBe('https://games.test/play/1');
    // The game's address came from the lobby's list: dream was asked once.
    expect(listCalls().filter((q) => (q as { provider: string }).provider === 'dream')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Reload game' }));
    await waitFor(async () =>
      expect((await frame('Teen Patti 2020')).getAttribute('src')).toBe('https://games.test/play/2'),
    );
    expect(fakeProviderHosts.seen).toHaveLength(2);

    fireEvent.click(screen.getByRole('button', { name: 'Back to lobby' }));
    await screen.findByRole('link', { name: 'Teen Patti 2020, Dream' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/lobby?provider=dream');
  });

  it('says when the game is not listed, when its provider is down, and when no game is named', async () => {
    renderCasino('/lobby-page?provider=dream&code=nope');
    expect(await screen.findByRole('heading', { name: 'This game is not available' })).toBeTruthy();
    expect(fakeProviderHosts.seen).toHaveLength(0);

    cleanup();
    fakeCasinoApi.down.add('king');
    renderCasino('/lobby-page?provider=king&code=l7');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'King is unavailable' })).toBeTruthy();
    expect(within(alert).getByText('The casino provider king is not answering.')).toBeTruthy();
    fakeCasinoApi.down.clear();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await frame('Lucky 7')).toBeTruthy();

    cleanup();
    const { router } = renderCasino('/lobby-page?provider=nobody&code=x');
    expect(await screen.findByRole('heading', { name: 'No game selected' })).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Go to the lobby' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
  });

  it('the back button goes to /lobby when the page was opened by its address', async () => {
    const { router } = renderCasino('/lobby-page?provider=mac&code=ab');
    await frame('Andar Bahar');
    fireEvent.click(screen.getByRole('button', { name: 'Back to lobby' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lobby'));
    expect(router.state.location.search).toBe('');
  });
});
