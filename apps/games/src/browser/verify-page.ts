// The verification page: recomputes a round in this browser from its revealed seed, with Web Crypto
// and the very rules the tables run (bundled from src/games), and compares it with the record.
import type { GameId } from '../games/game';
import { h, outcomeNode, replace } from './dom';
import { browserFloats, sha256Hex, streamInputProblem } from './floats';
import { BROWSER_GAMES, isGameId, outcomeView, sameValue } from './outcome-view';

const params = new URLSearchParams(location.search);
const form = document.getElementById('verify-form') as HTMLFormElement;
const out = document.getElementById('verify-result')!;

for (const name of ['game', 'serverSeed', 'commitment', 'clientSeed', 'nonce', 'round', 'provider']) {
  const field = form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
  const value = params.get(name);
  if (field && value !== null) field.value = value;
}

function line(testid: string, ok: boolean | undefined, text: string): HTMLElement {
  const mark = ok === undefined ? '•' : ok ? '✔' : '✘';
  return h(
    'p',
    {
      'data-testid': testid,
      'data-ok': ok === undefined ? undefined : String(ok),
      class: ok === false ? 'check bad' : 'check good',
    },
    `${mark} ${text}`,
  );
}

async function verify(): Promise<void> {
  const data = new FormData(form);
  const text = (k: string) => String(data.get(k) ?? '').trim();
  const game = text('game');
  const serverSeed = text('serverSeed').toLowerCase();
  const commitmentShown = text('commitment').toLowerCase();
  const clientSeed = text('clientSeed');
  const nonceText = text('nonce');
  const round = text('round');
  const provider = text('provider');
  if (!isGameId(game)) return replace(out, line('verify-error', false, 'Choose a game.'));
  const nonce = /^\d{1,15}$/.test(nonceText) ? Number(nonceText) : -1;
  const problem = streamInputProblem(serverSeed, clientSeed, nonce);
  if (problem) return replace(out, line('verify-error', false, problem));
  replace(out, h('p', { role: 'status', text: 'Recomputing…' }));

  const hash = await sha256Hex(serverSeed);
  const commitmentOk = hash === commitmentShown;
  const fairGame = BROWSER_GAMES[game as GameId];
  const floats = await browserFloats(serverSeed, clientSeed, nonce, fairGame.floatsPerRound);
  const outcome = fairGame.outcome(floats);
  const view = outcomeView(game as GameId, outcome);
  const parts: HTMLElement[] = [
    line(
      'verify-commitment',
      commitmentOk,
      commitmentOk
        ? `SHA-256(server seed) = ${hash}: the seed is the one committed to before play.`
        : `SHA-256(server seed) = ${hash}, not the commitment ${commitmentShown || '(none given)'}: this seed proves nothing about that round.`,
    ),
    h('h2', { text: `${fairGame.name}: ${view.headline}` }),
    h('p', { 'data-testid': 'verify-outcome', class: 'headline', text: view.headline }),
    outcomeNode(game as GameId, outcome, view),
    h(
      'details',
      {},
      h('summary', { text: `The ${floats.length} floats used` }),
      h('p', { class: 'floats', text: floats.join(', ') }),
    ),
  ];
  if (round && provider) {
    try {
      const response = await fetch(`/${encodeURIComponent(provider)}/rounds/${encodeURIComponent(round)}`, {
        cache: 'no-store',
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const record = (await response.json()) as {
        outcome?: unknown;
        game?: string;
        seeds?: { serverSeedHash?: string; clientSeed?: string; nonce?: number };
      };
      const sameSeeds =
        record.game === game &&
        record.seeds?.serverSeedHash === commitmentShown &&
        record.seeds.clientSeed === clientSeed &&
        record.seeds.nonce === nonce;
      const ok = sameSeeds && record.outcome !== undefined && sameValue(outcome, record.outcome);
      parts.push(
        line(
          'verify-record',
          ok,
          ok
            ? `Round ${round}: the recorded outcome matches this recomputation.`
            : `Round ${round}: the recorded outcome does not match (${sameSeeds ? 'different outcome' : 'different game or seeds'}).`,
        ),
      );
    } catch (error) {
      parts.push(
        line(
          'verify-record',
          undefined,
          `The record of round ${round} could not be read (${(error as Error).message}).`,
        ),
      );
    }
  }
  replace(out, ...parts);
}

form.addEventListener('submit', (event) => {
  event.preventDefault();
  const query = new URLSearchParams();
  for (const [k, v] of new FormData(form)) if (String(v).trim()) query.set(k, String(v).trim());
  history.replaceState(null, '', `?${query.toString()}`);
  void verify();
});
if (params.has('serverSeed')) void verify();
