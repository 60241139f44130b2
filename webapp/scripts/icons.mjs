#!/usr/bin/env node
// Draws the app's icons (the Feira mark: a leaf in a green square) and writes them to
// public/icons/: the favicon SVG, the web app manifest's PNGs (192 and 512 px, and maskable ones
// whose leaf stays inside the safe zone, the centre circle of 80 % of the side) and the 180 px
// apple-touch-icon. The PNGs are committed; run this again after changing a drawing:
//
//   node scripts/icons.mjs
//
// The SVGs are drawn here and rasterised by Debian's Chromium (the one the end-to-end tests
// use, through playwright-core), so no image tool is needed.

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const GREEN = '#2e7d32';
const LEAF = '#c5e1a5';

/** The leaf and its vein, in a 32×32 box (the header's LogoMark). */
const leaf = `<path d="M9 23c0-8 5-13 15-14-1 10-6 15-14 15" fill="${LEAF}"/>`
  + `<path d="M9 24c3-5 6-8 10-10" stroke="${GREEN}" stroke-width="1.6" fill="none" stroke-linecap="round"/>`;

/** Rounded square with the leaf (favicon, 'any' icons): transparent corners. */
export const ICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">`
  + `<rect width="32" height="32" rx="8" fill="${GREEN}"/>${leaf}</svg>`;

/**
 * Full-bleed square (maskable icons, apple-touch-icon): the platform cuts its own shape, so the
 * leaf (whose farthest point is 10.6 units from its centre) is scaled by 0.85 around the
 * centre: 9 units, inside the safe zone's radius of 12.8.
 */
export const MASKABLE_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">`
  + `<rect width="32" height="32" fill="${GREEN}"/>`
  + `<g transform="translate(16 16) scale(.85) translate(-16.5 -16.5)">${leaf}</g></svg>`;

/** The PNGs: file name, drawing, side in pixels. @type {Array<[string, string, number]>} */
export const PNGS = [
  ['icon-192.png', ICON_SVG, 192],
  ['icon-512.png', ICON_SVG, 512],
  ['maskable-192.png', MASKABLE_SVG, 192],
  ['maskable-512.png', MASKABLE_SVG, 512],
  ['apple-touch-icon-180.png', MASKABLE_SVG, 180],
];

async function main() {
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, 'icon.svg'), `${ICON_SVG}\n`);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--host-resolver-rules=MAP * ~NOTFOUND'],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    for (const [name, svg, size] of PNGS) {
      await page.setViewportSize({ width: size, height: size });
      const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
      await page.setContent(`<!doctype html><style>html,body{margin:0;background:transparent}svg{display:block}</style>${sized}`);
      await page.screenshot({ path: path.join(OUT, name), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
      console.log(`wrote public/icons/${name} (${size}×${size})`);
    }
  } finally {
    await browser.close();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
