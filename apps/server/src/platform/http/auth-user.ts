import type { OperatorRole } from '@backlay/contract';
import type { Executor } from '../db/database';
import type { AppError } from './app-error';

/**
 * Who a request comes from. Platform declares it because defineRoute reads it (a 'user' route
 * needs one); auth/ fills it in from the bearer token, so platform never imports auth.
 */
export interface AuthUser {
  userId: number;
  domainId: number;
  sessionId: number;
  isDemo: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    authUser: AuthUser | null;
    /** Why a presented token was refused, for routes that need a user. */
    authError: AppError | null;
  }
}

/**
 * An operator a request comes from: an operator's token (operator/ fills it in, from the database,
 * so a changed role or a disabled operator counts at once), or the bootstrap operator key, which acts
 * as the owner of the request's domain (`operatorId` null, `userName` 'operator-key').
 */
export interface AuthOperator {
  operatorId: number | null;
  userName: string;
  /** The one domain the operator acts on: the request's, which its token was issued for. */
  domainId: number;
  role: OperatorRole;
  /** Epoch seconds of the sign-in the operator's token descends from (absent for system actors). */
  signedInAt?: number;
}

/** One operator action for the audit log; `before` and `after` are short JSON summaries. */
export interface OperatorAction {
  action: string;
  target?: string | null;
  before?: unknown;
  after?: unknown;
}

/** Writes the audit log; operator/ provides it (app.operatorAudit). */
export interface OperatorAuditWriter {
  record(
    executor: Executor,
    entry: OperatorAction & { operator: AuthOperator; requestId: string; ip: string },
  ): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    authOperator: AuthOperator | null;
    /** Why a presented operator token was refused, for operator routes. */
    operatorAuthError: AppError | null;
  }
  interface FastifyInstance {
    operatorAudit: OperatorAuditWriter;
  }
}
