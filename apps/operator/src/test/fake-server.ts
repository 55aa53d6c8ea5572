import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { http } from '@/api/client';

/**
 * A fake of the server at the HTTP adapter: the console's own client, interceptors and parsing
 * run as in the browser; only the network is replaced. Handlers are keyed `METHOD /path`.
 */
export interface Answer {
  status?: number;
  data: unknown;
  headers?: Record<string, string>;
}
export interface SeenRequest {
  method: string;
  path: string;
  params: Record<string, unknown> | undefined;
  body: unknown;
  authorization: string | null;
}
type Handler = Answer | ((request: SeenRequest) => Answer);

export const ok = (result: unknown): Answer => ({ data: { success: true, result, error: null } });
export const refused = (
  status: number,
  code: string,
  message: string,
  extra: { validationErrors?: { field: string; message: string }[]; headers?: Record<string, string> } = {},
): Answer => ({
  status,
  data: {
    success: false,
    result: null,
    error: { code, message, ...(extra.validationErrors ? { validationErrors: extra.validationErrors } : {}) },
  },
  ...(extra.headers ? { headers: extra.headers } : {}),
});

export function fakeServer(handlers: Record<string, Handler> = {}) {
  const routes = new Map(Object.entries(handlers));
  const seen: SeenRequest[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toUpperCase();
    const path = config.url ?? '';
    const auth = config.headers.get('Authorization');
    const request: SeenRequest = {
      method,
      path,
      params: config.params as Record<string, unknown> | undefined,
      body: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      authorization: typeof auth === 'string' ? auth : null,
    };
    seen.push(request);
    const handler = routes.get(`${method} ${path}`);
    const answer: Answer = handler
      ? typeof handler === 'function'
        ? handler(request)
        : handler
      : refused(404, 'ROUTE_NOT_FOUND', 'This address does not exist.');
    const status = answer.status ?? 200;
    const response = { data: answer.data, status, statusText: '', headers: answer.headers ?? {}, config };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_REQUEST',
        config,
        null,
        response,
      );
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return {
    seen,
    /** Replace (or add) the answer of one route. */
    on(key: string, handler: Handler) {
      routes.set(key, handler);
    },
    calls(key: string): SeenRequest[] {
      return seen.filter((r) => `${r.method} ${r.path}` === key);
    },
  };
}

export function resetFakeServer(): void {
  http.defaults.adapter = undefined;
}
