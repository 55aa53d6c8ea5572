import * as Bt from '../betting';
import * as Tr from '../trading';
import { route } from './route-def';

/** Placing bets, cash out, open positions, and the operator's settlement of a market (server: betting/). */
export const bettingRoutes = {
  placeBetV2: route({
    method: 'POST',
    path: '/Bet/PlaceBetV2',
    auth: 'user',
    tag: 'Betting',
    summary:
      'Place a bet (idempotent by requestId; held for the in-play delay). Exchange bets match level by level at the asked price or better and the rest rests unmatched; bookmaker, toss and fancy bets match in full or are refused if the odds moved',
    query: undefined,
    body: Bt.PlaceBetInputSchema,
    result: Bt.PlaceBetResultSchema,
  }),
  placeBetV1: route({
    method: 'POST',
    path: '/Bet/PlaceBet',
    auth: 'user',
    tag: 'Betting',
    summary:
      "Place a bet, V1 body (for the family's older clients): placed as PlaceBetV2; answers the toast message",
    query: undefined,
    body: Bt.PlaceBetV1InputSchema,
    result: Bt.PlaceBetV1ResultSchema,
  }),
  cancelBet: route({
    method: 'POST',
    path: '/Bet/CancelBet',
    auth: 'user',
    tag: 'Betting',
    summary:
      "Cancel an order's unmatched stake, all or part (idempotent by requestId); answers what was left to cancel",
    query: undefined,
    body: Bt.CancelBetInputSchema,
    result: Bt.CancelBetResultSchema,
  }),
  updateBet: route({
    method: 'POST',
    path: '/Bet/UpdateBet',
    auth: 'user',
    tag: 'Betting',
    summary:
      "Move an order's unmatched stake to a new price (idempotent by requestId); what matches at once is matched",
    query: undefined,
    body: Bt.UpdateBetInputSchema,
    result: Bt.UpdateBetResultSchema,
  }),
  cashOutOffer: route({
    method: 'GET',
    path: '/Bet/GetCashOutOffer',
    auth: 'user',
    tag: 'Betting',
    summary:
      'The cash-out hedge of a match-odds market at the current best prices (place it with PlaceBetV2)',
    query: Bt.CashOutOfferQuerySchema,
    body: undefined,
    result: Bt.CashOutOfferResultSchema,
  }),
  userOpenBets: route({
    method: 'GET',
    path: '/Bet/GetUserOpenBets',
    auth: 'user',
    tag: 'Betting',
    summary: 'Open bets (matched parts and unmatched parts resting in the book) with balance and exposure',
    query: Bt.OpenBetsQuerySchema,
    body: undefined,
    result: Bt.OpenBetsResultSchema,
  }),
  userExpectedProfitLoss: route({
    method: 'GET',
    path: '/Bet/GetUserExpectedProfitLoss',
    auth: 'user',
    tag: 'Betting',
    summary: 'Profit or loss per runner (or per run bucket for fancy) of every open market',
    query: Bt.ExpectedProfitLossQuerySchema,
    body: undefined,
    result: Bt.ExpectedProfitLossResultSchema,
  }),
  adminSettleMarket: route({
    method: 'POST',
    path: '/admin/markets/settle',
    auth: 'operator',
    tag: 'Operator',
    summary: 'Settle or void a market by hand (idempotent)',
    query: undefined,
    body: Bt.AdminSettleMarketInputSchema,
    result: Bt.AdminSettleMarketResultSchema,
  }),
  // The operators' Trading screen (trader and owner): reads only, nothing is changed.
  adminMarkets: route({
    method: 'GET',
    path: '/admin/markets',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "Markets by sport and status (open, suspended, closed awaiting a result, settled, voided) with this site's bets on each: count, matched stake, the house's worst case (trader and owner)",
    query: Tr.AdminMarketsQuerySchema,
    body: undefined,
    result: Tr.TradingMarketListSchema,
  }),
  adminMarketBets: route({
    method: 'GET',
    path: '/admin/markets/bets',
    auth: 'operator',
    tag: 'Operator',
    summary: "The bets of this site's players on a market, newest first (trader and owner)",
    query: Tr.AdminMarketBetsQuerySchema,
    body: undefined,
    result: Tr.TradingBetListSchema,
  }),
  adminSettlePreview: route({
    method: 'GET',
    path: '/admin/markets/settle-preview',
    auth: 'operator',
    tag: 'Operator',
    summary:
      "What settling (or voiding) a market with this result would move for this site's players, by the settlement's own arithmetic; changes nothing (trader and owner)",
    query: Tr.SettlePreviewQuerySchema,
    body: undefined,
    result: Tr.SettlePreviewSchema,
  }),
} as const;
