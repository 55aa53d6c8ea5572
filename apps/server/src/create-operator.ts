/*
 * Creates an operator straight in the database: a site's first owner (or an owner again when every
 * owner lost their authenticator). Run it where the server runs, with the server's environment
 * (DATABASE_URL, JWT_SECRET, or DATA_DIR for the development secrets and PGlite):
 *
 *   npm run operator:create -w @backlay/server -- --domain <site name or host> --user <name> [--role owner]
 *
 * The password is OPERATOR_PASSWORD when set (12+ characters), else a new one printed once. The
 * TOTP secret is printed once: add it (or the otpauth URI, as a QR code) to an authenticator app,
 * then sign in with POST /admin/auth/login on the site's host. On PGlite stop the server first
 * (one process at a time holds its files).
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { OperatorRoleSchema } from '@backlay/contract';
import { loadConfig } from './config';
import { BootstrapRefused, createOperatorDirectly, TotpSealer } from './operator';
import { openDatabase } from './platform/db/database';

const USAGE =
  'usage: npm run operator:create -w @backlay/server -- --domain <site name or host> --user <name> [--role owner|finance|trader|support]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    options: {
      domain: { type: 'string' },
      user: { type: 'string' },
      role: { type: 'string', default: 'owner' },
    },
  }).values;
} catch (err) {
  fail(`${(err as Error).message}\n${USAGE}`);
}
if (!args.domain || !args.user) fail(USAGE);
const role = OperatorRoleSchema.safeParse(args.role);
if (!role.success) fail(`--role: one of owner, finance, trader, support\n${USAGE}`);

let config;
try {
  config = loadConfig();
} catch (err) {
  fail((err as Error).message);
}
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  dataDir: config.DATABASE_URL ? undefined : `${config.dataDir}/pglite`,
  poolSize: 1,
});
try {
  const made = await createOperatorDirectly(database.db, new TotpSealer(config.jwtSecret), {
    domain: args.domain,
    userName: args.user,
    password: process.env.OPERATOR_PASSWORD,
    role: role.data,
    by: userInfo().username,
  });
  console.log(
    [
      `Made operator ${made.userName}: ${made.role} of site ${args.domain} (domain ${made.domainId}).`,
      made.generatedPassword
        ? `  password     ${made.generatedPassword}   (shown once; OPERATOR_PASSWORD sets your own)`
        : '  password     as given in OPERATOR_PASSWORD',
      `  TOTP secret  ${made.totpSecret}   (shown once: add it to an authenticator app)`,
      `  TOTP URI     ${made.totpUri}`,
      `Sign in: POST /admin/auth/login { userName, password, totp } on the site's host.`,
    ].join('\n'),
  );
} catch (err) {
  if (err instanceof BootstrapRefused) {
    process.exitCode = 1;
    console.error(err.message);
  } else {
    throw err;
  }
} finally {
  await database.close();
}
