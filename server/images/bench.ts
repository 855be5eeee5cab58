import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createCanvas } from '@napi-rs/canvas';
import { defaultImageConcurrency } from './limit';
import { processImage, processNow } from './pipeline';

/**
 * `npm run bench:uploads` (issue 11 "Performance (benchmark)"): a generated 6000x4000 JPEG
 * through the upload pipeline (rescale to 2000 px, 250x140 thumbnail, blurred-to-fit
 * 1125x600), then 20 of them at once — the uploader's 20 parallel uploads — through
 * `processImage`, which the upload route and the header editor use, bounded by the server's
 * worker pool (server/pool: one thread per two cores), and once more without the bound, on the
 * event loop, for comparison. Each run of 20 is a
 * process of its own, so its peak RSS is its own.
 */

const WIDTH = 6000;
const HEIGHT = 4000;
const PARALLEL = 20;
const target = { width: 1125, height: 600 };

function photo(): Buffer {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const context = canvas.getContext('2d');
  const gradient = context.createLinearGradient(0, 0, WIDTH, HEIGHT);
  gradient.addColorStop(0, '#f6ad55');
  gradient.addColorStop(1, '#2b6cb0');
  context.fillStyle = gradient;
  context.fillRect(0, 0, WIDTH, HEIGHT);
  // Detail, so the JPEG is the size of a camera's (a flat picture compresses to nothing).
  let seed = 7;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  for (let index = 0; index < 40_000; index += 1) {
    context.fillStyle = `hsla(${Math.floor(random() * 360)}, 60%, 50%, 0.5)`;
    context.fillRect(random() * WIDTH, random() * HEIGHT, 4 + random() * 60, 4 + random() * 60);
  }
  return canvas.toBuffer('image/jpeg', 90);
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
/** Peak resident set size of this process, in bytes. */
const peakRss = () => process.resourceUsage().maxRSS * 1024;

async function child(mode: 'bounded' | 'unbounded') {
  const jpeg = new Uint8Array(photo());
  const before = peakRss();
  const started = performance.now();
  const run = mode === 'bounded' ? processImage : processNow;
  await Promise.all(Array.from({ length: PARALLEL }, () => run(jpeg, { crop: null, target })));
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(JSON.stringify({ seconds, peak: peakRss(), before }));
}

async function main() {
  const jpeg = new Uint8Array(photo());
  console.log(`Upload pipeline benchmark: a ${WIDTH}x${HEIGHT} JPEG of ${mb(jpeg.byteLength)}`);
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const result = await processNow(jpeg, { crop: null, target });
  const took = performance.now() - started;
  console.log(
    `  one image (rescale to ${result.croppedSize.width}x${result.croppedSize.height}, thumbnail, blur-to-fit ${result.blurred ? 'made' : 'not needed'}): ` +
      `${took.toFixed(0)} ms, peak RSS ${mb(peakRss())} (RSS before ${mb(rssBefore)})`,
  );
  const script = fileURLToPath(import.meta.url);
  for (const mode of ['unbounded', 'bounded'] as const) {
    const out = execFileSync(process.execPath, [...process.execArgv, script, `--child=${mode}`], { encoding: 'utf8', maxBuffer: 1 << 20 });
    const { seconds, peak, before } = JSON.parse(out) as { seconds: number; peak: number; before: number };
    const label =
      mode === 'bounded'
        ? `bounded (${defaultImageConcurrency()} worker pool threads, as the server runs)`
        : 'unbounded (on the event loop, no bound)';
    console.log(`  ${PARALLEL} in parallel, ${label}: ${seconds.toFixed(1)} s, peak RSS ${mb(peak)} (${mb(before)} before the run)`);
  }
}

const mode = process.argv.find((arg) => arg.startsWith('--child='))?.slice('--child='.length);
if (mode === 'bounded' || mode === 'unbounded') await child(mode);
else await main();
