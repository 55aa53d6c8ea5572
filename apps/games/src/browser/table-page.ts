// The page of a shared-rounds table game (Teen Patti 20-20, Andar Bahar, Dragon Tiger, Lucky 7).
import type { GameId } from '../games/game';
import type { tableState } from '../server/views';
import { api, h, listen, messageOf, outcomeNode, panel, replace, rulesPanel, shortHash } from './dom';
import { outcomeView, rupeesText } from './outcome-view';

type State = ReturnType<typeof tableState>;

const PHASE_TEXT: Readonly<Record<string, string>> = {
  idle: 'Waiting for the first round',
  betting: 'Place your bets',
  closed: 'Betting closed',
  dealt: 'Dealing',
  settled: 'Round settled',
};
const STATUS_TEXT: Readonly<Record<string, string>> = {
  pending: 'Placing…',
  accepted: 'In play',
  refused: 'Refused',
  won: 'Won',
  lost: 'Lost',
  push: 'Stake returned',
  'half-lost': 'Half returned',
};

const base = document.body.dataset.base!;
const root = document.getElementById('root')!;
let state: State | undefined;
let skew = 0;
let stake = 10_000;
let placing = false;

// Built once from the first state; later states update these nodes in place (focus stays put).
const phase = h('span', { 'data-testid': 'round-phase', class: 'phase' });
const countdown = h('span', {
  'data-testid': 'countdown',
  role: 'timer',
  'aria-label': 'Seconds left to bet',
  class: 'countdown',
});
const roundNo = h('span', { class: 'round-no' });
const commitment = h('code', { 'data-testid': 'commitment', class: 'hash' });
const roundSeeds = h('span', { class: 'muted' });
const balance = document.querySelector<HTMLElement>('[data-testid="balance"]')!;
const chips = h('div', { class: 'chips', role: 'group', 'aria-label': 'Stake' });
const markets = h('div', { class: 'markets' });
const message = h('p', {
  'data-testid': 'bet-message',
  role: 'status',
  'aria-live': 'polite',
  class: 'message',
});
const myBets = h('ul', { 'data-testid': 'my-bets', class: 'my-bets' });
const lastResult = h('div', { 'data-testid': 'last-result', 'aria-live': 'polite', class: 'last-result' });
const strip = h('ol', {
  'data-testid': 'results-strip',
  class: 'strip',
  'aria-label': 'Last results, newest first',
});
const rounds = h('ul', { 'data-testid': 'past-rounds', class: 'past-rounds' });
const betButtons: HTMLButtonElement[] = [];
let shownResult = '';

function build(s: State): void {
  for (const paise of s.stakeChips) {
    const chip = h('button', {
      type: 'button',
      class: 'chip',
      'data-testid': `stake-chip-${paise / 100}`,
      'data-stake': paise,
      'aria-pressed': String(paise === stake),
      text: rupeesText(paise).replace('.00', ''),
      onclick: () => {
        stake = paise;
        for (const c of chips.querySelectorAll('button')) c.setAttribute('aria-pressed', String(c === chip));
      },
    });
    chips.append(chip);
  }
  for (const m of s.game.markets) {
    const button = h(
      'button',
      {
        type: 'button',
        class: 'bet',
        'data-testid': `bet-${m.market}`,
        'aria-label': `Bet on ${m.label} at ${m.oddsText}`,
        onclick: () => void bet(m.market, m.label),
      },
      h('span', { class: 'market-label', text: m.label }),
      h('span', { class: 'odds', text: m.oddsText }),
    );
    betButtons.push(button);
    markets.append(h('div', { class: 'market' }, button, h('p', { class: 'rule', text: m.rule })));
  }
  replace(
    root,
    h(
      'section',
      { class: 'round panel', 'aria-label': 'Round' },
      h('p', { class: 'round-line' }, roundNo, ' ', phase, ' ', countdown),
      h(
        'p',
        { class: 'seeds' },
        'Commitment (SHA-256 of this round’s server seed): ',
        commitment,
        ' ',
        roundSeeds,
      ),
    ),
    panel('stake', 'Stake', chips),
    panel('markets', 'Markets', markets, message),
    panel('mybets', 'My bets', myBets),
    panel('last', 'Last result', lastResult, strip),
    panel('rounds', 'Past rounds (provably fair)', rounds),
    rulesPanel(s.game.rules),
  );
}

