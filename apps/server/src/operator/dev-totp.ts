/*
 * Development helper: prints the current TOTP code of the demo operators (or of the Base32 secret
 * given as the argument), as an authenticator app would show it.
 *   npm run operator:code -w @backlay/server [-- <secret>]
 */
import { DEMO_OPERATOR_TOTP_SECRET } from './seed';
import { totpCode } from './totp';

const secret = process.argv[2] ?? DEMO_OPERATOR_TOTP_SECRET;
const now = Math.floor(Date.now() / 1000);
console.log(`${await totpCode(secret, now)}  (good for ${30 - (now % 30)} more seconds, once)`);
