import { loadDollarsEnabled, requireSystemAdmin } from '@server/authz';
import { notFound } from '@server/http/responses';
import { DOLLARS_ACCOUNTS_LIST_KEY } from '@server/listing';
import type { ResolvedList } from '@server/listing/resolved';
import { linkedListDefinition } from '~/lib/listing/linked';
import type { ListContextDefinition } from '~/lib/listing/types';
import { getServices } from '~/services.server';

/**
 * Dollars Accounts Status (spec 02 "Listing routes" context dollarsaccountstatus, §9 "Dollars
 * list sorted by currentDollars descending"; spec 03 §6 trays: system admin, the Dollars button
 * needs the dollars flag; decision 041): a list context of the listing framework with its own
 * routes under `/listnm/dollarsaccountstatus`, read through its source adapter
 * (server/dollars/store.ts). For resort system admins, and only while
 * `amc-dollars/config/enabled` is on (else 404: the tray shows no button).
 */

export const DOLLARS_ACCOUNTS_DEFINITION: ListContextDefinition = linkedListDefinition({
  title: 'Dollars Accounts Status',
  itemName: 'Account',
  fields: { title: 'name' },
  permission: 'system-admin',
  emptyMessage: 'There are no dollars accounts yet.',
  loadingText: 'Loading accounts',
  searchHint: 'Name or id',
});

/** `/listnm/dollarsaccountstatus[/…]`: resort system admins, while dollars are enabled. */
export async function resolveDollarsAccounts(request: Request): Promise<ResolvedList> {
  const staff = await requireSystemAdmin(request);
  if (!(await loadDollarsEnabled(await getServices()))) throw notFound('Dollars are not enabled.');
  const definition = DOLLARS_ACCOUNTS_DEFINITION;
  const key = DOLLARS_ACCOUNTS_LIST_KEY;
  return {
    staff,
    key,
    definition,
    location: { family: 'listnm', context: key, tab: null, firstTab: null },
    address: { community: staff.community, definition, base: key, tab: null },
    title: definition.title,
    tabs: [],
    headerContext: key,
  };
}
