import type { MetaFunction } from '@remix-run/node';
import { pageTitle } from '~/lib/title';

/** A list's page title (spec 01 §2.2): the list's title (its menu item's name, or the context's title). */
export const listMeta: MetaFunction = ({ data }) => {
  const title = typeof data === 'object' && data !== null && 'title' in data ? String((data as { title: unknown }).title) : null;
  return [{ title: pageTitle({ routeTitle: title, communityName: undefined }) }];
};
