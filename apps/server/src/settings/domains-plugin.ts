import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../platform/db/database';
import { AppError } from '../platform/http/app-error';
import { findDomainByHost, findDomainByName, listDomainHosts, type Domain } from './domain-repository';

declare module 'fastify' {
  interface FastifyRequest {
    /** The white-label domain this request belongs to. */
    domain: Domain;
  }
  interface FastifyInstance {
    domains: DomainResolver;
  }
}

/** The settings file name for a host: localhost, test and preview hosts share 'test'. */
export function settingsNameForHost(host: string): string {
  const h = normaliseHost(host);
  if (isLoopback(h) || h.includes('test') || h.includes('preview')) return 'test';
  return h;
}

export function normaliseHost(raw: string): string {
  let h = raw.trim().toLowerCase();
  if (h.startsWith('[')) h = h.slice(1, h.indexOf(']'));
  else if (h.split(':').length === 2) h = h.split(':')[0] ?? h;
  return h.replace(/\.$/, '');
}

const isLoopback = (h: string) => h === 'localhost' || h === '::1' || h.startsWith('127.');

const CACHE_MS = 5_000;

/** Host → domain, cached briefly: settings change rarely and every request needs them. */
export class DomainResolver {
  private readonly cache = new Map<string, { domain: Domain | null; at: number }>();
  private hostList: { hosts: Set<string>; at: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly fallbackToDemo: boolean,
  ) {}

  async byHost(rawHost: string): Promise<Domain | null> {
    const host = normaliseHost(rawHost);
    const hit = this.cache.get(host);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.domain;
    let domain = await findDomainByHost(this.db, host);
    if (!domain && (settingsNameForHost(host) === 'test' || this.fallbackToDemo)) {
      domain = await findDomainByName(this.db, 'test');
    }
    this.cache.set(host, { domain, at: Date.now() });
    return domain;
  }

  /** The domain a settings file name stands for ('test' or a host name). */
  async bySettingsName(name: string): Promise<Domain | null> {
    return name === 'test' ? findDomainByName(this.db, 'test') : this.byHost(name);
  }

  async isKnownHost(host: string): Promise<boolean> {
    if (!this.hostList || Date.now() - this.hostList.at > CACHE_MS) {
      this.hostList = { hosts: new Set(await listDomainHosts(this.db)), at: Date.now() };
    }
    return this.hostList.hosts.has(normaliseHost(host));
  }

  forget(): void {
    this.cache.clear();
    this.hostList = null;
  }
}

/** The host the client runs on: its Origin when cross-origin, else the Host header. */
export function clientHost(req: FastifyRequest): string {
  const origin = req.headers.origin;
  if (origin && origin !== 'null') {
    try {
      return new URL(origin).host;
    } catch {
      // A malformed Origin falls back to the Host header.
    }
  }
  return req.headers.host ?? 'localhost';
}

export const domainsPlugin = fp(
  async (app: FastifyInstance, opts: { resolver: DomainResolver }) => {
    app.decorate('domains', opts.resolver);
    app.decorateRequest('domain', null as unknown as Domain);
    app.addHook('onRequest', async (req) => {
      const domain = await opts.resolver.byHost(clientHost(req));
      if (!domain) throw new AppError('DOMAIN_UNKNOWN');
      req.domain = domain;
    });
  },
  { name: 'domains' },
);
