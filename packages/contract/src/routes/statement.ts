import * as Bt from '../betting';
import { route } from './route-def';

/** Bet history, profit and loss, and the cash statement read from the ledger (server: statement/). */
export const statementRoutes = {
  userBetHistory: route({
    method: 'POST',
    path: '/Bet/GetUserBetHistory',
    auth: 'user',
    tag: 'Betting',
    summary: 'Bets by date range, status and sport, paged',
    query: undefined,
    body: Bt.BetHistoryInputSchema,
    result: Bt.BetHistoryResultSchema,
  }),
  userProfitLoss: route({
    method: 'POST',
    path: '/Bet/GetUserProfitLoss',
    auth: 'user',
    tag: 'Betting',
    summary: 'Settled profit and loss by event over a date range',
    query: undefined,
    body: Bt.ProfitLossInputSchema,
    result: Bt.ProfitLossResultSchema,
  }),
  userProfitLossDetail: route({
    method: 'GET',
    path: '/Bet/GetUserProfitLossDetail',
    auth: 'user',
    tag: 'Betting',
    summary: "One event's settled markets and bets",
    query: Bt.ProfitLossDetailQuerySchema,
    body: undefined,
    result: Bt.ProfitLossDetailResultSchema,
  }),
  transactionHistory: route({
    method: 'GET',
    path: '/Transaction/GetHistory',
    auth: 'user',
    tag: 'Money',
    summary: 'The account cash statement: every ledger movement with a running balance',
    query: Bt.StatementQuerySchema,
    body: undefined,
    result: Bt.StatementResultSchema,
  }),
  transactionDetail: route({
    method: 'GET',
    path: '/Transaction/GetDetail',
    auth: 'user',
    tag: 'Money',
    summary: 'One statement line with the bets it settled',
    query: Bt.StatementDetailQuerySchema,
    body: undefined,
    result: Bt.StatementDetailResultSchema,
  }),
} as const;
