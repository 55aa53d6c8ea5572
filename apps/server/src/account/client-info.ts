import type { FastifyRequest } from 'fastify';

/** Where a request came from, as the login-activity page shows it. */
export function clientInfo(req: FastifyRequest) {
  const userAgent = String(req.headers['user-agent'] ?? '').slice(0, 512);
  return { ip: req.ip, userAgent, clientName: browserName(userAgent) };
}

export function browserName(ua: string): string {
  const rules: [RegExp, string][] = [
    [/Edg\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/SamsungBrowser/, 'Samsung Internet'],
    [/Chrome\/|CriOS/, 'Chrome'],
    [/Firefox\/|FxiOS/, 'Firefox'],
    [/Safari\//, 'Safari'],
    [/node|undici|axios|curl/i, 'API client'],
  ];
  return rules.find(([re]) => re.test(ua))?.[1] ?? 'Unknown';
}
