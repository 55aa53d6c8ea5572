/** The CDN settings file for a host: test hosts share one file, real domains have their own. */
export function settingsFileName(hostname: string): string {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '127.0.0.1' || host.includes('test') || host.includes('preview')) {
    return 'test';
  }
  return host;
}

/** A cache-busting key between 100 and 1000 inclusive. */
export function randomCacheKey(random: () => number = Math.random): number {
  return 100 + Math.floor(random() * 901);
}
