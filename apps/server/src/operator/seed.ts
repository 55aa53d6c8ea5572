import type { OperatorRole } from '@backlay/contract';
import { hashPassword } from '../auth';
import type { Executor } from '../platform/db/database';
import { findDomainIdByName, findOperatorByName, insertOperator, insertRole } from './operator-repository';
import type { TotpSealer } from './totp';

/*
 * The demo operators: one of each role on the demo domain ('test': localhost), for development and
 * the browser journeys. They share a password and a TOTP secret written here, so they exist only
 * outside production: in production nothing is seeded, whatever SEED_DEMO_DATA says, and the first
 * owner is created with the bootstrap key (README.md).
 */

/** The demo operators' password (development only). */
export const DEMO_OPERATOR_PASSWORD = 'backlay-operator-dev';
/**
 * The demo operators' TOTP secret (development only), Base32: add it to an authenticator app, or
 * print the current code with `npm run operator:code -w @backlay/server`.
 */
export const DEMO_OPERATOR_TOTP_SECRET = 'BACKLAYDEVTOTPSECRETFOROPERATORS';
/** The demo operators' user names are their roles. */
export const DEMO_OPERATORS: readonly OperatorRole[] = ['owner', 'finance', 'trader', 'support'];
const DEMO_DOMAIN = 'test';

/**
 * Seeds the demo operators that do not exist yet (an operator changed since is left alone); answers
 * the names made. Does nothing in production.
 */
export async function seedDemoOperators(
  db: Executor,
  opts: { isProduction: boolean; sealer: TotpSealer },
): Promise<string[]> {
  if (opts.isProduction) return [];
  const domainId = await findDomainIdByName(db, DEMO_DOMAIN);
  if (domainId === null) return [];
  const made: string[] = [];
  let passwordHash: string | undefined;
  for (const role of DEMO_OPERATORS) {
    if (await findOperatorByName(db, role)) continue;
    passwordHash ??= await hashPassword(DEMO_OPERATOR_PASSWORD);
    const operatorId = await insertOperator(db, {
      userName: role,
      passwordHash,
      totpSecretSealed: opts.sealer.seal(role, DEMO_OPERATOR_TOTP_SECRET),
      createdBy: 'seed',
    });
    if (operatorId === null) continue;
    await insertRole(db, { operatorId, domainId, role });
    made.push(role);
  }
  return made;
}

/** How to sign in as a demo operator, for the development start banner. */
export function demoOperatorHints(url: string): string[] {
  return [
    `  console   ${url}/operator/ (the operators' console)`,
    `  operators ${DEMO_OPERATORS.join(', ')} (user name = role): password ${DEMO_OPERATOR_PASSWORD},`,
    `            TOTP secret ${DEMO_OPERATOR_TOTP_SECRET} (the code now: npm run operator:code -w @backlay/server)`,
    `            POST ${url}/admin/auth/login { userName, password, totp } → a bearer token for /admin/*`,
  ];
}
