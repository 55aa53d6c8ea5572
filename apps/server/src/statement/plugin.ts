import type { FastifyInstance } from 'fastify';
import { statementRoutes } from './routes';
import { StatementService } from './statement-service';

/** Statements: bet history, profit and loss and the cash statement, all the signed-in user's own. */
export async function statementPlugin(app: FastifyInstance) {
  await app.register(statementRoutes, { statements: new StatementService(app.db) });
}
