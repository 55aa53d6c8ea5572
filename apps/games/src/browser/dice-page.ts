// The Dice page: an instant roll on the player's own seed pair, with the quote, the seeds and rotation.
import { quote, type DiceDirection } from '../games/dice';
import type { diceState } from '../server/views';
import { api, h, listen, messageOf, panel, replace, rulesPanel, shortHash } from './dom';
import { hundredthsOf, hundredthsText, rupeesText } from './outcome-view';

type State = ReturnType<typeof diceState>;

const base = document.body.dataset.base!;
const root = document.getElementById('root')!;
const balance = document.querySelector<HTMLElement>('[data-testid="balance"]')!;
let state: State | undefined;
let busy = false;

const stakeInput = h('input', {
  id: 'stake',
  name: 'stake',
  inputmode: 'decimal',
  value: '100',
  'data-testid': 'dice-stake',
  'aria-describedby': 'stake-help',
});
const targetInput = h('input', {
  id: 'target',
  name: 'target',
  inputmode: 'decimal',
  value: '50.00',
  'data-testid': 'dice-target',
});
const targetRange = h('input', {
  type: 'range',
  min: '100',
  max: '9900',
  step: '1',
  value: '5000',
  'aria-label': 'Target',
  'data-testid': 'dice-target-range',
});
const under = h('input', {
  type: 'radio',
  name: 'direction',
  id: 'dir-under',
  value: 'under',
  checked: true,
  'data-testid': 'dice-under',
});
const over = h('input', {
  type: 'radio',
  name: 'direction',
  id: 'dir-over',
  value: 'over',
  'data-testid': 'dice-over',
});
const quoteLine = h('p', { 'data-testid': 'dice-quote', class: 'quote', 'aria-live': 'polite' });
const rollButton = h('button', { type: 'submit', class: 'bet', 'data-testid': 'dice-roll', text: 'Roll' });
const result = h('div', { 'data-testid': 'dice-result', 'aria-live': 'polite', class: 'last-result' });
const message = h('p', {
  'data-testid': 'bet-message',
  role: 'status',
  'aria-live': 'polite',
  class: 'message',
});
const seeds = h('dl', { class: 'seeds-list', 'data-testid': 'dice-seeds' });
const clientSeedInput = h('input', {
  id: 'client-seed',
  name: 'clientSeed',
  maxlength: '64',
  pattern: '[A-Za-z0-9_.\\-]{1,64}',
  placeholder: 'random if empty',
});
const revealed = h('ul', { class: 'past-rounds', 'data-testid': 'dice-revealed' });
const plays = h('ul', { class: 'past-rounds', 'data-testid': 'dice-plays' });

const direction = (): DiceDirection => (over.checked ? 'over' : 'under');

function readBet(): { stakePaise: number; direction: DiceDirection; target: number } | string {
  const stakePaise = hundredthsOf(stakeInput.value);
  const target = hundredthsOf(targetInput.value);
  if (stakePaise === undefined || stakePaise <= 0) return 'Enter a stake in rupees, e.g. 100 or 12.50.';
  if (target === undefined) return 'Enter a target such as 50.00.';
  try {
    quote(direction(), target);
  } catch {
    return direction() === 'under'
      ? 'Under takes a target from 1.00 to 98.00.'
      : 'Over takes a target from 2.00 to 99.00.';
  }
  return { stakePaise, direction: direction(), target };
}

function showQuote(): void {
  const bet = readBet();
  if (typeof bet === 'string') {
    quoteLine.textContent = bet;
    return;
  }
  const q = quote(bet.direction, bet.target);
  // Chance in hundredths of a percent, floored: integers only.
  const chance = Math.floor((q.winningRolls * 10_000) / q.totalRolls);
  const payout = Math.floor((bet.stakePaise * q.multiplier) / 10_000);
  quoteLine.textContent = `Multiplier ${q.multiplierText}× · win chance ${hundredthsText(chance)}% · pays ${rupeesText(payout)}`;
}

function build(): void {
  for (const el of [stakeInput, targetInput, under, over]) el.addEventListener('input', showQuote);
  targetInput.addEventListener('input', () => {
    const t = hundredthsOf(targetInput.value);
    if (t !== undefined) targetRange.value = String(t);
  });
  targetRange.addEventListener('input', () => {
    targetInput.value = hundredthsText(Number(targetRange.value));
    showQuote();
  });
  const form = h(
    'form',
    {
      class: 'panel dice-form',
      onsubmit: (e: Event) => {
        e.preventDefault();
        void roll();
      },
    },
    h('h2', { text: 'Roll' }),
    h('label', { for: 'stake', text: 'Stake (₹)' }),
    stakeInput,
    h('p', {
      id: 'stake-help',
      class: 'muted',
      text: `From ${rupeesText(state!.game.limits.min)} to ${rupeesText(state!.game.limits.max)}`,
    }),
    h(
      'div',
      { class: 'chips', role: 'group', 'aria-label': 'Stake chips' },
      ...state!.stakeChips.map((p) =>
        h('button', {
          type: 'button',
          class: 'chip',
          'data-testid': `stake-chip-${p / 100}`,
          text: rupeesText(p).replace('.00', ''),
          onclick: () => {
            stakeInput.value = String(p / 100);
            showQuote();
          },
        }),
      ),
    ),
    h(
      'fieldset',
      { class: 'direction' },
      h('legend', { text: 'Win when the roll is' }),
      under,
      h('label', { for: 'dir-under', text: 'Under the target' }),
      over,
      h('label', { for: 'dir-over', text: 'Over the target' }),
    ),
    h('label', { for: 'target', text: 'Target (0.00 to 100.00)' }),
    targetInput,
    targetRange,
    quoteLine,
    rollButton,
    message,
  );
  const rotateForm = h(
    'form',
    {
      class: 'panel',
      onsubmit: (e: Event) => {
        e.preventDefault();
        void rotate();
      },
    },
    h('h2', { text: 'Your seeds (provably fair)' }),
    seeds,
    h('label', { for: 'client-seed', text: 'New client seed' }),
    clientSeedInput,
    h('button', {
      type: 'submit',
      class: 'secondary',
      'data-testid': 'rotate-seed',
      text: 'Rotate seed (reveals the current server seed)',
    }),
    h('h3', { text: 'Revealed seeds' }),
    revealed,
  );
  replace(
    root,
    form,
    panel('result', 'Result', result),
    panel('plays', 'My rolls', plays),
    rotateForm,
    rulesPanel(state!.game.rules),
  );
  showQuote();
}

