import type { AuditLogItem, OperatorEnrolment, OperatorLoginResult, OperatorRole } from '@backlay/contract';
import { judgeSignIn, SIGN_IN_LIMITS, SignInDelayed } from '../account';
import { hashPassword, verifyPassword } from '../auth';
import type { Db, Executor } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import type { AuthOperator, OperatorAction, OperatorAuditWriter } from '../platform/http/auth-user';
import { OPERATOR_SESSION_MAX_SECONDS, type OperatorTokens } from './operator-tokens';
import * as repo from './operator-repository';
import { newTotpSecret, type TotpSealer, totpUri, verifyTotp } from './totp';

/** Where a request comes from, as the audit log records it. */
export interface RequestOrigin {
  requestId: string;
  ip: string;
}

/** The audit log's writer: one row per operator action, in the action's own transaction. */
export class OperatorAuditTrail implements OperatorAuditWriter {
  async record(
    executor: Executor,
    entry: OperatorAction & { operator: AuthOperator; requestId: string; ip: string },
  ): Promise<void> {
    await repo.insertAudit(executor, {
      domainId: entry.operator.domainId,
      operatorId: entry.operator.operatorId,
      actor: entry.operator.userName,
      role: entry.operator.role,
      action: entry.action,
      target: entry.target ?? null,
      before: entry.before ?? null,
      after: entry.after ?? null,
      requestId: entry.requestId,
      ip: entry.ip,
    });
  }
}

/**
 * Operator accounts (section C5): sign-in with a password and a TOTP code, the owner's management of
 * its domain's operators, and the audit log read back.
 */
export class OperatorService {
  constructor(
    private readonly db: Db,
    private readonly tokens: OperatorTokens,
    private readonly sealer: TotpSealer,
    private readonly audit: OperatorAuditTrail,
  ) {}

  /**
   * Password and code, on the site whose host the call came to. Every refusal answers alike
   * (INVALID_CREDENTIALS: unknown name, wrong password, wrong or replayed code, no role on this
   * site), so nothing says which part was wrong; each is an `auth.sign_in_failed` row, and the
   * players' sign-in guard applies: five free tries per name and address, then 30 s, 1 min, 2 min…
   * up to 15 min; past 100 failures a day on a name only addresses it signed in from may try.
   */
  async login(
    domainId: number,
    input: { userName: string; password: string; totp: string },
    from: RequestOrigin,
  ): Promise<OperatorLoginResult> {
    const typed = input.userName.slice(0, 64);
    const now = Date.now();
    const record = await repo.signInRecord(
      this.db,
      typed,
      from.ip,
      new Date(now - SIGN_IN_LIMITS.windowMs),
      new Date(now - SIGN_IN_LIMITS.knownForMs),
    );
    const verdict = judgeSignIn(
      { accountFailures: record.nameFailures, address: record.address, device: null },
      now,
    );
    if (!verdict.allowed) {
      if (verdict.reason === 'wait') throw new SignInDelayed(verdict.retryAfterSeconds);
      throw new AppError(
        'RATE_LIMITED',
        'Too many failed sign-ins on this name. Please sign in from a network you have used before, or try again later.',
      );
    }
    const operator = await repo.findOperatorByName(this.db, typed);
    const refuse = async (operatorId: number | null, why: string): Promise<never> => {
      await repo.insertAudit(this.db, {
        domainId,
        operatorId,
        actor: operator?.userName ?? typed,
        role: null,
        action: 'auth.sign_in_failed',
        target: null,
        before: null,
        after: { why },
        requestId: from.requestId,
        ip: from.ip,
      });
      throw new AppError('INVALID_CREDENTIALS', 'Invalid user name, password or code.');
    };
    // The password's work is spent whether or not the name exists.
    const passwordOk = await verifyPassword(operator?.passwordHash ?? null, input.password);
    if (!operator) return refuse(null, 'unknown name');
    if (!passwordOk) return refuse(operator.id, 'password');
    const secret = this.sealer.open(operator.userName, operator.totpSecretSealed);
    const step = secret ? await verifyTotp(secret, input.totp, operator.totpLastStep) : null;
    if (step === null) return refuse(operator.id, secret ? 'code' : 'code (secret unreadable: reset it)');
    if (operator.status !== 'active') return refuse(operator.id, 'disabled');
    const role = await repo.roleOn(this.db, operator.id, domainId);
    if (!role) return refuse(operator.id, 'no role on this domain');
    // A code is good once, even within its 30 seconds: of two racing sign-ins with it, one wins.
    if (!(await repo.claimTotpStep(this.db, operator.id, step))) return refuse(operator.id, 'code replayed');
    const signed = await this.tokens.sign(operator.id, domainId, operator.tokenVersion);
    await this.audit.record(this.db, {
      operator: { operatorId: operator.id, userName: operator.userName, domainId, role },
      action: 'auth.sign_in',
      requestId: from.requestId,
      ip: from.ip,
    });
    return {
      accessToken: signed.token,
      expireInSeconds: signed.expireInSeconds,
      operator: { userName: operator.userName, role, domainId },
    };
  }

