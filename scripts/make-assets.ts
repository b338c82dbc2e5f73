/**
 * `npm run make:assets`: draws the StrikeDesk logo and renders every PNG the manifest and index.html
 * name, with the system Chromium (playwright-core), into public/. The SVGs below are the source of
 * truth; the outputs are committed so a build needs no browser.
 *
 *   npm run make:assets                                            placeholder screenshots
 *   npm run make:assets -- --screenshots-from http://127.0.0.1:8080 [--screenshots-path /auth/login]
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { BoltIcon, BriefcaseIcon, QueueListIcon, StopCircleIcon } from '@heroicons/react/24/outline';
import { chromium, type Browser } from 'playwright-core';
import { createElement, type ComponentType, type SVGProps } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

const publicDir = new URL('../public/', import.meta.url);
const brand = { blue: '#1d4ed8', surfaceMuted: '#f4f6fa' };

/** The mark, in a 512 × 512 space centred on (256, 256): three rising candles over a dotted strike line. */
function mark(): string {
  return `<g fill="#fff" stroke="#fff" stroke-linecap="round">
    <path d="M108 300H404" stroke-width="12" stroke-dasharray="4 26" opacity="0.6"/>
    <path d="M168 252V396M256 180V348M344 112V282" stroke-width="18" fill="none"/>
    <rect x="138" y="286" width="60" height="76" rx="12" stroke="none"/>
    <rect x="226" y="216" width="60" height="96" rx="12" stroke="none"/>
    <rect x="314" y="140" width="60" height="110" rx="12" stroke="none"/></g>`;
}

/** The same candles, bolder and without the strike line, so they stay legible at 16 px. */
function boldMark(): string {
  return `<g fill="#fff" stroke="#fff" stroke-linecap="round">
    <path d="M160 236V420M256 160V352M352 92V290" stroke-width="30" fill="none"/>
    <rect x="118" y="276" width="84" height="96" rx="14" stroke="none"/>
    <rect x="214" y="206" width="84" height="100" rx="14" stroke="none"/>
    <rect x="310" y="136" width="84" height="110" rx="14" stroke="none"/></g>`;
}

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">${body}</svg>\n`;

/** Rounded square with transparent corners: logo, favicon and the "any" icons. */
// A flat fill (no gradient) keeps the PNGs a few kilobytes each.
const roundedIcon = (glyph = mark()) => svg(`<rect width="512" height="512" rx="112" fill="${brand.blue}"/>${glyph}`);

/**
 * Full-bleed square (the platform applies its own mask) with the mark scaled about the centre.
 * At scale 1 the mark reaches 176 px from the centre; the maskable safe zone is a circle of 204.8 px.
 */
const fullBleedIcon = (scale: number) =>
  svg(`<rect width="512" height="512" fill="${brand.blue}"/>
  <g transform="translate(256 256) scale(${scale}) translate(-256 -256)">${mark()}</g>`);

type Glyph = ComponentType<SVGProps<SVGSVGElement>>;

/** A 96 px shortcut icon: a brand circle with a Heroicons glyph. */
function shortcutIcon(glyph: Glyph): string {
  const icon = renderToStaticMarkup(
    createElement(glyph, { width: 256, height: 256, x: 128, y: 128, color: '#fff', strokeWidth: 1.6 }),
  );
  return svg(`<circle cx="256" cy="256" r="256" fill="${brand.blue}"/>${icon}`);
}

type Png = { file: string; svg: string; size: number; opaque: boolean };

const pngs: Png[] = [
  { file: 'icon-192.png', svg: roundedIcon(), size: 192, opaque: false },
  { file: 'icon-512.png', svg: roundedIcon(), size: 512, opaque: false },
  { file: 'icon-maskable-512.png', svg: fullBleedIcon(0.78), size: 512, opaque: true },
  // iOS rounds the corners itself and shows black behind transparency, so this one is opaque.
  { file: 'apple-touch-icon-180.png', svg: fullBleedIcon(0.95), size: 180, opaque: true },
  { file: 'shortcuts/positions-96.png', svg: shortcutIcon(BriefcaseIcon), size: 96, opaque: false },
  { file: 'shortcuts/order-book-96.png', svg: shortcutIcon(QueueListIcon), size: 96, opaque: false },
  { file: 'shortcuts/live-trade-96.png', svg: shortcutIcon(BoltIcon), size: 96, opaque: false },
  { file: 'shortcuts/kill-switch-96.png', svg: shortcutIcon(StopCircleIcon), size: 96, opaque: false },
];

