import { remoteGrantKey } from '@server/paths';
import { hrefs } from '~/lib/hrefs';
import type { RemoteAdminFormValue } from '~/schemas/remote-admin';

/** A URL access entry's remote calendar (spec 01 §2.1 `/amc-calendar/remote/:uuid/`). */
export const remoteCalendarLink = (origin: string, uuid: string) => `${origin}${hrefs.remoteCalendar(uuid)}`;
/** A calendar's sign-in page for e-mail access, by the grant key ('{community}~{remoteKey}', server/paths.ts remoteGrantKey). */
export const remoteCalendarIdLink = (origin: string, grantKey: string) => `${origin}${hrefs.remoteCalendarById(grantKey)}`;

/** The link of each remote access entry of a calendar: its own page (URL), or the calendar's sign-in page (e-mail). */
export function remoteLinksOf(origin: string, community: string, remoteKey: string, value: RemoteAdminFormValue): Record<string, string> {
  const links: Record<string, string> = {};
  const grantKey = remoteGrantKey(community, remoteKey);
  for (const entry of value.entries) {
    if (entry.uuid === '') continue;
    links[entry.uuid] = entry.accessType === 'url' ? remoteCalendarLink(origin, entry.uuid) : remoteCalendarIdLink(origin, grantKey);
  }
  return links;
}
