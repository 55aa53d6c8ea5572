/** The site's settings as the owner edits them (GET /admin/site-settings), with their version. */
export const SITE_SETTINGS_KEY = 'admin-site-settings';

/** The public settings the shell reads for the site's name (src/shared/site.ts): a save refreshes it. */
export const PUBLIC_SETTINGS_KEY = 'site-settings';

export const CASHIER_SETTINGS_KEY = 'admin-cashier-settings';
export const BONUSES_KEY = 'admin-bonuses';
export const REFERRAL_SETTINGS_KEY = 'admin-referral-settings';
export const CASINO_PROVIDERS_KEY = 'admin-casino-providers';
/** The operator's pages (rules, exclusion policy, responsible gaming) in every language. */
export const SITE_PAGES_KEY = 'admin-site-pages';
