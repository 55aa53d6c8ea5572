/** What the start banner needs to know; `devHints` outside production, where the OTP outbox exists. */
export interface BannerInfo {
  url: string;
  storage: string;
  apiDocs: boolean;
  devHints: boolean;
  logFormat: 'json' | 'pretty';
  /** How to sign in as a demo operator (operator/seed.ts), shown only with `devHints`. */
  operatorHints?: readonly string[];
}

/**
 * The lines printed once the server listens: where to open it, and, in development, how to get in —
 * the demo user needs no account, and a new player's one-time code is not texted but kept in the
 * development outbox.
 */
export function startBanner(info: BannerInfo): string[] {
  const lines = [`Backlay is running at ${info.url}`, `  storage   ${info.storage}`];
  if (info.apiDocs) lines.push(`  API docs  ${info.url}/docs`);
  if (info.devHints) {
    lines.push(
      `  sign in   "Log in", then "Login as demo user": no account needed, the site's play money to bet with`,
      `  sign up   no SMS is sent in development: a new player's one-time code is at`,
      `            ${info.url}/dev/otp-outbox?mobile=<their mobile number>`,
      ...(info.operatorHints ?? []),
    );
  }
  lines.push(
    info.logFormat === 'pretty'
      ? '  logs      one line per refused or failed request; LOG_LEVEL=debug shows every request, LOG_FORMAT=json writes JSON'
      : '  logs      JSON lines (LOG_FORMAT=pretty for readable ones)',
  );
  return lines;
}
