/**
 * The 'to' target after login: a path inside this app, else the default. An outside address
 * ('//evil.example', 'https://…') would turn the login page into an open redirect.
 */
export function safeTarget(to: string | null | undefined, fallback: string): string {
  if (to == null || to === '') return fallback;
  if (!to.startsWith('/') || to.startsWith('//') || to.startsWith('/\\')) return fallback;
  if (/^\/auth(\/|$)/i.test(to)) return fallback;
  return to;
}

/** /auth/login?to=/bonus: the slashes of the target stay readable. */
export function loginPathFor(target: string): string {
  return `/auth/login?to=${encodeURIComponent(target).replace(/%2F/gi, '/')}`;
}