function apply(next: State): void {
  if (!state) build(next);
  state = next;
  skew = next.serverNow - Date.now();
  if (next.balance !== null) balance.textContent = rupeesText(next.balance);
  const round = next.round;
  phase.textContent = round ? (PHASE_TEXT[round.phase] ?? round.phase) : PHASE_TEXT.idle!;
  phase.dataset.phase = round?.phase ?? 'idle';
  roundNo.textContent = round ? `Round ${round.number}` : '';
  commitment.textContent = round?.commitment ?? next.nextCommitment;
  commitment.title = round?.commitment ?? next.nextCommitment;
  roundSeeds.textContent = round ? `client seed ${round.clientSeed}, nonce ${round.nonce}` : '';
  tick();
  replace(
    myBets,
    ...(next.myBets.length === 0
      ? [h('li', { class: 'muted', text: 'No bets yet.' })]
      : next.myBets.map((b) =>
          h(
            'li',
            {
              'data-testid': 'my-bet',
              'data-status': b.status,
              'data-round': b.roundId,
              class: `my-bet ${b.status}`,
            },
            `${b.marketLabel} @ ${b.oddsText} · ${rupeesText(b.stake)} · `,
            h('strong', { 'data-testid': 'my-bet-status', text: STATUS_TEXT[b.status] ?? b.status }),
            b.payout !== null && b.payout > 0 ? ` · paid ${rupeesText(b.payout)}` : '',
          ),
        )),
  );
  const last = next.history[0];
  if (last && last.roundId !== shownResult) {
    shownResult = last.roundId;
    const view = outcomeView(last.game as GameId, last.outcome);
    replace(
      lastResult,
      h(
        'p',
        { class: 'headline' },
        `Round ${last.number ?? ''}: `,
        h('strong', { 'data-testid': 'last-result-headline', text: view.headline }),
      ),
      outcomeNode(last.game as GameId, last.outcome, view),
    );
  } else if (!last && !shownResult) {
    replace(
      lastResult,
      h('p', { class: 'muted', text: 'The first result appears when this round settles.' }),
    );
  }
  replace(
    strip,
    ...next.history.map((r) => {
      const view = outcomeView(r.game as GameId, r.outcome);
      return h('li', {
        class: `mark ${view.winner}`,
        title: `Round ${r.number}: ${view.headline}`,
        'aria-label': `Round ${r.number}: ${view.headline}`,
        text: view.mark,
      });
    }),
  );
  replace(
    rounds,
    ...next.history.map((r) =>
      h(
        'li',
        {},
        h('span', { text: `Round ${r.number}: ${outcomeView(r.game as GameId, r.outcome).headline}` }),
        h(
          'span',
          { class: 'muted' },
          ' seed ',
          h('code', {
            class: 'hash',
            title: r.serverSeed ?? '',
            text: r.serverSeed ? shortHash(r.serverSeed) : 'not revealed yet',
          }),
        ),
        r.verifyUrl
          ? h('a', {
              href: r.verifyUrl,
              target: '_blank',
              rel: 'noopener',
              'data-testid': 'verify-link',
              'aria-label': `Verify round ${r.number}`,
              text: 'Verify',
            })
          : null,
      ),
    ),
  );
}

function tick(): void {
  const round = state?.round;
  const open = round?.phase === 'betting';
  const left = open ? Math.max(0, Math.ceil((round.closesAt - (Date.now() + skew)) / 1000)) : 0;
  countdown.textContent = open ? `${left}s` : '';
  countdown.dataset.seconds = String(left);
  for (const b of betButtons) b.disabled = !open || placing;
}

async function bet(market: string, label: string): Promise<void> {
  if (placing) return;
  placing = true;
  tick();
  message.className = 'message';
  message.textContent = `Placing ${rupeesText(stake)} on ${label}…`;
  try {
    const answer = await api<{ balance: number | null }>(`${base}/bet`, {
      method: 'POST',
      body: { market, stakePaise: stake },
    });
    message.textContent = `Bet placed: ${rupeesText(stake)} on ${label}.`;
    if (answer.balance !== null) balance.textContent = rupeesText(answer.balance);
  } catch (error) {
    message.className = 'message error';
    message.textContent = messageOf(error, rupeesText);
  } finally {
    placing = false;
    tick();
  }
}

setInterval(tick, 250);
api<State>(`${base}/state?refresh=1`).then(
  (s) => {
    apply(s);
    listen<State>(base, apply);
  },
  (error: unknown) =>
    replace(root, h('p', { role: 'alert', class: 'message error', text: messageOf(error, rupeesText) })),
);
