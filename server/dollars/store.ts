import type { ListRow } from '@server/listing/engine';
import type { ListSourceAdapter } from '@server/listing/source';
import { rowsSource } from '@server/listing/sources/rows';
import { accountTypeLabel, readAccounts, type DollarsAccount } from './ledger';
import { formatCents } from './money';

/**
 * The Dollars Accounts Status list's source (`dollarsaccountstatus`; spec 02 §9 "Dollars list
 * sorted by currentDollars descending"): every dollars account of the product, richest first,
 * filtered by name or id. Nothing is deleted from it: dollars move only by transfers.
 */

export function accountRow(account: DollarsAccount): ListRow {
  return {
    key: account.key,
    item: { name: account.name, type: account.type, id: account.id, cents: account.cents, entries: account.entries },
  };
}

export function accountMatches(filter: string | undefined): ((row: ListRow) => boolean) | null {
  const wanted = filter?.trim().toLowerCase();
  if (!wanted) return null;
  return (row) =>
    [row.item.name, row.item.id].some((value) =>
      String(value ?? '')
        .toLowerCase()
        .includes(wanted),
    );
}

export const DOLLARS_ACCOUNTS_SOURCE: ListSourceAdapter = {
  ...rowsSource({
    rows: async (deps) => (await readAccounts(deps)).map(accountRow),
    remove: async () => ({ archived: 0, removed: 0 }),
    predicate: (filters) => accountMatches(filters.text),
  }),
  rowDetails: async () => (item) => {
    const entries = Number(item.entries) || 0;
    return {
      subtitle: `${accountTypeLabel(String(item.type))} · ${String(item.id)}`,
      notes: [
        { text: formatCents(Number(item.cents) || 0), tone: Number(item.cents) > 0 ? 'good' : 'plain' },
        { text: entries === 1 ? '1 history entry' : `${entries} history entries`, tone: 'plain' },
      ],
    };
  },
};
