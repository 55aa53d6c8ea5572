import type { OperatorRole, RouteDef } from '@backlay/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from './app-error';
import type { Executor } from '../db/database';
import type { AuthOperator, AuthUser, OperatorAction } from './auth-user';
import { hasNul } from './request-guard';

/** The parsed type of an optional schema; `undefined` when the route has none. */
type Out<S> = [NonNullable<S>] extends [never]
  ? undefined
  : NonNullable<S> extends z.ZodType
    ? z.output<NonNullable<S>>
    : undefined;

export interface RouteContext<R extends RouteDef> {
  query: Out<R['query']>;
  body: Out<R['body']>;
  /** The signed-in user: always set on 'user' routes, maybe on 'optional' ones. */
  user: [R['auth']] extends ['user'] ? AuthUser : AuthUser | null;
  /** The operator: always set on 'operator' routes, null elsewhere. */
  operator: [R['auth']] extends ['operator'] ? AuthOperator : null;
  /**
   * Writes one row of the operator audit log (who, role, domain, request id, address, time are
   * filled in) with the executor given: pass the action's own transaction, so the row and the action
   * commit together. Only on 'operator' routes.
   */
  audit: (executor: Executor, action: OperatorAction) => Promise<void>;
  req: FastifyRequest;
  reply: FastifyReply;
}

export interface RouteOptions {
  /** @fastify/rate-limit settings for this route. */
  rateLimit?: { max: number; timeWindow: number | string };
  /** A larger body than the app's default for this route alone (bytes): an uploaded image. */
  bodyLimit?: number;
  /**
   * On an 'operator' route, the roles that may call it besides `owner`, who may call every operator
   * route of its domain. None: the owner alone.
   */
  roles?: readonly Exclude<OperatorRole, 'owner'>[];
}

/** Zod issues as the envelope's validationErrors: one line per field, the first message wins. */
export function toValidationError(error: z.ZodError): AppError {
  const seen = new Set<string>();
  const validationErrors: { field: string; message: string }[] = [];
  for (const issue of error.issues) {
    const field = issue.path.join('.') || '(body)';
    if (seen.has(field)) continue;
    seen.add(field);
    validationErrors.push({ field, message: issue.message });
  }
  const first = validationErrors[0];
  return new AppError('VALIDATION_FAILED', first ? first.message : undefined, validationErrors);
}

/**
 * Who calls an operator route, and whether the route admits them: no operator credential answers
 * 401 (an operator token refused says why: expired, or not good here; the retired shared key
 * X-Admin-Key is no credential and says so), a player's token 403, and an operator whose role the
 * route does not admit 403 naming the roles it needs.
 */
function operatorOf(req: FastifyRequest, roles: readonly OperatorRole[] = []): AuthOperator {
  const operator = req.authOperator;
  if (!operator) {
    if (req.operatorAuthError) throw req.operatorAuthError;
    if (req.authUser) {
      throw new AppError('FORBIDDEN', 'This call is for operators: sign in with POST /admin/auth/login.');
    }
    if (req.headers['x-admin-key'] !== undefined) {
      throw new AppError(
        'UNAUTHENTICATED',
        'The X-Admin-Key is no longer accepted: operators sign in with POST /admin/auth/login.',
      );
    }
    throw new AppError('UNAUTHENTICATED', 'Operators sign in with POST /admin/auth/login.');
  }
  if (operator.role !== 'owner' && !roles.includes(operator.role)) {
    const needs = ['owner', ...roles].join(' or ');
    throw new RoleRefused(operator, needs);
  }
  return operator;
}

/** An operator's call beyond its role: refused, and kept in the audit log as an attempt. */
class RoleRefused extends AppError {
  constructor(
    readonly operator: AuthOperator,
    readonly needs: string,
  ) {
    super('FORBIDDEN', `Your role (${operator.role}) may not do this: it needs ${needs}.`);
  }
}

const NUL_MESSAGE = 'Text may not contain the NUL character.';
const EMPTY_BODY_MESSAGE = 'The request body is empty.';

/**
 * Where a NUL character hides in a decoded query or JSON body (values and keys), as a field path.
 * Walked with a stack of its own, not recursion: a body may nest arrays 100,000 deep.
 */
