// Each game's tile, drawn here as SVG (no copied pictures), tinted with its provider's colours.
import type { GameId } from '../games/game';
import type { ProviderInfo } from './catalogue';

const W = 400;
const H = 300;

function card(x: number, y: number, rank: string, suit: string, red: boolean, rotate = 0): string {
  const ink = red ? '#c8102e' : '#111';
  return `<g transform="rotate(${rotate} ${x + 45} ${y + 65})">
<rect x="${x}" y="${y}" width="90" height="130" rx="10" fill="#fdfdf8" stroke="#0003" stroke-width="2"/>
<text x="${x + 12}" y="${y + 30}" font-size="26" font-weight="700" fill="${ink}">${rank}</text>
<text x="${x + 45}" y="${y + 88}" font-size="46" text-anchor="middle" fill="${ink}">${suit}</text>
</g>`;
}

function pip(cx: number, cy: number): string {
  return `<circle cx="${cx}" cy="${cy}" r="9" fill="#111"/>`;
}

const PICTURES: Readonly<Record<GameId, (accent: string) => string>> = {
  'teen-patti-2020': () =>
    card(100, 90, 'A', '♠', false, -14) + card(155, 80, 'A', '♥', true) + card(210, 90, 'A', '♦', true, 14),
  'andar-bahar': (accent) =>
    `<rect x="40" y="80" width="130" height="150" rx="14" fill="none" stroke="${accent}" stroke-width="4" stroke-dasharray="10 6"/>
<rect x="230" y="80" width="130" height="150" rx="14" fill="none" stroke="${accent}" stroke-width="4" stroke-dasharray="10 6"/>
<text x="105" y="70" font-size="22" text-anchor="middle" fill="${accent}">ANDAR</text>
<text x="295" y="70" font-size="22" text-anchor="middle" fill="${accent}">BAHAR</text>` +
    card(155, 90, 'J', '♣', false),
  'dragon-tiger': (accent) =>
    `<circle cx="120" cy="150" r="70" fill="#b3261e"/><circle cx="280" cy="150" r="70" fill="#e08a00"/>
<text x="120" y="172" font-size="64" font-weight="800" text-anchor="middle" fill="#fff">D</text>
<text x="280" y="172" font-size="64" font-weight="800" text-anchor="middle" fill="#fff">T</text>
<text x="200" y="165" font-size="30" font-weight="700" text-anchor="middle" fill="${accent}">VS</text>`,
  'lucky-7': (accent) =>
    `<circle cx="200" cy="150" r="95" fill="none" stroke="${accent}" stroke-width="8"/>
<text x="200" y="200" font-size="150" font-weight="900" text-anchor="middle" fill="${accent}">7</text>`,
  dice: (accent) =>
    `<rect x="130" y="80" width="140" height="140" rx="24" fill="#fdfdf8" stroke="${accent}" stroke-width="6" transform="rotate(-10 200 150)"/>
<g transform="rotate(-10 200 150)">${pip(165, 115)}${pip(235, 115)}${pip(200, 150)}${pip(165, 185)}${pip(235, 185)}</g>`,
};

export function gameArt(provider: ProviderInfo, code: GameId, name: string): string {
  const { background, accent } = provider.colours;
  const title = name.replace(/[<>&"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="${title}">
<defs><radialGradient id="g" cx="50%" cy="40%" r="75%"><stop offset="0" stop-color="${accent}" stop-opacity="0.35"/><stop offset="1" stop-color="${background}"/></radialGradient></defs>
<rect width="${W}" height="${H}" fill="${background}"/><rect width="${W}" height="${H}" fill="url(#g)"/>
<g font-family="Georgia, 'Times New Roman', serif">${PICTURES[code](accent)}</g>
<rect x="0" y="252" width="${W}" height="48" fill="#0009"/>
<text x="200" y="284" font-family="Arial, Helvetica, sans-serif" font-size="24" font-weight="700" text-anchor="middle" fill="#fff">${title}</text>
</svg>`;
}
