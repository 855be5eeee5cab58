/**
 * Flyer render benchmark (`npm run bench:flyer`): a 1024×1792 flyer with six visible elements
 * (the event layout's title, date, time, location and QR code, and a boxed text element with
 * rounded corners and shadows) over a 1024×1792 JPEG background (the size the AI image port returns for a portrait flyer), drawn as PNG by a thread of the
 * worker pool (server/flyers → server/render) against headless Chromium (Debian's
 * /usr/bin/chromium through playwright-core) screenshotting the same flyer laid out as an HTML
 * page (the same fonts, background, tint, boxes and text). Both are timed per flyer after a
 * warm-up, alternating run by run, best and median of 7; Chromium's start is timed on its own. Prints the ratio
 * (target: the server at least 5× faster per flyer) and the peak memory of each side: this
 * process's max RSS (the pool's threads included) and the Chromium processes' summed RSS. Exits 1
 * when the ratio is under 5.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createCanvas } from '@napi-rs/canvas';
import { chromium } from 'playwright-core';
import { createDb } from '@server/db';
import { createPaths } from '@server/paths';
import { closePool } from '@server/pool';
import { designFontsDirectory } from '@server/render/fonts';
import { createLocalDiskStorage } from '@server/storage';
import { DESIGN_FONTS, applyCase, designFontName, elementBox, flyerDesign, type Flyer } from '~/lib/design';
import { makeTempDir } from '../../tests/setup/tmp';
import { addToHistory, renderFlyerPng } from './index';
import { sampleFlyer } from './sample';

const COMMUNITY = 'bench-community';
const RUNS = 7;
const TARGET_RATIO = 5;

const dir = makeTempDir('bench-flyer');
const db = createDb({ engine: 'embedded', file: join(dir, 'rtdb.sqlite') });
const paths = createPaths('amc');
const storage = createLocalDiskStorage({ root: join(dir, 'storage') });
const deps = { db, paths, storage };

function background(): Uint8Array {
  const canvas = createCanvas(1024, 1792);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, 1024, 1792);
  gradient.addColorStop(0, '#d9822b');
  gradient.addColorStop(1, '#3b2a86');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 1024, 1792);
  for (let index = 0; index < 300; index++) {
    context.fillStyle = `hsl(${(index * 37) % 360} 60% 50% / 0.35)`;
    context.beginPath();
    context.arc((index * 97) % 1024, (index * 53) % 1792, 40 + (index % 7) * 20, 0, Math.PI * 2);
    context.fill();
  }
  return new Uint8Array(canvas.toBuffer('image/jpeg', 90));
}

let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);

const bytes = background();
const entry = await addToHistory(deps, COMMUNITY, { bytes, name: 'bench' }, { title: 'Bench', tags: [], orientation: 'portrait' });
const flyer: Flyer = { ...(await sampleFlyer()), image: entry.url, key: entry.key };
const visible = flyer.elements.filter((element) => element.visible).length;
const design = flyerDesign(flyer);

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { best: sorted[0] ?? 0, median: sorted[Math.floor(sorted.length / 2)] ?? 0 };
};

// ── Headless Chromium: the same flyer as an HTML page, screenshotted ──
const fonts = designFontsDirectory();
const fontFaces = Object.entries(DESIGN_FONTS)
  .flatMap(([family, files]) =>
    (['normal', 'bold'] as const).map((weight) => {
      const data = readFileSync(join(fonts, files[weight])).toString('base64');
      return `@font-face{font-family:"${designFontName(family as keyof typeof DESIGN_FONTS)}";src:url(data:font/ttf;base64,${data});font-weight:${weight === 'bold' ? 700 : 400}}`;
    }),
  )
  .join('\n');
const shadowCss = (shadow: { enable: boolean; distance: number; blur: number; color: string }) =>
  shadow.enable ? `${shadow.distance}px ${shadow.distance}px ${shadow.blur}px ${shadow.color}` : 'none';
function flyerHtml(): string {
  const elements = flyer.elements
    .filter((element) => element.visible)
    .map((element) => {
      const box = elementBox(flyer, element);
      const boxCss = `position:absolute;left:${box.x}px;top:${box.y}px;width:${box.width}px;height:${box.height}px;background:${element.box.color};border-radius:${element.box.corners ? element.box.cornerRadius : 0}px;box-shadow:${shadowCss(element.box.shadow)};display:flex;align-items:center;justify-content:center;padding:10px;box-sizing:border-box`;
      if (element.type === 'image') return `<div style="${boxCss}"><img src="${element.src}" style="max-width:100%;max-height:100%"></div>`;
      const s = element.style;
      const text = applyCase(element.text, s.transform).replace(/&/g, '&amp;').replace(/</g, '&lt;');
      return `<div style="${boxCss}"><div style="width:100%;font:${s.italic ? 'italic ' : ''}${s.bold ? 700 : 400} ${s.size}px/1.25 '${designFontName(s.family)}';color:${s.color};text-align:${s.align};text-shadow:${shadowCss(s.shadow)}">${text}</div></div>`;
    })
    .join('');
  const tint = `rgba(${flyer.tint.whiteBlack === 'white' ? '255,255,255' : '0,0,0'},${flyer.tint.opacity})`;
  return `<!doctype html><html><head><style>${fontFaces}html,body{margin:0}</style></head><body><div id="flyer" style="position:relative;width:${design.width}px;height:${design.height}px;background:#fff;overflow:hidden"><div style="position:absolute;inset:${flyer.margins.height}px ${flyer.margins.width}px;background:url(data:image/jpeg;base64,${Buffer.from(bytes).toString('base64')}) ${flyer.paper.offsetX}% ${flyer.paper.offsetY}%/cover"></div><div style="position:absolute;inset:${flyer.margins.height}px ${flyer.margins.width}px;background:${tint}"></div>${elements}</div></body></html>`;
}

const chromiumRss = (): number => {
  try {
    const out = execFileSync('ps', ['-C', 'chromium', '-o', 'rss=']).toString();
    return out
      .split('\n')
      .map((line) => Number(line.trim()) || 0)
      .reduce((sum, kb) => sum + kb * 1024, 0);
  } catch {
    return 0;
  }
};
let browserPeak = 0;
const browserSampler = setInterval(() => (browserPeak = Math.max(browserPeak, chromiumRss())), 50);
let started = performance.now();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
const page = await browser.newPage({ viewport: { width: design.width, height: design.height } });
const launchMs = performance.now() - started;
const html = flyerHtml();
const browserRender = async () => {
  await page.setContent(html, { waitUntil: 'load' });
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  return page.locator('#flyer').screenshot({ type: 'png' });
};
// Warm-ups, then the two alternate run by run, so a load that comes and goes on the machine weighs on both alike.
started = performance.now();
await renderFlyerPng(deps, COMMUNITY, flyer);
const serverFirst = performance.now() - started;
started = performance.now();
await browserRender();
const browserFirst = performance.now() - started;
const serverRuns: number[] = [];
const browserRuns: number[] = [];
for (let run = 0; run < RUNS; run++) {
  started = performance.now();
  await renderFlyerPng(deps, COMMUNITY, flyer);
  serverRuns.push(performance.now() - started);
  started = performance.now();
  await browserRender();
  browserRuns.push(performance.now() - started);
}
const serverPeak = peak;
clearInterval(browserSampler);
clearInterval(sampler);
await browser.close();

const server = stats(serverRuns);
const chrome = stats(browserRuns);
const ratio = chrome.median / server.median;
console.log(`flyer ${design.width}×${design.height}, ${visible} elements, ${RUNS} runs each after one warm-up`);
console.log(
  `server (worker pool, @napi-rs/canvas): first ${serverFirst.toFixed(0)} ms, best ${server.best.toFixed(0)} ms, median ${server.median.toFixed(0)} ms; peak RSS ${(serverPeak / 1e6).toFixed(0)} MB`,
);
console.log(
  `headless Chromium (screenshot of the page): start ${launchMs.toFixed(0)} ms, first ${browserFirst.toFixed(0)} ms, best ${chrome.best.toFixed(0)} ms, median ${chrome.median.toFixed(0)} ms; peak RSS of its processes ${(browserPeak / 1e6).toFixed(0)} MB`,
);
console.log(`ratio (median per flyer, browser kept running): the server is ${ratio.toFixed(1)}× faster (target ≥ ${TARGET_RATIO}×)`);
console.log(`ratio with a browser started per flyer: ${((launchMs + chrome.median) / server.median).toFixed(1)}×`);
console.log(
  `load average while it ran: ${(await import('node:os'))
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(' ')} on ${(await import('node:os')).cpus().length} cores`,
);
await closePool();
await db.close?.();
if (ratio < TARGET_RATIO) {
  console.error(`The server render is less than ${TARGET_RATIO}× faster than headless Chromium.`);
  process.exit(1);
}