function findNul(root: unknown): (string | number)[] | null {
  interface Node {
    value: unknown;
    key: string | number | null;
    parent: Node | null;
  }
  const pathOf = (node: Node | null, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let n = node; n && n.key !== null; n = n.parent) path.unshift(n.key);
    return path;
  };
  const stack: Node[] = [{ value: root, key: null, parent: null }];
  while (stack.length > 0) {
    const node = stack.pop() as Node;
    const { value } = node;
    if (typeof value === 'string') {
      if (hasNul(value)) return pathOf(node);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: node });
    } else if (value && typeof value === 'object') {
      const entries = Object.entries(value);
      for (const [key] of entries) if (hasNul(key)) return pathOf(node, key);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as [string, unknown];
        stack.push({ value: item, key, parent: node });
      }
    }
  }
  return null;
}

function parse<S extends z.ZodType | undefined>(schema: S, value: unknown): Out<S> {
  if (!schema) return undefined as Out<S>;
  // No text with a NUL reaches a handler: the database could not store or compare it.
  const nulAt = findNul(value);
  if (nulAt) {
    const joined = nulAt.join('.');
    const field = joined.length > 200 ? `${joined.slice(0, 199)}…` : joined || '(body)';
    throw new AppError('VALIDATION_FAILED', NUL_MESSAGE, [{ field, message: NUL_MESSAGE }]);
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    // No body, or an empty one under any content type (body-parsers.ts), on a route that takes one.
    if (value === undefined) {
      throw new AppError('VALIDATION_FAILED', EMPTY_BODY_MESSAGE, [
        { field: '(body)', message: EMPTY_BODY_MESSAGE },
      ]);
    }
    throw toValidationError(result.error);
  }
  return result.data as Out<S>;
}

/**
 * Binds one contract route to its handler: the request is parsed (decoded) with the contract's
 * schemas, so the handler gets money as paise; its answer is encoded with the result schema (paise
 * back to wire rupees, and checked, so the server can never drift from the contract it publishes)
 * and wrapped in the envelope.
 */
export function defineRoute<R extends RouteDef>(
  app: FastifyInstance,
  def: R,
  handler: (ctx: RouteContext<R>) => Promise<z.output<R['result']>>,
  options: RouteOptions = {},
): void {
  app.route({
    method: def.method,
    url: def.path,
    config: options.rateLimit ? { rateLimit: options.rateLimit } : {},
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    handler: async (req, reply) => {
      // A suspended site answers its players only what its maintenance page needs (its settings);
      // its operators (every /admin/ call, their sign-in included) go on working: they run the
      // maintenance and reopen the site.
      if (
        req.domain.settings.siteSuspended &&
        def.tag !== 'Settings' &&
        def.tag !== 'Development' &&
        !def.path.toLowerCase().startsWith('/admin/')
      ) {
        throw new AppError('SITE_SUSPENDED');
      }
      const user = req.authUser;
      if (def.auth === 'user' && !user) throw req.authError ?? new AppError('UNAUTHENTICATED');
      let operator: AuthOperator | null = null;
      if (def.auth === 'operator') {
        try {
          operator = operatorOf(req, options.roles);
        } catch (err) {
          if (err instanceof RoleRefused) {
            // Written on its own (nothing else happens); a failed write leaves the refusal as it is.
            await app.operatorAudit
              .record(app.db, {
                action: 'auth.refused',
                target: `${def.method} ${def.path}`,
                after: { needs: err.needs },
                operator: err.operator,
                requestId: req.id,
                ip: req.ip,
              })
              .catch((auditErr: unknown) => req.log.error({ err: auditErr }, 'refused call not audited'));
          }
          throw err;
        }
      }
      const ctx = {
        query: parse(def.query, req.query ?? {}),
        body: parse(def.body, req.body),
        user,
        operator,
        audit: async (executor: Executor, action: OperatorAction) => {
          if (!operator) throw new Error(`${def.path} is not an operator route: nothing to audit`);
          await app.operatorAudit.record(executor, { ...action, operator, requestId: req.id, ip: req.ip });
        },
        req,
        reply,
      } as RouteContext<R>;
      const result = await handler(ctx);
      const encoded = z.safeEncode(def.result, result);
      if (!encoded.success) {
        req.log.error(
          { issues: encoded.error.issues, route: def.path },
          'answer does not match the contract',
        );
        throw new AppError('INTERNAL');
      }
      return { success: true, result: encoded.data, error: null };
    },
  });
}
