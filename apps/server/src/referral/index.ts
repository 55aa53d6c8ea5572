/*
 * The referral feature's public entry: account records a referred player when they verify; the app
 * registers the plugin (routes, the qualification checks, the sweep).
 */
export { recordVerifiedReferral, ReferralService } from './referral-service';
export { referralPlugin } from './plugin';
