/**
 * Form reader benchmark (`npm run bench`, after the database's): what a post naming a huge
 * list index costs now, against what conform would spend building the list it names.
 *
 * A ~100-byte post with `socialMedia[100000].site=x` to /community-setup used to block the
 * server for minutes: conform made an array of 100,001 rows, zod checked each, and the answer
 * rendered each. `readForm` refuses it from the field names alone, so its cost does not depend
 * on the index. Always exits 0 once set up: it is a report.
 */
import { performance } from 'node:perf_hooks';
import { parseWithZod } from '@conform-to/zod';
import { CommunitySchema, MAX_LIST_ROWS } from '~/schemas/community';
import { readForm } from './form';

const RUNS = 200;
const CONFORM_RUNS = 3;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const post = (body: string) =>
  new Request('http://console.test/community-setup', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });

async function timeRead(body: string, runs = RUNS): Promise<{ ms: number; answer: string }> {
  const samples: number[] = [];
  let answer = '';
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    try {
      await readForm(post(body), { schemas: CommunitySchema });
      answer = 'read';
    } catch (error) {
      answer = error instanceof Response ? String(error.status) : 'error';
    }
    samples.push(performance.now() - started);
  }
  return { ms: median(samples), answer };
}

function timeConform(index: number): number {
  const form = new FormData();
  form.append('title', 'x');
  form.append(`socialMedia[${index}].site`, 'x');
  const samples: number[] = [];
  for (let run = 0; run < CONFORM_RUNS; run += 1) {
    const started = performance.now();
    parseWithZod(form, { schema: CommunitySchema }).reply();
    samples.push(performance.now() - started);
  }
  return median(samples);
}

async function main(): Promise<void> {
  const full = new URLSearchParams({ intent: 'save', title: 'Pine Hollow', timeZone: 'America/New_York' });
  for (let row = 0; row < MAX_LIST_ROWS; row += 1) {
    full.append(`socialMedia[${row}].site`, 'facebook');
    full.append(`socialMedia[${row}].url`, 'https://example.com/pine');
  }
  const cases: Array<[string, string]> = [
    ['a full form (30 social links)', full.toString()],
    ['socialMedia[100000].site=x', 'intent=save&socialMedia%5B100000%5D.site=x'],
    ['socialMedia[999999999].site=x', 'intent=save&socialMedia%5B999999999%5D.site=x'],
  ];
  console.log(`\nForm reader (readForm with the community setup schema; medians of ${RUNS} reads)\n`);
  for (const [label, body] of cases) {
    const { ms, answer } = await timeRead(body);
    console.log(`${label.padEnd(32)} ${`${ms.toFixed(3)} ms`.padStart(10)}  ${answer === 'read' ? 'read' : `refused ${answer}`}`);
  }
  console.log(
    `\nFor comparison, conform alone on the list index (medians of ${CONFORM_RUNS} parses and replies, no render; it grows with the index)\n`,
  );
  for (const index of [1_000, 10_000]) {
    console.log(`${`socialMedia[${index}].site=x`.padEnd(32)} ${`${timeConform(index).toFixed(1)} ms`.padStart(10)}`);
  }
}

main().catch((error: unknown) => {
  console.error('The benchmark could not run:', error);
  process.exit(1);
});