type Shot = { file: string; width: number; height: number; scale: number };

// 720 × 1280 is a 360 × 640 phone at 2x; 1280 × 800 a laptop at 1x. The manifest states these sizes.
const shots: Shot[] = [
  { file: 'screenshots/narrow.png', width: 360, height: 640, scale: 2 },
  { file: 'screenshots/wide.png', width: 1280, height: 800, scale: 1 },
];

async function renderPng(browser: Browser, png: Png): Promise<void> {
  const page = await browser.newPage({ viewport: { width: png.size, height: png.size } });
  const sized = png.svg.replace('<svg ', `<svg width="${png.size}" height="${png.size}" `);
  await page.setContent(`<style>html,body{margin:0}svg{display:block}</style>${sized}`);
  await page.screenshot({ path: out(png.file), omitBackground: !png.opaque });
  await page.close();
}

async function captureShot(browser: Browser, shot: Shot, from: string | undefined, path: string) {
  const context = await browser.newContext({
    viewport: { width: shot.width, height: shot.height },
    deviceScaleFactor: shot.scale,
    serviceWorkers: 'block',
    colorScheme: 'light',
  });
  const page = await context.newPage();
  if (from) {
    await page.goto(new URL(path, from).href, { waitUntil: 'networkidle' });
    // The boot splash is replaced by React once the session is restored.
    await page.waitForSelector('.boot-splash', { state: 'detached', timeout: 10_000 });
  } else {
    await page.setContent(placeholderScreen(shot.width >= 768 ? 'wide' : 'narrow', roundedIcon()));
  }
  await page.screenshot({ path: out(shot.file) });
  await context.close();
}

const out = (file: string) => fileURLToPath(new URL(file, publicDir));

// ---- Placeholder screenshots (used until the app can be captured with --screenshots-from) ----

const positions: [string, string, string, number][] = [
  ['NIFTY 24500 CE', '−65 · NRML', '112.40', 4_862.5],
  ['NIFTY 24500 PE', '−65 · NRML', '98.15', -1_235.0],
  ['BANKNIFTY 52200 CE', '30 · MIS', '341.90', 6_210.0],
  ['SENSEX 80600 PE', '−20 · NRML', '205.30', 2_643.0],
  ['FINNIFTY 23800 CE', '60 · MIS', '87.65', -1_020.0],
];
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', signDisplay: 'always' });
const pnl = (value: number) =>
  `<b style="color:${value >= 0 ? '#047857' : '#b91c1c'}">${value >= 0 ? '▲' : '▼'} ${rupees.format(value)}</b>`;
const total = positions.reduce((sum, [, , , value]) => sum + value, 0);

const card = (body: string, extra = '') =>
  `<section style="background:#fff;border:1px solid #dfe3ea;border-radius:12px;padding:16px;${extra}">${body}</section>`;
const positionRows = positions
  .map(
    ([symbol, qty, ltp, value]) => `<div class="row"><div><b>${symbol}</b><small>${qty}</small></div>
    <div style="text-align:end">${pnl(value)}<small>LTP ${ltp}</small></div></div>`,
  )
  .join('');
const summary = `<small>Total P&amp;L</small><div style="font-size:28px;margin:4px 0 8px">${pnl(total)}</div>
  <small>Realised ₹8,120.00 · Unrealised ₹3,340.50</small>`;

function header(logo: string, height: number): string {
  return `<header style="height:${height}px;background:${brand.blue};color:#fff;display:flex;align-items:center;gap:10px;padding:0 16px">
  <span style="width:30px;height:30px;border-radius:8px;box-shadow:0 0 0 2px rgb(255 255 255/.45)">${logo.replace('<svg ', '<svg width="30" height="30" ')}</span>
  <b style="font-size:18px">StrikeDesk</b><span style="margin-inline-start:auto;font-size:13px;opacity:.85">Paper · ZX1024</span></header>`;
}

const tickers = [
  ['NIFTY 50', '24,512.35', 0.42],
  ['BANK NIFTY', '52,180.10', -0.18],
  ['SENSEX', '80,640.55', 0.35],
] as const;

