// Draws the installable app's icons from public/favicon.svg into public/ (PNG: what every
// platform's install takes), with Debian's Chromium through playwright-core:
//
//   node apps/web/scripts/pwa-icons.mjs
//
// - pwa-192.png, pwa-512.png: the favicon as it is (rounded, transparent corners), purpose "any";
// - pwa-maskable-512.png: the tile filled to the edges and the letter inside the central circle of
//   80 % that Android's masks always keep (purpose "maskable");
// - apple-touch-icon.png (180 px): filled to the edges too, as iOS rounds the corners itself and
//   paints transparent ones black.
// The PNGs are committed; run this again when favicon.svg changes.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const publicDir = join(import.meta.dirname, '..', 'public');
const favicon = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');

/** The favicon's tile as a square to the edges, its letter scaled by `scale` about the centre. */
function fullBleed(scale) {
  const tile = /<rect width="32" height="32" rx="7" fill="(#[0-9A-Fa-f]{6})"\/>/.exec(favicon);
  if (!tile) throw new Error('favicon.svg has changed: its 32 x 32 rounded tile was not found');
  const glyph = favicon.slice(tile.index + tile[0].length, favicon.lastIndexOf('</svg>'));
  // The letter's box is x 9-22.6, y 8-28: its centre (15.8, 18) goes to the tile's centre.
  const place = `translate(16 16) scale(${scale}) translate(-15.8 -18)`;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">' +
    `<rect width="32" height="32" fill="${tile[1]}"/><g transform="${place}">${glyph}</g></svg>`
  );
}

const icons = [
  { file: 'pwa-192.png', size: 192, svg: favicon },
  { file: 'pwa-512.png', size: 512, svg: favicon },
  // Half the letter's diagonal (12.1 units at scale 1) times 0.9 stays inside the 12.8-unit circle.
  { file: 'pwa-maskable-512.png', size: 512, svg: fullBleed(0.9) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(1) },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const { file, size, svg } of icons) {
    await page.setViewportSize({ width: size, height: size });
    const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}img{display:block}</style>` +
        `<img src="${src}" width="${size}" height="${size}" alt="">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    const png = await page.screenshot({
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    writeFileSync(join(publicDir, file), png);
    console.log(`${file}: ${size} x ${size}, ${png.length} bytes`);
  }
} finally {
  await browser.close();
}
