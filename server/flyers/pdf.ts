import { runInPool } from '@server/pool';
import type { Flyer } from '~/lib/design';
import { flyerStoragePath, type FlyerDeps } from './index';

/**
 * The print PDF of a flyer (./pdf-now.ts, docs/decisions/037): the background's bytes read here
 * (only one of the community's flyer images, at most 20 MB), the document made in a thread of the
 * worker pool ('flyer-pdf'), never on the web event loop.
 */
export async function renderFlyerPdf(deps: FlyerDeps, community: string, flyer: Flyer): Promise<Uint8Array> {
  const path = flyer.image ? flyerStoragePath(community, flyer.image) : null;
  const object = path ? await deps.storage.get(path).catch(() => null) : null;
  const background = object && object.size <= 20_000_000 ? await object.bytes() : null;
  return runInPool('flyer-pdf', { flyer, background }, { transfer: background ? [background.buffer as ArrayBuffer] : [] });
}