function placeholderScreen(form: 'narrow' | 'wide', logo: string): string {
  const style = `<style>*{box-sizing:border-box}body{margin:0;font:14px system-ui,'Noto Sans',sans-serif;color:#111827;background:${brand.surfaceMuted}}
  small{display:block;color:#4b5563;font-size:12px;margin-top:2px}.row{display:flex;justify-content:space-between;padding:12px 0}.row+.row{border-top:1px solid #eef1f5}
  h2{font-size:16px;margin:0 0 8px}nav a{display:block;padding:12px 20px;color:#374151;text-decoration:none}</style>`;
  if (form === 'narrow') {
    const tabs = ['Home', 'Positions', 'Orders', 'Analytics']
      .map((tab, i) => `<span style="flex:1;text-align:center;color:${i === 1 ? brand.blue : '#4b5563'}">${tab}</span>`)
      .join('');
    return `${style}${header(logo, 56)}<main style="padding:16px;display:grid;gap:12px">
    <h2 style="margin:0">Positions</h2>${card(summary)}${card(positionRows, 'padding-block:4px')}</main>
    <footer style="position:fixed;inset-block-end:0;inset-inline:0;height:56px;background:#fff;border-top:1px solid #dfe3ea;display:flex;align-items:center;font-size:12px">${tabs}</footer>`;
  }
  const menu = ['Dashboard', 'Broker list', 'Portfolio', 'Positions', 'Order book', 'Strategies', 'Alerts', 'Recommendations']
    .map((item, i) => `<a style="${i === 0 ? `background:#e0e9ff;color:${brand.blue};font-weight:600` : ''}">${item}</a>`)
    .join('');
  const tickerCards = tickers
    .map(([name, value, change]) => card(`<small>${name}</small><div style="font-size:22px;margin:6px 0">${value}</div>
      <b style="color:${change >= 0 ? '#047857' : '#b91c1c'}">${change >= 0 ? '▲' : '▼'} ${Math.abs(change)}%</b>`))
    .join('');
  // A deterministic, market-looking walk: a drift plus a few incommensurate waves.
  const points = Array.from({ length: 95 }, (_, i) => {
    const y = 120 - i * 0.7 - 20 * Math.sin(i / 9) - 6 * Math.sin(i * 1.7) - 3 * Math.cos(i * 3.1);
    return `${i * 6},${y.toFixed(1)}`;
  }).join(' ');
  const chart = card(`<h2>NIFTY 50 · intraday</h2><svg viewBox="0 0 564 170" width="100%" height="230">
    <polygon points="0,170 ${points} 564,170" fill="#e0e9ff"/>
    <path d="M0 112H564" stroke="#9ca3af" stroke-dasharray="4 4"/>
    <polyline points="${points}" fill="none" stroke="${brand.blue}" stroke-width="2"/></svg>`);
  const stats = [
    ['Open orders', '3'],
    ['Bots running', '2 of 4'],
    ['Margin used', '₹1,84,200.00'],
  ]
    .map(([label, value]) => `<div class="row"><span>${label}</span><b>${value}</b></div>`)
    .join('');
  return `${style}${header(logo, 70)}<div style="display:flex;height:730px">
  <nav style="width:250px;background:#fff;border-inline-end:1px solid #dfe3ea;padding-top:12px">${menu}</nav>
  <main style="flex:1;padding:24px;display:grid;grid-template-columns:repeat(3,1fr);gap:16px;align-content:start">
  ${tickerCards}<div style="grid-column:span 2">${chart}</div>${card(`${summary}<div style="margin-top:16px">${stats}</div>`)}
  <div style="grid-column:span 3">${card(`<h2>Positions</h2>${positionRows}`)}</div></main></div>`;
}


async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'screenshots-from': { type: 'string' },
      'screenshots-path': { type: 'string', default: '/auth/login' },
    },
  });
  await mkdir(out('shortcuts/'), { recursive: true });
  await mkdir(out('screenshots/'), { recursive: true });
  await writeFile(out('logo.svg'), roundedIcon());
  await writeFile(out('favicon.svg'), roundedIcon(boldMark()));

  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    for (const png of pngs) await renderPng(browser, png);
    for (const shot of shots) {
      await captureShot(browser, shot, values['screenshots-from'], values['screenshots-path'] ?? '/');
    }
  } finally {
    await browser.close();
  }
  console.log(`Wrote ${pngs.length + shots.length} PNGs and 2 SVGs to ${publicDir.pathname}`);
}

await main();
