import { sitePath } from '@server/auth/redirect';
import type { DetailSection } from '@server/business/sections';
import { hrefs } from '~/lib/hrefs';
import { listContext } from '~/lib/listing/contexts';
import { RETURN_TO_FIELD } from '~/schemas/business';

/** The address of the list of a section (the default place to go back to). */
export function sectionListHref(section: DetailSection): string {
  const definition = listContext(section.context);
  if (!definition) return hrefs.home();
  const base = hrefs.listnm(section.context);
  if (section.node === section.context) return base;
  const tab = definition.tabs.find((candidate) => `${section.context}-${candidate.id}` === section.node);
  if (!tab) return base;
  return tab.id === definition.tabs[0]?.id ? base : hrefs.listnmTab(section.context, tab.id);
}

/** Where Save and Cancel go: the posted or asked `returnTo` when it is a page of this site, else the same-site page the person came from, else the list. */
export function returnToOf(request: Request, section: DetailSection, posted?: FormDataEntryValue | null): string {
  const asked = sitePath(posted ?? new URL(request.url).searchParams.get(RETURN_TO_FIELD));
  if (asked && !asked.startsWith('/detail/')) return asked;
  const referer = request.headers.get('Referer');
  if (referer && request.method === 'GET') {
    try {
      const from = new URL(referer);
      const path = sitePath(`${from.pathname}${from.search}`);
      if (from.origin === new URL(request.url).origin && path && !path.startsWith('/detail') && !path.startsWith(hrefs.login()))
        return path;
    } catch {
      // no usable referer
    }
  }
  return sectionListHref(section);
}