  /**
   * A fresh token for an operator whose token still works (the auth hook has checked it, the
   * operator and its TOTP version), descending from the same sign-in: a session is renewed while the
   * operator works, and ends OPERATOR_SESSION_MAX_SECONDS after the password and code were given.
   */
  async refresh(operator: AuthOperator): Promise<OperatorLoginResult> {
    const signedInAt = operator.signedInAt;
    if (operator.operatorId == null || signedInAt == null) {
      throw new AppError('UNAUTHENTICATED', 'This operator token cannot be renewed.');
    }
    const now = Math.floor(Date.now() / 1000);
    if (now - signedInAt >= OPERATOR_SESSION_MAX_SECONDS) {
      throw new AppError('TOKEN_EXPIRED', 'Your operator session is over (12 hours). Please sign in again.');
    }
    // The auth hook matched the token's version with this one a moment ago.
    const current = await repo.findActiveOperatorOnDomain(this.db, operator.operatorId, operator.domainId);
    if (!current) throw new AppError('UNAUTHENTICATED', 'This operator token is not good on this site.');
    const signed = await this.tokens.sign(
      operator.operatorId,
      operator.domainId,
      current.tokenVersion,
      signedInAt,
    );
    // Never past the session's end: the last token of a session is shorter.
    const left = signedInAt + OPERATOR_SESSION_MAX_SECONDS - now;
    return {
      accessToken: signed.token,
      expireInSeconds: Math.min(signed.expireInSeconds, left),
      operator: { userName: operator.userName, role: operator.role, domainId: operator.domainId },
    };
  }

  /**
   * The owner adds an operator with one role on the owner's domain. The name is one across every
   * domain (409 USERNAME_TAKEN if any operator has it). The TOTP secret is answered once.
   */
  async create(
    owner: AuthOperator,
    input: { userName: string; password: string; role: OperatorRole },
    audit: (executor: Executor, action: OperatorAction) => Promise<void>,
  ): Promise<OperatorEnrolment> {
    const secret = newTotpSecret();
    const passwordHash = await hashPassword(input.password);
    const operatorId = await this.db.transaction(async (tx) => {
      const id = await repo.insertOperator(tx, {
        userName: input.userName,
        passwordHash,
        totpSecretSealed: this.sealer.seal(input.userName, secret),
        createdBy: owner.userName,
      });
      if (id === null) throw new AppError('USERNAME_TAKEN', 'An operator already has this user name.');
      await repo.insertRole(tx, { operatorId: id, domainId: owner.domainId, role: input.role });
      await audit(tx, {
        action: 'operator.create',
        target: `operator:${input.userName}`,
        before: null,
        after: { operatorId: id, role: input.role },
      });
      return id;
    });
    return this.enrolment(operatorId, input.userName, input.role, owner.domainId, secret);
  }

  /**
   * The owner gives an operator a new TOTP secret (a lost phone): the old codes and every token the
   * operator holds stop at once. Only for an operator whose every role is on the owner's domain: an
   * owner never changes how someone signs in to another site.
   */
  async resetTotp(
    owner: AuthOperator,
    userName: string,
    audit: (executor: Executor, action: OperatorAction) => Promise<void>,
  ): Promise<OperatorEnrolment> {
    const operator = await repo.findOperatorByName(this.db, userName);
    const domains = operator ? await repo.domainsOf(this.db, operator.id) : [];
    const role = operator ? await repo.roleOn(this.db, operator.id, owner.domainId) : null;
    if (!operator || !role) throw new AppError('NOT_FOUND', 'No operator of this site has that user name.');
    if (domains.some((d) => d !== owner.domainId)) {
      throw new AppError(
        'FORBIDDEN',
        'This operator also works on other sites: ask the platform to reset it.',
      );
    }
    const secret = newTotpSecret();
    await this.db.transaction(async (tx) => {
      await repo.replaceTotpSecret(tx, operator.id, this.sealer.seal(operator.userName, secret));
      await audit(tx, {
        action: 'operator.reset_totp',
        target: `operator:${operator.userName}`,
        before: { tokenVersion: operator.tokenVersion },
        after: { tokenVersion: operator.tokenVersion + 1 },
      });
    });
    return this.enrolment(operator.id, operator.userName, role, owner.domainId, secret);
  }

  async auditLog(
    domainId: number,
    query: {
      MaxResultCount: number;
      SkipCount: number;
      actor?: string | undefined;
      action?: string | undefined;
      from?: string | undefined;
      to?: string | undefined;
    },
  ): Promise<{ totalCount: number; items: AuditLogItem[] }> {
    const { total, rows } = await repo.listAudit(
      this.db,
      domainId,
      { limit: query.MaxResultCount, offset: query.SkipCount },
      {
        actor: query.actor,
        action: query.action,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      },
    );
    return {
      totalCount: total,
      items: rows.map((r) => ({
        id: r.id,
        at: r.at.toISOString(),
        actor: r.actor,
        role: r.role,
        action: r.action,
        target: r.target,
        before: r.before ?? null,
        after: r.after ?? null,
        requestId: r.requestId,
        ip: r.ip,
      })),
    };
  }

  private enrolment(
    operatorId: number,
    userName: string,
    role: OperatorRole,
    domainId: number,
    secret: string,
  ): OperatorEnrolment {
    return { operatorId, userName, role, domainId, totpSecret: secret, totpUri: totpUri(userName, secret) };
  }
}