function apply(next: State): void {
  const first = !state;
  state = next;
  if (first) build();
  if (next.balance !== null) balance.textContent = rupeesText(next.balance);
  const pair = (term: string, value: string, testid: string) => [
    h('dt', { text: term }),
    h('dd', {}, h('code', { class: 'hash', 'data-testid': testid, text: value })),
  ];
  replace(
    seeds,
    ...pair('Commitment (SHA-256 of your server seed)', next.seeds.serverSeedHash, 'dice-commitment'),
    ...pair('Client seed', next.seeds.clientSeed, 'dice-client-seed'),
    ...pair('Next nonce', String(next.seeds.nextNonce), 'dice-nonce'),
    ...pair('Next server seed’s commitment', next.seeds.nextServerSeedHash, 'dice-next-commitment'),
  );
  replace(
    revealed,
    ...(next.revealed.length === 0
      ? [
          h('li', {
            class: 'muted',
            text: 'Rotate to reveal your current server seed and verify your rolls.',
          }),
        ]
      : next.revealed.map((r) =>
          h(
            'li',
            {},
            `Seed `,
            h('code', { class: 'hash', title: r.serverSeed, text: shortHash(r.serverSeed) }),
            ` (client seed ${r.clientSeed}, ${r.noncesUsed} rolls)`,
          ),
        )),
  );
  replace(
    plays,
    ...next.plays.map((p) =>
      h(
        'li',
        { 'data-testid': 'my-bet', 'data-status': p.status, class: `my-bet ${p.status}` },
        `${p.direction === 'under' ? 'Under' : 'Over'} ${hundredthsText(p.target)} · roll ${hundredthsText(p.roll)} · ${rupeesText(p.stake)} · `,
        h('strong', { text: p.status === 'won' ? `Won ${rupeesText(p.payout)}` : 'Lost' }),
        ` · nonce ${p.seeds.nonce} `,
        p.verifyUrl
          ? h('a', {
              href: p.verifyUrl,
              target: '_blank',
              rel: 'noopener',
              'data-testid': 'verify-link',
              text: 'Verify',
            })
          : h('span', { class: 'muted', text: '(verifiable after rotation)' }),
      ),
    ),
  );
}

async function roll(): Promise<void> {
  if (busy) return;
  const bet = readBet();
  if (typeof bet === 'string') {
    message.className = 'message error';
    message.textContent = bet;
    return;
  }
  busy = true;
  rollButton.disabled = true;
  message.className = 'message';
  message.textContent = 'Rolling…';
  try {
    const answer = await api<{ play: State['plays'][number]; balance: number | null; state: State }>(
      `${base}/dice`,
      { method: 'POST', body: bet },
    );
    const p = answer.play;
    replace(
      result,
      h('p', { class: 'roll', text: hundredthsText(p.roll) }),
      h('p', {
        class: 'headline',
        'data-testid': 'dice-result-headline',
        text: p.status === 'won' ? `You won ${rupeesText(p.payout)}` : `You lost ${rupeesText(p.stake)}`,
      }),
    );
    message.textContent = '';
    apply(answer.state);
  } catch (error) {
    message.className = 'message error';
    message.textContent = messageOf(error, rupeesText);
  } finally {
    busy = false;
    rollButton.disabled = false;
  }
}

async function rotate(): Promise<void> {
  const clientSeed = clientSeedInput.value.trim();
  try {
    const answer = await api<{ state: State }>(`${base}/rotate`, {
      method: 'POST',
      body: clientSeed ? { clientSeed } : {},
    });
    clientSeedInput.value = '';
    apply(answer.state);
  } catch (error) {
    message.className = 'message error';
    message.textContent = messageOf(error, rupeesText);
  }
}

api<State>(`${base}/state?refresh=1`).then(
  (s) => {
    apply(s);
    listen<State>(base, apply);
  },
  (error: unknown) =>
    replace(root, h('p', { role: 'alert', class: 'message error', text: messageOf(error, rupeesText) })),
);
