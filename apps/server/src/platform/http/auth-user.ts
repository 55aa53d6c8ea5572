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
