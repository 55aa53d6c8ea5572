// The HTML shells of the pages: no inline script or style (the CSP forbids them); the bundled
// script builds the page from the JSON state.
import { PROVIDER_INFO, PROVIDERS } from '../catalogue/catalogue';
import type { Bundle } from './bundle';
import type { Session } from './sessions';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function shell(
  bundle: Bundle,
  script: keyof Bundle['names'],
  title: string,
  bodyAttrs: string,
  body: string,
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/assets/${bundle.names.styles}">
<script type="module" src="/assets/${bundle.names[script]}"></script>
</head>
<body ${bodyAttrs}>
${body}
</body>
</html>
`;
}

export function gamePage(bundle: Bundle, session: Session): string {
  const provider = PROVIDER_INFO[session.provider];
  const name = provider.games.find((g) => g.code === session.gameCode)?.name ?? session.gameCode;
  const base = `/${session.provider}/play/${session.id}`;
  const lobby = session.lobbyUrl
    ? `<a href="${escapeHtml(session.lobbyUrl)}" target="_top" data-testid="lobby-link">Lobby</a>`
    : '';
  return shell(
    bundle,
    session.gameCode === 'dice' ? 'dice' : 'table',
    `${name} · ${provider.title}`,
    `data-base="${escapeHtml(base)}" data-game="${escapeHtml(session.gameCode)}"`,
    `<main class="game">
<header class="bar">
<h1 data-testid="game-name">${escapeHtml(name)}</h1>
<span class="provider">${escapeHtml(provider.title)}</span>
${lobby}
<p class="balance">Balance <output data-testid="balance" aria-live="polite" aria-label="Balance">…</output></p>
</header>
<noscript><p>This game needs JavaScript.</p></noscript>
<div id="root"><p role="status">Loading the game…</p></div>
</main>`,
  );
}

const GAME_OPTIONS: readonly [string, string][] = [
  ['teen-patti-2020', 'Teen Patti 20-20'],
  ['andar-bahar', 'Andar Bahar'],
  ['dragon-tiger', 'Dragon Tiger'],
  ['lucky-7', 'Lucky 7'],
  ['dice', 'Dice'],
];

export function verifyPage(bundle: Bundle): string {
  const field = (name: string, label: string, extra = '') =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" autocomplete="off" spellcheck="false" ${extra}>`;
  return shell(
    bundle,
    'verify',
    'Verify a round · Backlay games',
    '',
    `<main class="verify">
<header class="bar"><h1>Verify a round</h1><span class="provider">provably fair</span></header>
<section class="panel">
<p class="muted">Your browser recomputes the round itself: it checks that SHA-256 of the revealed server seed is the
commitment shown before play, derives the floats with HMAC-SHA256(server seed, "clientSeed:nonce:round") and replays
the game's rules. Nothing is computed by our server.</p>
<form id="verify-form" method="get" action="/verify">
<label for="game">Game</label>
<select id="game" name="game">${GAME_OPTIONS.map(([v, l]) => `<option value="${v}">${l}</option>`).join('')}</select>
${field('serverSeed', 'Server seed (revealed)', 'required maxlength="64"')}
${field('commitment', 'Commitment (SHA-256 shown before the round)', 'maxlength="64"')}
${field('clientSeed', 'Client seed', 'required maxlength="64"')}
${field('nonce', 'Nonce', 'required inputmode="numeric"')}
${field('round', 'Round id (optional: compares with the recorded outcome)', 'maxlength="160"')}
<label for="provider">Provider (for the round id)</label>
<select id="provider" name="provider"><option value="">—</option>${PROVIDERS.map((p) => `<option value="${p}">${escapeHtml(PROVIDER_INFO[p].title)}</option>`).join('')}</select>
<p><button type="submit" class="bet" data-testid="verify-submit">Verify</button></p>
</form>
</section>
<section class="panel" id="verify-result" aria-live="polite" data-testid="verify-result"></section>
</main>`,
  );
}
