import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDb } from '@server/db';
import { readHistoryEntry } from '@server/flyers';
import { createPaths } from '@server/paths';
import { createOfflineAiImages, type AiImagesProvider } from '@server/providers/ai-images';
import { createLocalDiskStorage } from '@server/storage';
import { emptyFlyer, newTextElement } from '~/lib/design';
import { formFromFlyer } from '~/schemas/flyer';
import { makeTempDir } from '../../tests/setup/tmp';
import type { JobDeps } from '../types';
import { processFlyerImage } from './flyer-image';
import { flyerImageSummary } from './flyer-image.queue';

describe('processFlyerImage', () => {
  it('asks for the flyer size in hd, stores the image under the flyers and pushes a history entry', async () => {
    const dir = makeTempDir('flyer-image-job');
    const db = createDb({ engine: 'embedded', file: join(dir, 'rtdb.sqlite') });
    const paths = createPaths('amc');
    const storage = createLocalDiskStorage({ root: join(dir, 'storage') });
    const asked: unknown[] = [];
    const offline = createOfflineAiImages();
    const aiImages: AiImagesProvider = {
      offline: true,
      generate: async (prompt, options) => {
        asked.push({ prompt, size: options?.size, quality: options?.quality });
        return offline.generate(prompt, options);
      },
    };
    const progress: number[] = [];
    const result = await processFlyerImage(
      {
        product: 'amc',
        community: 'c1',
        prompt: 'A pancake breakfast by a lake',
        orientation: 'landscape',
        title: 'Pancakes',
        tags: ['Retro'],
        back: '/create-flyer/event?event=cal/ev',
        requestedBy: 'u1',
        requestedAt: 1_700_000_000_000,
      },
      { db, paths, storage, aiImages } as unknown as JobDeps & { aiImages: AiImagesProvider },
      { reportProgress: async (percent: number) => void progress.push(percent) } as never,
    );
    expect(asked).toEqual([{ prompt: 'A pancake breakfast by a lake', size: '1792x1024', quality: 'hd' }]);
    expect(result.url).toContain('c1/images/flyers/1700000000000/generated.png');
    expect(result.href).toBe(`/create-flyer/event?event=cal/ev&use=${result.key}`);
    expect((await db.ref(paths.flyerGenerated('c1', result.key)).get()).val()).toMatchObject({
      title: 'Pancakes',
      tags: ['Retro'],
      orientation: 'landscape',
      created: 1_700_000_000_000,
      key: result.key,
    });
    expect(progress.at(-1)).toBe(100);
    expect(flyerImageSummary(result).download).toEqual({ href: result.href, label: 'Use it in the flyer', page: true });
    await db.close?.();
  });

  it('keeps the designer’s elements on the history entry, as the flyer’s elements', async () => {
    const dir = makeTempDir('flyer-image-elements');
    const db = createDb({ engine: 'embedded', file: join(dir, 'rtdb.sqlite') });
    const paths = createPaths('amc');
    const storage = createLocalDiskStorage({ root: join(dir, 'storage') });
    const flyer = emptyFlyer();
    flyer.elements = [{ ...newTextElement(flyer.paper, 'typed'), text: 'Typed before generating' }];
    const result = await processFlyerImage(
      {
        product: 'amc',
        community: 'c1',
        prompt: 'A lake',
        orientation: 'portrait',
        title: 'Lake',
        tags: [],
        back: '/create-flyer',
        requestedBy: 'u1',
        requestedAt: 1_700_000_000_000,
        elements: formFromFlyer(flyer).elements,
      },
      { db, paths, storage, aiImages: createOfflineAiImages() } as unknown as JobDeps & { aiImages: AiImagesProvider },
      { reportProgress: async () => undefined } as never,
    );
    const entry = await readHistoryEntry({ db, paths, storage }, 'c1', result.key);
    expect(entry?.elements).toEqual(flyer.elements);
    await db.close?.();
  });

  it('run again with its history key (a retry after its entry was written) adds no second entry and asks for no second image', async () => {
    const dir = makeTempDir('flyer-image-retry');
    const db = createDb({ engine: 'embedded', file: join(dir, 'rtdb.sqlite') });
    const paths = createPaths('amc');
    const storage = createLocalDiskStorage({ root: join(dir, 'storage') });
    const offline = createOfflineAiImages();
    let asked = 0;
    const aiImages: AiImagesProvider = {
      offline: true,
      generate: async (prompt, options) => {
        asked += 1;
        return offline.generate(prompt, options);
      },
    };
    const payload = {
      product: 'amc' as const,
      community: 'c1',
      prompt: 'A lake',
      orientation: 'portrait' as const,
      title: 'Lake',
      tags: [],
      back: '/create-flyer',
      requestedBy: 'u1',
      requestedAt: 1_700_000_000_000,
      historyKey: '-NkFlyerRetry0000001',
    };
    const deps = { db, paths, storage, aiImages } as unknown as JobDeps & { aiImages: AiImagesProvider };
    const first = await processFlyerImage(payload, deps, { reportProgress: async () => undefined } as never);
    const again = await processFlyerImage(payload, deps, { reportProgress: async () => undefined } as never);
    expect(first.key).toBe('-NkFlyerRetry0000001');
    expect(again).toEqual(first);
    expect(asked).toBe(1);
    expect(Object.keys((await db.ref(paths.flyersGenerated('c1')).get()).val() as object)).toEqual(['-NkFlyerRetry0000001']);
    await db.close?.();
  });
});
