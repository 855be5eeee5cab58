/**
 * The list page as the server renders it (`npm run bench`, after `npm run build`): the whole
 * document of `/listnm/faqs` (the shell's loaders, the list's loader and React's render) for a
 * community with 100 FAQs and one with 10,000, through Remix's request handler of the production
 * build. The target: the 10,000-item page within 1.3× of the 100-item one. Reports the
 * medians; skips (exit 0) when there is no build.
 */
import { median, startPageBench } from './page-bench-harness';

const SIZES = [100, 10_000] as const;
const RUNS = 60;
const TARGET_RATIO = 1.3;

const bench = await startPageBench('List page');
if (bench) {
  try {
    const { db, paths } = bench.services;
    const cookies = new Map<number, string>();
    for (const size of SIZES) {
      const community = `bench-${size}`;
      const faqs: Record<string, unknown> = {};
      for (let index = 0; index < size; index += 1) {
        const key = `faq-${String(index).padStart(5, '0')}`;
        faqs[key] = {
          title: `Question ${index}`,
          htmlDescription: `<p>Answer ${index}</p>`,
          description: `Answer ${index}`,
          ordinal: index,
        };
      }
      cookies.set(
        size,
        await bench.signInEditor(community, `bench-editor-${size}`, { title: `Bench ${size}`, timeZone: 'America/New_York' }),
      );
      await db.ref(paths.section(community, 'faqs')).set(faqs as never);
    }

    const render = (size: number) => bench.render('/listnm/faqs', cookies.get(size) ?? '', 'Question 49');
    // Warm up both (first compilation of the render path, the indexes).
    for (const size of SIZES) for (let run = 0; run < 10; run += 1) await render(size);
    const medians = new Map<number, number>();
    for (const size of SIZES) {
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) times.push(await render(size));
      medians.set(size, median(times));
    }
    const ratio = medians.get(SIZES[1])! / medians.get(SIZES[0])!;
    console.log(`List page benchmark (production build, Remix request handler; medians of ${RUNS})\n`);
    for (const size of SIZES)
      console.log(`/listnm/faqs with ${size.toLocaleString('en-US').padStart(6)} items: ${medians.get(size)!.toFixed(1)} ms`);
    console.log(`10,000 vs 100 items: ${ratio.toFixed(2)}× (target ≤ ${TARGET_RATIO}×) ${ratio <= TARGET_RATIO ? 'PASS' : 'OVER'}`);
  } finally {
    await bench.close();
  }
}
