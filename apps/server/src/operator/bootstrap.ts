import { randomBytes } from 'node:crypto';
import { CreateOperatorInputSchema, type OperatorEnrolment, type OperatorRole } from '@backlay/contract';
import { hashPassword } from '../auth';
import type { Db } from '../platform/db/database';
import * as repo from './operator-repository';
import { newTotpSecret, type TotpSealer, totpUri } from './totp';

/*
 * An operator written straight into the database by whoever runs the server (the operator:create
 * command): how a site gets its first owner, or an owner again when every owner lost their
 * authenticator. No shared secret is exposed on the network for it: running the command takes the
 * server's own DATABASE_URL and JWT_SECRET (the TOTP secret is sealed under it), which is as much
 * as SQL access. Once a site has an owner, the owner adds the others with POST /admin/operators.
 */

/** Why the command made nothing: a message for the person at the terminal. */
export class BootstrapRefused extends Error {}

export interface BootstrapInput {
  /** The site: its name ('test', its main host) or any of its hosts. */
  domain: string;
  userName: string;
  /** Absent: a new random password, answered once. */
  password?: string | undefined;
  role?: OperatorRole;
  /** Who ran it, for the audit log (an OS user name). */
  by: string;
}

export interface BootstrapResult extends OperatorEnrolment {
  /** The password made for the operator when none was given; null when one was given. */
  generatedPassword: string | null;
}

export async function createOperatorDirectly(
  db: Db,
  sealer: TotpSealer,
  input: BootstrapInput,
): Promise<BootstrapResult> {
  const generatedPassword = input.password ? null : randomBytes(18).toString('base64url');
  const parsed = CreateOperatorInputSchema.safeParse({
    userName: input.userName,
    password: input.password ?? generatedPassword,
    role: input.role ?? 'owner',
  });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`);
    throw new BootstrapRefused(lines.join('\n'));
  }
  const { userName, password, role } = parsed.data;
  const domainId = await repo.findDomainIdByNameOrHost(db, input.domain);
  if (domainId === null) {
    const known = await repo.domainNames(db);
    throw new BootstrapRefused(
      `No site is named or hosted at "${input.domain}". Sites: ${known.join(', ') || '(none yet)'}.`,
    );
  }
  const secret = newTotpSecret();
  const passwordHash = await hashPassword(password);
  const actor = `cli:${input.by}`.slice(0, 64);
  const operatorId = await db.transaction(async (tx) => {
    const id = await repo.insertOperator(tx, {
      userName,
      passwordHash,
      totpSecretSealed: sealer.seal(userName, secret),
      createdBy: actor,
    });
    if (id === null) throw new BootstrapRefused(`An operator already has the user name "${userName}".`);
    await repo.insertRole(tx, { operatorId: id, domainId, role });
    await repo.insertAudit(tx, {
      domainId,
      operatorId: null,
      actor,
      role: null,
      action: 'operator.create',
      target: `operator:${userName}`,
      before: null,
      after: { operatorId: id, role, by: 'operator:create' },
      requestId: `cli-${randomBytes(6).toString('hex')}`,
      ip: 'local',
    });
    return id;
  });
  return {
    operatorId,
    userName,
    role,
    domainId,
    totpSecret: secret,
    totpUri: totpUri(userName, secret),
    generatedPassword,
  };
}
