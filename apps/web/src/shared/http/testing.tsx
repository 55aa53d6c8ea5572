import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { ERRORS, moneyToWire, routes, type ErrorCode, type RouteKey } from '@backlay/contract';
import { z } from 'zod';
import { AppError } from './errors';
import { sanitizeIncoming } from './sanitize';

/*
 * Tests only: a fake server behind the client's `call`. A call goes as the real client sends it:
 * the body's money encoded to rupees by the route's schema, then decoded as the server does (the
 * query too); the handler answers wire JSON (rupees), which is sanitised and parsed with the
 * route's result schema, as the client does. Failures are the client's AppError with the
 * catalogue's code and text.
 */

export function failWith(code: ErrorCode, message?: string): never {
  throw new AppError({ code, message: message ?? ERRORS[code].message, status: ERRORS[code].status });
}

export interface FakeCall {
  key: RouteKey;
  body: unknown;
  query: unknown;
}

/** The `call` of `@/shared/http/api` over `handle`; every call is recorded in `calls`. */
export function wireCall(
  handle: (
    key: RouteKey,
    input: { body: Record<string, unknown>; query: Record<string, unknown> },
  ) => unknown,
  calls: FakeCall[],
) {
  return async (key: RouteKey, options: { body?: unknown; query?: unknown } = {}): Promise<unknown> => {
    const route = routes[key];
    let body: unknown = options.body;
    if (route.body !== undefined && options.body !== undefined) {
      const parsed = route.body.safeParse(moneyToWire(route.body, options.body));
      if (!parsed.success) failWith('VALIDATION_FAILED', z.prettifyError(parsed.error));
      body = parsed.data;
    }
    let query: unknown = options.query;
    if (route.query !== undefined && options.query != null) {
      // A query goes as text in the address.
      const text = Object.fromEntries(
        Object.entries(options.query as object).map(([k, v]) => [k, String(v)]),
      );
      const parsed = route.query.safeParse(text);
      if (!parsed.success) failWith('VALIDATION_FAILED', z.prettifyError(parsed.error));
      query = parsed.data;
    }
    calls.push({ key, body, query });
    const answer = await handle(key, {
      body: (body ?? {}) as Record<string, unknown>,
      query: (query ?? {}) as Record<string, unknown>,
    });
    return route.result.parse(sanitizeIncoming(JSON.parse(JSON.stringify(answer))));
  };
}

/** A page under a memory router at `path` with a fresh query client (no retries). */
export function renderPage(path: string, element: ReactNode) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [path] });
  const view = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}
