/**
 * The page title rule of spec 01 §2.2: the route's own title; otherwise
 * 'App Admin - {community name}' from the stored community name; otherwise 'App Admin'.
 */

export const APP_TITLE = 'App Admin';

function text(value: string | null | undefined): string | null {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  return trimmed === '' ? null : trimmed;
}

export function pageTitle({ routeTitle, communityName }: { routeTitle?: string | null; communityName?: string | null }): string {
  const own = text(routeTitle);
  if (own) return own;
  const community = text(communityName);
  return community ? `${APP_TITLE} - ${community}` : APP_TITLE;
}

/**
 * The title the deepest route declares, from matched route handles in order (root first):
 * a `handle.title` deeper in the tree wins over a shallower one.
 */
export function routeTitleFromHandles(handles: ReadonlyArray<unknown>): string | null {
  for (let index = handles.length - 1; index >= 0; index -= 1) {
    const handle = handles[index];
    if (handle && typeof handle === 'object' && 'title' in handle) {
      const title = text((handle as { title?: unknown }).title as string | undefined);
      if (title) return title;
    }
  }
  return null;
}
