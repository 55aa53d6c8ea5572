import type { CasinoCategory, CasinoGame, CasinoProviderId, RouteKey } from '@backlay/contract';
import { failWith, wireCall, type FakeCall } from '@/shared/http/testing';

/*
 * Tests only. Our server's two list routes in place of `@/shared/http/api` (each provider's
 * catalogue, a provider that is down answering 503 CASINO_PROVIDER_UNAVAILABLE, a provider held
 * pending until released), and the providers' own hosts in place of `fetch` for the launch call.
 */

export const PROVIDER_HOST = 'https://games.test';

export function wireGame(
  provider: CasinoProviderId,
  code: string,
  name: string,
  category = 'Table games',
): CasinoGame {
  return {
    id: `${provider}-${code}`,
    code,
    name,
    provider,
    category,
    imageURL: `${PROVIDER_HOST}/${provider}/images/${code}.svg`,
    url: provider === 'king' ? `${PROVIDER_HOST}/king/launch/${code}` : `${PROVIDER_HOST}/${provider}/launch`,
  };
}

/** Games grouped by category in the order first seen, as the server answers. */
export function byCategory(games: CasinoGame[]): CasinoCategory[] {
  const groups = new Map<string, CasinoGame[]>();
  for (const g of games) groups.set(g.category, [...(groups.get(g.category) ?? []), g]);
  return [...groups].map(([category, list]) => ({ category, games: list }));
}

export class FakeCasinoApi {
  catalogue: Partial<Record<CasinoProviderId, CasinoGame[]>> = {};
  /** Providers whose list answers 503 CASINO_PROVIDER_UNAVAILABLE. */
  down = new Set<CasinoProviderId>();
  /** Providers whose list waits until `release(provider)`. */
  private held = new Map<CasinoProviderId, { promise: Promise<void>; resolve: () => void }>();
  calls: FakeCall[] = [];

  reset() {
    this.catalogue = {};
    this.down.clear();
    for (const gate of this.held.values()) gate.resolve();
    this.held.clear();
    this.calls.length = 0;
  }

  hold(provider: CasinoProviderId) {
    let resolve = () => {};
    const promise = new Promise<void>((r) => (resolve = r));
    this.held.set(provider, { promise, resolve });
  }

  release(provider: CasinoProviderId) {
    this.held.get(provider)?.resolve();
    this.held.delete(provider);
  }

  private handle = async (key: RouteKey, { query }: { query: Record<string, unknown> }): Promise<unknown> => {
    let provider: CasinoProviderId;
    if (key === 'getInternationalGames') provider = 'international';
    else if (key === 'getCasinoGames') provider = query.provider as CasinoProviderId;
    else throw new Error(`unexpected call ${key}`);
    const gate = this.held.get(provider);
    if (gate) await gate.promise;
    if (this.down.has(provider))
      failWith('CASINO_PROVIDER_UNAVAILABLE', `The casino provider ${provider} is not answering.`);
    return byCategory(this.catalogue[provider] ?? []);
  };

  call = wireCall(this.handle, this.calls);
}

export const fakeCasinoApi = new FakeCasinoApi();

/** A launch call as a provider's host received it. */
export interface LaunchSeen {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

/** The providers' hosts: each launch is recorded and answered with what the test set. */
export class FakeProviderHosts {
  seen: LaunchSeen[] = [];
  answer: (request: LaunchSeen) => { status: number; body: unknown } = (r) => ({
    status: 200,
    body: { url: `${PROVIDER_HOST}/play/${this.seen.indexOf(r) + 1}` },
  });

  reset() {
    this.seen.length = 0;
    this.answer = (r) => ({
      status: 200,
      body: { url: `${PROVIDER_HOST}/play/${this.seen.indexOf(r) + 1}` },
    });
  }

  fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, name) => (headers[name] = value));
    const request: LaunchSeen = {
      url: String(input),
      method: init.method ?? 'GET',
      headers,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body,
    };
    this.seen.push(request);
    const { status, body } = this.answer(request);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  };
}

export const fakeProviderHosts = new FakeProviderHosts();
