// A few DOM helpers for the pages (no framework: the pages are small and must load fast in an iframe).
import { outcomeView, type OutcomeView } from './outcome-view';
import type { GameId } from '../games/game';

type Attrs = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;
type Child = Node | string | null | undefined | false;

/** An element with attributes (`on…` functions become listeners; false/undefined are left out). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value);
    else if (key === 'text') el.textContent = String(value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

export function replace(el: Element, ...children: Child[]): void {
  el.replaceChildren(...children.filter((c): c is Node | string => Boolean(c)));
}

/** A titled panel of a game page: a section named by its heading (`{id}-h`). */
export function panel(id: string, title: string, ...children: Child[]): HTMLElement {
  return h(
    'section',
    { class: 'panel', 'aria-labelledby': `${id}-h` },
    h('h2', { id: `${id}-h`, text: title }),
    ...children,
  );
}

/** A game's rules, folded away under "Rules". */
export function rulesPanel(rules: readonly string[]): HTMLElement {
  return h(
    'details',
    { class: 'panel rules' },
    h('summary', { text: 'Rules' }),
    h('ul', {}, ...rules.map((r) => h('li', { text: r }))),
  );
}

/** Cards as text with their colour, for the last result and the verification page. */
export function outcomeNode(
  game: GameId,
  outcome: unknown,
  view: OutcomeView = outcomeView(game, outcome),
): HTMLElement {
  return h(
    'div',
    { class: 'outcome' },
    ...view.hands.map((hand) =>
      h(
        'div',
        { class: 'hand' },
        h('span', { class: 'hand-label', text: hand.note ? `${hand.label} (${hand.note})` : hand.label }),
        h(
          'span',
          { class: 'cards' },
          ...hand.cards.map((c) => h('span', { class: c.red ? 'card red' : 'card', text: c.text })),
        ),
      ),
    ),
  );
}

/** JSON from the page's own endpoints; a refusal throws its `{ error: { code, message } }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly body: Record<string, unknown>,
  ) {
    super(message);
  }
}

export async function api<T>(url: string, init?: { method?: string; body?: unknown }): Promise<T> {
  const response = await fetch(url, {
    method: init?.method ?? 'GET',
    headers: init?.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init?.body === undefined ? undefined : JSON.stringify(init.body),
    cache: 'no-store',
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const error = (json as { error?: Record<string, unknown> } | undefined)?.error ?? {};
    throw new ApiError(
      response.status,
      typeof error.code === 'string' ? error.code : `HTTP_${response.status}`,
      typeof error.message === 'string' ? error.message : `The request failed (HTTP ${response.status})`,
      error,
    );
  }
  return json as T;
}

/** Live state: Server-Sent Events, with polling of `state` while the stream is down. */
export function listen<S>(base: string, apply: (state: S) => void): void {
  let polling: ReturnType<typeof setInterval> | undefined;
  const poll = () => {
    polling ??= setInterval(() => {
      api<S>(`${base}/state`).then(apply, () => undefined);
    }, 2_000);
  };
  if (typeof EventSource !== 'function') return poll();
  const source = new EventSource(`${base}/events`);
  source.addEventListener('state', (event) => apply(JSON.parse((event as MessageEvent<string>).data) as S));
  source.addEventListener('open', () => {
    if (polling) clearInterval(polling);
    polling = undefined;
  });
  source.addEventListener('error', () => {
    // The session is gone (404/401 close the stream for good): stop; otherwise poll until it is back.
    if (source.readyState === EventSource.CLOSED) return;
    poll();
  });
}

export function messageOf(error: unknown, rupees: (p: number) => string): string {
  if (error instanceof ApiError) {
    if (error.code === 'INSUFFICIENT_FUNDS' && typeof error.body.balance === 'number') {
      return `Not enough balance: you have ${rupees(error.body.balance)}.`;
    }
    if (error.code === 'BETTING_CLOSED') return 'Betting is closed for this round: wait for the next one.';
    return error.message;
  }
  return 'The game could not be reached. Check your connection and try again.';
}

export function shortHash(hash: string): string {
  return hash.length > 20 ? `${hash.slice(0, 10)}…${hash.slice(-8)}` : hash;
}
