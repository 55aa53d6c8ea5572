import { routes } from '@backlay/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../platform/http/define-route';
import type { StatementService } from './statement-service';

/** Bet history, profit and loss, and the account cash statement: always the signed-in user's own. */
export async function statementRoutes(app: FastifyInstance, opts: { statements: StatementService }) {
  const { statements } = opts;
  defineRoute(app, routes.userBetHistory, ({ body, user }) => statements.betHistory(user.userId, body));
  defineRoute(app, routes.userProfitLoss, ({ body, user }) => statements.profitLoss(user, body));
  defineRoute(app, routes.userProfitLossDetail, ({ query, user }) =>
    statements.profitLossDetail(user.userId, query.eventId),
  );
  defineRoute(app, routes.transactionHistory, ({ query, user }) => statements.statement(user.userId, query));
  defineRoute(app, routes.transactionDetail, ({ query, user }) => statements.statementDetail(user, query.id));
}
