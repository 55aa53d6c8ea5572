import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Providers } from '@/app/App';
import { makeQueryClient } from '@/app/query-client';
import { renderConsole, signedInAs } from '@/test/console';
import { fakeServer, ok, refused, type SeenRequest } from '@/test/fake-server';
import {
  fancy,
  matchOdds,
  matchOddsBets,
  tradingBet,
  voidedFootball,
  voidPreview,
  winnerPreview,
} from '@/test/trading-fixtures';
import { TradingPage } from './TradingPage';

const MARKET = '1.200.1';

function marketsOf(req: SeenRequest, markets: Record<string, unknown>[]) {
  const { sport, status } = req.params ?? {};
  const items = markets.filter((m) => (!sport || m.sport === sport) && (!status || m.status === status));
  return ok({ totalCount: items.length, items });
}

function tradingServer(markets: Record<string, unknown>[] = [matchOdds(), fancy(), voidedFootball()]) {
  return fakeServer({
    'GET /admin/markets': (req) => marketsOf(req, markets),
    'GET /admin/markets/bets': ok({ totalCount: 3, items: matchOddsBets() }),
  });
}

/** Where the page keeps its state: the address, shown so a test can read it. */
function Address() {
  const location = useLocation();
  return <output data-testid="address">{location.search}</output>;
}

