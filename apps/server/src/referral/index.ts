/* The referral feature's public entry: account calls it when a referred player is verified. */
export { recordVerifiedReferral } from './referral-service';