// The route is not wired into the console yet: the page alone, with the console's providers.
function renderTrading(path = '/trading') {
  return render(
    <Providers queryClient={makeQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/trading"
            element={
              <>
                <TradingPage />
                <Address />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </Providers>,
  );
}

async function openMarket(name: string) {
  fireEvent.click(await screen.findByRole('button', { name }));
  return screen.findByTestId('market-detail');
}

const address = () => screen.getByTestId('address').textContent;

describe('the Trading screen', () => {
  it("lists the markets with this site's book, sets apart those awaiting a result, and filters in the address", async () => {
    signedInAs('trader');
    const server = tradingServer();
    renderTrading();
    const awaiting = await screen.findByTestId(`market-${MARKET}`);
    expect(server.calls('GET /admin/markets')[0]!.params).toEqual({ MaxResultCount: 50, SkipCount: 0 });
    expect(awaiting.className).toContain('trading__row--awaiting');
    expect(awaiting.getAttribute('data-status')).toBe('closed');
    for (const text of [
      'India v Australia',
      'Cricket · Border-Gavaskar Trophy',
      'Match Odds',
      'Match odds',
      'Awaiting result',
      '2 players',
      '₹1,500.00',
      '+₹200.00 unmatched',
      '₹1,250.50',
      '1 bet',
    ]) {
      expect(awaiting.textContent).toContain(text);
    }
    const live = screen.getByTestId('market-9.200.6');
    expect(live.className).not.toContain('trading__row--awaiting');
    expect(live.textContent).toContain('Open');
    expect(live.textContent).toContain('In play');
    expect(live.textContent).toContain('Fancy');
    const voided = screen.getByTestId('market-1.300.1');
    expect(voided.textContent).toContain('Voided');
    expect(voided.textContent).toContain('Football · Premier League');
    expect(screen.getByText(/1 market on this page awaits a result/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: 'cricket' } });
    await waitFor(() => expect(screen.queryByTestId('market-1.300.1')).toBeNull());
    expect(server.calls('GET /admin/markets').at(-1)!.params).toEqual({
      sport: 'cricket',
      MaxResultCount: 50,
      SkipCount: 0,
    });
    expect(address()).toBe('?sport=cricket');

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'closed' } });
    await waitFor(() => expect(screen.queryByTestId('market-9.200.6')).toBeNull());
    expect(server.calls('GET /admin/markets').at(-1)!.params).toEqual({
      sport: 'cricket',
      status: 'closed',
      MaxResultCount: 50,
      SkipCount: 0,
    });
    expect(address()).toBe('?sport=cricket&status=closed');
    expect(screen.getByTestId(`market-${MARKET}`)).toBeTruthy();
  });

  it("reads the filters from the address, and pages through the server's list", async () => {
    signedInAs('owner');
    const server = fakeServer({
      'GET /admin/markets': ok({ totalCount: 120, items: [voidedFootball()] }),
    });
    renderTrading('/trading?sport=football&status=voided');
    await screen.findByTestId('market-1.300.1');
    expect(screen.getByLabelText<HTMLSelectElement>('Sport').value).toBe('football');
    expect(screen.getByLabelText<HTMLSelectElement>('Status').value).toBe('voided');
    expect(server.calls('GET /admin/markets')[0]!.params).toEqual({
      sport: 'football',
      status: 'voided',
      MaxResultCount: 50,
      SkipCount: 0,
    });
    expect(screen.getByText('Page 1 of 3 · 120 in all')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(server.calls('GET /admin/markets').at(-1)!.params).toMatchObject({ SkipCount: 50 }),
    );
    expect(address()).toContain('page=1');
  });

  it('searches the markets on the server by event or market name, kept in the address', async () => {
    signedInAs('trader');
    const server = fakeServer({
      'GET /admin/markets': ok({ totalCount: 1, items: [voidedFootball()] }),
    });
    renderTrading('/trading?status=voided');
    await screen.findByTestId('market-1.300.1');
    fireEvent.change(screen.getByLabelText('Event or market'), { target: { value: '  arsenal ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(server.calls('GET /admin/markets').at(-1)!.params).toEqual({
        status: 'voided',
        search: 'arsenal',
        MaxResultCount: 50,
        SkipCount: 0,
      }),
    );
    expect(address()).toContain('q=arsenal');
    expect(screen.getByLabelText<HTMLInputElement>('Event or market').value).toBe('arsenal');
  });

  it('opens a market below the list: its book and its bets, paged by the server', async () => {
    signedInAs('trader');
    const server = tradingServer();
    server.on('GET /admin/markets/bets', ok({ totalCount: 60, items: matchOddsBets() }));
    renderTrading();
    const detail = await openMarket('India v Australia, Match Odds');
    expect(address()).toBe(`?id=${MARKET}`);
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toContain(
      'India v Australia · Match Odds',
    );
    const book = within(detail).getByTestId('market-book');
    expect(book.textContent).toContain('Real money32₹1,500.00₹200.00₹1,250.50');
    expect(book.textContent).toContain('Play money11₹100.00₹0.00₹100.00');

    const back = await within(detail).findByTestId('bet-501');
    expect(server.calls('GET /admin/markets/bets')[0]!.params).toEqual({
      marketId: MARKET,
      MaxResultCount: 50,
      SkipCount: 0,
    });
    for (const text of ['rahul_k', 'Back', 'India', '@ 2.50', '₹1,000.00', 'Matched']) {
      expect(back.textContent).toContain(text);
    }
    expect(within(detail).getByTestId('bet-502').textContent).toContain('Lay');
    expect(within(within(detail).getByTestId('bet-503')).getByText('Demo')).toBeTruthy();

    fireEvent.click(within(detail).getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(server.calls('GET /admin/markets/bets').at(-1)!.params).toEqual({
        marketId: MARKET,
        MaxResultCount: 50,
        SkipCount: 50,
      }),
    );
  });

  it('settles on a winner only after the preview, and sends exactly the result previewed', async () => {
    signedInAs('trader');
    const server = tradingServer();
    server.on('GET /admin/markets/settle-preview', ok(winnerPreview()));
    server.on('POST /admin/markets/settle', () => {
      // From now on the server has the market settled and its bets marked.
      server.on('GET /admin/markets', (req) =>
        marketsOf(req, [
          matchOdds({
            status: 'settled',
            result: { kind: 'winner', runnerId: 11 },
            settledAt: '2025-11-24T12:00:00.000Z',
          }),
        ]),
      );
      server.on(
        'GET /admin/markets/bets',
        ok({ totalCount: 1, items: [tradingBet({ status: 'SETTLED', result: 1500 })] }),
      );
      return ok({ marketId: MARKET, settledUsers: 3, settledBets: 4, alreadySettled: false });
    });
    renderTrading();
    const detail = await openMarket('India v Australia, Match Odds');
    const settle = within(detail).getByRole('button', { name: 'Settle' });

    // No winner chosen: nothing is asked of the server.
    fireEvent.click(settle);
    expect(await within(detail).findByText('Choose the winning runner')).toBeTruthy();
    expect(server.calls('GET /admin/markets/settle-preview')).toHaveLength(0);

    fireEvent.click(within(detail).getByRole('radio', { name: 'India' }));
    fireEvent.click(settle);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm settlement' });
    expect(confirm.textContent).toContain('Settle India v Australia · Match Odds: India won.');
    await within(confirm).findByTestId('settle-preview');
    expect(server.calls('GET /admin/markets/settle-preview')[0]!.params).toEqual({
      marketId: MARKET,
      result: '{"kind":"winner","runnerId":11}',
    });
    const figure = (key: string) => within(confirm).getByTestId(`preview-${key}`).textContent;
    expect(figure('players')).toBe('Players21');
    expect(figure('paidToPlayers')).toBe('Paid to players₹1,470.00₹147.00');
    expect(figure('takenFromPlayers')).toBe('Taken from players₹400.00₹0.00');
    expect(figure('commission')).toBe('Commission₹30.00₹3.00');
    expect(figure('houseNet')).toBe('House result−₹1,070.00−₹147.00');
    expect(figure('exposureReleased')).toBe('Exposure released₹1,600.00₹100.00');
    expect(figure('lapsed')).toBe('Unmatched orders lapsed1 · ₹200.000 · ₹0.00');
    expect(within(confirm).queryByTestId('preview-refunds')).toBeNull();
    expect(figure('player-7')).toContain('+₹1,470.00');
    expect(figure('player-8')).toContain('−₹400.00');
    // While it is shown, the choice cannot change under it.
    expect(within(detail).getByRole('radio', { name: 'Australia' }).matches(':disabled')).toBe(true);

    // Cancelling sends nothing.
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls('POST /admin/markets/settle')).toHaveLength(0);

    const listsBefore = server.calls('GET /admin/markets').length;
    fireEvent.click(settle);
    const again = await screen.findByRole('dialog', { name: 'Confirm settlement' });
    const confirmButton = within(again).getByRole<HTMLButtonElement>('button', {
      name: 'Confirm settlement',
    });
    await waitFor(() => expect(confirmButton.disabled).toBe(false));
    fireEvent.click(confirmButton);
    await waitFor(() => expect(server.calls('POST /admin/markets/settle')).toHaveLength(1));
    expect(server.calls('POST /admin/markets/settle')[0]!.body).toEqual({
      marketId: MARKET,
      result: { kind: 'winner', runnerId: 11 },
    });
    expect(
      await screen.findByText(
        'Settled India v Australia · Match Odds (India won): 4 bets of 3 players (every site) settled.',
      ),
    ).toBeTruthy();
    expect(within(detail).getByTestId('settle-outcome').textContent).toBe(
      'Settled: India won. 4 bets of 3 players (every site) settled.',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(within(detail).getByTestId('settle-outcome'));
    // The list and the bets are read again, and say what the server now has.
    await waitFor(() => expect(server.calls('GET /admin/markets').length).toBeGreaterThan(listsBefore));
    await waitFor(() =>
      expect(screen.getByTestId(`market-${MARKET}`).getAttribute('data-status')).toBe('settled'),
    );
    expect(within(screen.getByTestId(`market-${MARKET}`)).getByText('Settled')).toBeTruthy();
    await waitFor(() => expect(within(detail).getByTestId('bet-501').textContent).toContain('+₹1,500.00'));
    expect(within(detail).queryByRole('button', { name: 'Settle' })).toBeNull();
  });

  it('voids a market with a reason: the preview shows the stakes given back, then every bet reads void', async () => {
    signedInAs('trader');
    const server = tradingServer();
    server.on('GET /admin/markets/settle-preview', ok(voidPreview()));
    server.on('POST /admin/markets/settle', () => {
      server.on('GET /admin/markets', (req) =>
        marketsOf(req, [
          matchOdds({ status: 'voided', result: { kind: 'void', reason: 'Match abandoned' } }),
        ]),
      );
      server.on(
        'GET /admin/markets/bets',
        ok({ totalCount: 3, items: matchOddsBets({ status: 'VOID', result: 0 }) }),
      );
      return ok({ marketId: MARKET, settledUsers: 3, settledBets: 3, alreadySettled: false });
    });
    // Filtered to the markets awaiting a result: once voided, the market leaves the list.
    renderTrading('/trading?status=closed');
    const detail = await openMarket('India v Australia, Match Odds');
    const voidButton = within(detail).getByRole('button', { name: 'Void market' });

    fireEvent.change(within(detail).getByLabelText('Reason to void'), { target: { value: ' ab ' } });
    fireEvent.click(voidButton);
    expect(await within(detail).findByText(/Give a reason of at least 3 characters/)).toBeTruthy();
    expect(server.calls('GET /admin/markets/settle-preview')).toHaveLength(0);

    fireEvent.change(within(detail).getByLabelText('Reason to void'), {
      target: { value: ' Match abandoned ' },
    });
    fireEvent.click(voidButton);
    const confirm = await screen.findByRole('dialog', { name: 'Confirm void' });
    expect(confirm.textContent).toContain('Void India v Australia · Match Odds (“Match abandoned”)');
    await within(confirm).findByTestId('settle-preview');
    expect(server.calls('GET /admin/markets/settle-preview')[0]!.params).toEqual({
      marketId: MARKET,
      result: '{"kind":"void","reason":"Match abandoned"}',
    });
    expect(within(confirm).getByTestId('preview-refunds').textContent).toBe(
      'Given back to players₹1,600.00₹100.00',
    );
    expect(within(confirm).getByTestId('preview-bets').textContent).toBe('Matched bets21');
    // Nobody wins or loses on a void: those figures are not shown.
    expect(within(confirm).queryByTestId('preview-houseNet')).toBeNull();
    expect(within(confirm).queryByTestId('preview-paidToPlayers')).toBeNull();

    fireEvent.click(await within(confirm).findByRole('button', { name: 'Confirm void' }));
    await waitFor(() => expect(server.calls('POST /admin/markets/settle')).toHaveLength(1));
    expect(server.calls('POST /admin/markets/settle')[0]!.body).toEqual({
      marketId: MARKET,
      result: { kind: 'void', reason: 'Match abandoned' },
    });
    expect(
      await screen.findByText(
        'Voided India v Australia · Match Odds: 3 bets of 3 players (every site) given their stakes back.',
      ),
    ).toBeTruthy();
    // The market left the filtered list; its detail stays, with the server's answer.
    await waitFor(() => expect(screen.queryByTestId(`market-${MARKET}`)).toBeNull());
    expect(within(detail).getByTestId('settle-outcome').textContent).toContain(
      'Voided: Void: Match abandoned.',
    );
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toContain('Voided');
    for (const id of [501, 502, 503]) {
      await waitFor(() =>
        expect(within(detail).getByTestId(`bet-${id}`).getAttribute('data-status')).toBe('VOID'),
      );
      expect(within(detail).getByTestId(`bet-${id}`).textContent).toContain('₹0.00');
    }
  });

  it('settles a fancy market on its runs, warning that the feed still offers it', async () => {
    signedInAs('owner');
    const server = tradingServer();
    server.on('GET /admin/markets/bets', ok({ totalCount: 0, items: [] }));
    server.on(
      'GET /admin/markets/settle-preview',
      ok({ ...winnerPreview(), result: { kind: 'runs', runs: 31 } }),
    );
    server.on(
      'POST /admin/markets/settle',
      ok({ marketId: '9.200.6', settledUsers: 2, settledBets: 2, alreadySettled: false }),
    );
    renderTrading();
    const detail = await openMarket('India v Australia, 6 Over Runs IND');
    expect(within(detail).getByText(/The feed still offers this market \(open\)/)).toBeTruthy();
    expect(within(detail).queryByRole('radio')).toBeNull();
    expect(await within(detail).findByText('No player of this site has bet on this market.')).toBeTruthy();

    fireEvent.change(within(detail).getByLabelText('Runs'), { target: { value: '31.5' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Settle' }));
    expect(await within(detail).findByText('The runs are a whole number, 0 or more')).toBeTruthy();

    fireEvent.change(within(detail).getByLabelText('Runs'), { target: { value: ' 31 ' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Settle' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm settlement' });
    expect(confirm.textContent).toContain('6 Over Runs IND: 31 runs.');
    await within(confirm).findByTestId('settle-preview');
    expect(server.calls('GET /admin/markets/settle-preview')[0]!.params).toEqual({
      marketId: '9.200.6',
      result: '{"kind":"runs","runs":31}',
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm settlement' }));
    await waitFor(() =>
      expect(server.calls('POST /admin/markets/settle')[0]!.body).toEqual({
        marketId: '9.200.6',
        result: { kind: 'runs', runs: 31 },
      }),
    );
  });

  it('shows a 409 refusal of the settlement plainly, and changes nothing else', async () => {
    signedInAs('trader');
    const server = tradingServer();
    server.on('GET /admin/markets/settle-preview', ok(winnerPreview()));
    server.on(
      'POST /admin/markets/settle',
      refused(
        409,
        'DUPLICATE_REQUEST',
        'Market 1.200.1 was already closed with another result (Australia won).',
      ),
    );
    renderTrading();
    const detail = await openMarket('India v Australia, Match Odds');
    await within(detail).findByTestId('bet-501');
    const listsBefore = server.calls('GET /admin/markets').length;
    fireEvent.click(within(detail).getByRole('radio', { name: 'India' }));
    fireEvent.click(within(detail).getByRole('button', { name: 'Settle' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm settlement' });
    await within(confirm).findByTestId('settle-preview');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirm settlement' }));

    const alert = await within(detail).findByTestId('settle-refusal');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(
      'Match Odds was not settled: Market 1.200.1 was already closed with another result (Australia won). (DUPLICATE_REQUEST)',
    );
    expect(await screen.findByText(/Match Odds: refused: Market 1.200.1 was already closed/)).toBeTruthy();
    expect(server.calls('POST /admin/markets/settle')).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(within(detail).queryByTestId('settle-outcome')).toBeNull();
    // The market is read again (someone decided it elsewhere), and the screen shows what the server has.
    await waitFor(() => expect(server.calls('GET /admin/markets').length).toBeGreaterThan(listsBefore));
    expect(screen.getByTestId(`market-${MARKET}`).getAttribute('data-status')).toBe('closed');
    expect(within(detail).getByRole('heading', { level: 2 }).textContent).toContain('Awaiting result');
    expect(within(detail).getByTestId('bet-501').getAttribute('data-status')).toBe('MATCHED');
    expect(within(detail).getByRole('radio', { name: 'India' }).matches(':disabled')).toBe(false);
  });

  it('shows a refused preview in the confirmation step and offers no confirmation', async () => {
    signedInAs('trader');
    const server = tradingServer();
    server.on(
      'GET /admin/markets/settle-preview',
      refused(
        409,
        'DUPLICATE_REQUEST',
        'Market 1.200.1 was already settled (India won): settling it again moves nothing.',
      ),
    );
    renderTrading();
    const detail = await openMarket('India v Australia, Match Odds');
    fireEvent.click(within(detail).getByRole('radio', { name: 'India' }));
    fireEvent.click(within(detail).getByRole('button', { name: 'Settle' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm settlement' });
    const problem = await within(confirm).findByRole('alert');
    expect(problem.textContent).toContain('settling it again moves nothing. (DUPLICATE_REQUEST)');
    expect(
      within(confirm).getByRole<HTMLButtonElement>('button', { name: 'Confirm settlement' }).disabled,
    ).toBe(true);
    expect(server.calls('POST /admin/markets/settle')).toHaveLength(0);
  });

  it('says "not allowed" when the settlement answers 403', async () => {
    signedInAs('trader');
    const server = tradingServer();
    server.on('GET /admin/markets/settle-preview', ok(voidPreview()));
    server.on('POST /admin/markets/settle', refused(403, 'FORBIDDEN', 'Your role may not do this.'));
    renderTrading();
    const detail = await openMarket('India v Australia, Match Odds');
    fireEvent.change(within(detail).getByLabelText('Reason to void'), { target: { value: 'Abandoned' } });
    fireEvent.click(within(detail).getByRole('button', { name: 'Void market' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm void' });
    fireEvent.click(await within(confirm).findByRole('button', { name: 'Confirm void' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const alert = await within(detail).findByRole('alert');
    expect(alert.textContent).toMatch(
      /Not allowed\. Your role \(Trader\) may not settle or void markets\. The server said: Your role may not do this\./,
    );
  });

  it('shows a decided market with its recorded result and nothing to settle', async () => {
    signedInAs('trader');
    tradingServer();
    renderTrading();
    const detail = await openMarket('Arsenal v Chelsea, Match Odds');
    expect(within(detail).getByTestId('market-result').textContent).toBe('Void: Match abandoned');
    expect(within(detail).queryByRole('button', { name: 'Settle' })).toBeNull();
    expect(within(detail).queryByRole('button', { name: 'Void market' })).toBeNull();
  });

  it("is the trader's screen in the console, and not support's", async () => {
    signedInAs('trader');
    const server = tradingServer();
    const { unmount } = renderConsole('/trading');
    await screen.findByTestId(`market-${MARKET}`);
    expect(screen.getByRole('link', { name: /Trading/ })).toBeTruthy();
    expect(server.calls('GET /admin/markets')[0]!.authorization).toBe('Bearer token-of-trader_op');
    unmount();

    signedInAs('support');
    const seen = server.calls('GET /admin/markets').length;
    renderConsole('/trading');
    expect((await screen.findByRole('alert')).textContent).toMatch(
      /Not allowed\. Your role \(Support\) may not use the Trading/,
    );
    expect(server.calls('GET /admin/markets')).toHaveLength(seen);
  });
});
