import type { DbValue, RealtimeDb } from '@server/db/types';
import type { Paths } from '@server/paths';
import { isValidKey } from '~/lib/db-key';
import { DOLLARS_TEXTS, fromCents, toCents } from './money';

/**
 * The dollars accounts and their transfers (spec 03 §3 "Dollars record": currentDollars and
 * history entries of type bought, transfer or purchase with amount, to, from, transfers by user,
 * notes, transferDate; spec 02 §9 "Dollars list sorted by currentDollars descending";
 * decision 041). An account is `{product}/amc-dollars/{type}/{id}` (businesses, users …).
 *
 * A transfer is ONE guarded multi-path update (decision 019) of both balances and both history
 * entries, guarded by the ledger version (`amc-dollars/config/ledgerVersion`) that it also
 * bumps: the balances it writes are those it read at that version, so two transfers racing over
 * one account cannot both spend the same dollars, and a write that meets a newer version is made
 * again from what is stored then. No balance is ever written below zero; the sum of the
 * balances is the same before and after.
 */

export interface DollarsDeps {
  db: RealtimeDb;
  paths: Paths;
}

/** An account as the list and the transfer form name it: `{type}~{id}`. */
export interface AccountRef {
  type: string;
  id: string;
}

const SEPARATOR = '~';
const RESERVED = new Set(['config', 'participants']);
/** The most accounts the status list reads (a product has hundreds at most). */
export const MAX_ACCOUNTS = 5000;
/** How many times a transfer is made again after meeting another writer. */
const ATTEMPTS = 50;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

export const accountKey = (account: AccountRef): string => `${account.type}${SEPARATOR}${account.id}`;

/** `businesses~lakeside-grill` → the account; null for anything else. */
export function parseAccountKey(value: string): AccountRef | null {
  const at = value.indexOf(SEPARATOR);
  if (at < 1) return null;
  const type = value.slice(0, at);
  const id = value.slice(at + 1);
  if (!isValidKey(type) || !isValidKey(id) || id.includes(SEPARATOR) || RESERVED.has(type)) return null;
  return { type, id };
}

/** "Business", "User", or the type as stored. */
export function accountTypeLabel(type: string): string {
  if (type === 'businesses') return 'Business';
  if (type === 'users') return 'User';
  return type;
}

export interface DollarsAccount extends AccountRef {
  key: string;
  name: string;
  cents: number;
  entries: number;
}

/** The name an account shows: its record's name or title, else its id. */
function accountName(record: Record<string, unknown>, id: string): string {
  return text(record.name) || text(record.title) || text(record.displayName) || id;
}

/** Every account of every type, by currentDollars descending (then by name). */
export async function readAccounts(deps: DollarsDeps): Promise<DollarsAccount[]> {
  const root = (await deps.db.ref(deps.paths.dollarsRoot()).get()).val();
  const accounts: DollarsAccount[] = [];
  if (!isObject(root)) return accounts;
  for (const [type, records] of Object.entries(root)) {
    if (RESERVED.has(type) || !isValidKey(type) || !isObject(records)) continue;
    for (const [id, record] of Object.entries(records)) {
      if (!isValidKey(id) || id.includes(SEPARATOR) || !isObject(record)) continue;
      const history = record.history;
      accounts.push({
        type,
        id,
        key: accountKey({ type, id }),
        name: accountName(record, id),
        cents: toCents(record.currentDollars),
        entries: isObject(history) ? Object.keys(history).length : Array.isArray(history) ? history.length : 0,
      });
      if (accounts.length >= MAX_ACCOUNTS) break;
    }
  }
  return accounts.sort(
    (a, b) => b.cents - a.cents || a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.key.localeCompare(b.key),
  );
}

/** One account, or null when it has no record. */
export async function readAccount(deps: DollarsDeps, account: AccountRef): Promise<DollarsAccount | null> {
  const record = (await deps.db.ref(deps.paths.dollarsRecord(account.type, account.id)).get()).val();
  if (!isObject(record)) return null;
  return {
    ...account,
    key: accountKey(account),
    name: accountName(record, account.id),
    cents: toCents(record.currentDollars),
    entries: isObject(record.history) ? Object.keys(record.history).length : 0,
  };
}

export type TransferKind = 'transfer' | 'purchase';

export interface TransferInput {
  from: AccountRef;
  to: AccountRef;
  /** Positive integer cents (money.ts parseAmount). */
  cents: number;
  kind: TransferKind;
  notes: string;
  /** Who recorded it ("transfers by user"): the staff member's name or e-mail. */
  by: string;
  now?: number;
}

export type TransferResult =
  | { ok: true; key: string; fromCents: number; toCents: number }
  | { ok: false; reason: 'same-account' | 'no-account' | 'insufficient' | 'invalid' | 'busy'; message: string };

/** The rules of one transfer over the balances read (pure): the new balances, or why not. */
export function planTransfer(
  fromBalance: number | null,
  toBalance: number | null,
  input: Pick<TransferInput, 'from' | 'to' | 'cents'>,
): { ok: true; from: number; to: number } | Extract<TransferResult, { ok: false }> {
  if (!Number.isSafeInteger(input.cents) || input.cents < 1) return { ok: false, reason: 'invalid', message: DOLLARS_TEXTS.amountTooSmall };
  if (accountKey(input.from) === accountKey(input.to)) return { ok: false, reason: 'same-account', message: DOLLARS_TEXTS.sameAccount };
  if (fromBalance === null || toBalance === null) return { ok: false, reason: 'no-account', message: DOLLARS_TEXTS.noSuchAccount };
  if (fromBalance < input.cents) return { ok: false, reason: 'insufficient', message: DOLLARS_TEXTS.insufficient };
  return { ok: true, from: fromBalance - input.cents, to: toBalance + input.cents };
}

/**
 * Records dollars bought (at the desk) by an account: its balance grows by `cents` and a history
 * entry of type bought says so; guarded by the ledger version as transfers are.
 */
export async function recordBought(
  deps: DollarsDeps,
  input: { to: AccountRef; cents: number; notes: string; by: string; now?: number },
): Promise<{ ok: true; toCents: number } | Extract<TransferResult, { ok: false }>> {
  const { db, paths } = deps;
  if (!Number.isSafeInteger(input.cents) || input.cents < 1) return { ok: false, reason: 'invalid', message: DOLLARS_TEXTS.amountTooSmall };
  const toPath = paths.dollarsRecord(input.to.type, input.to.id);
  const versionPath = paths.dollarsLedgerVersion();
  const entryKey = db.ref().push().key as string;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const version = versionOf((await db.ref(versionPath).get()).val());
    const record: unknown = (await db.ref(toPath).get()).val();
    if (!isObject(record)) return { ok: false, reason: 'no-account', message: DOLLARS_TEXTS.noSuchAccount };
    const balance = toCents(record.currentDollars) + input.cents;
    const result = await db.ref().guardedUpdate(versionPath, (current: unknown) => versionOf(current) === version, {
      [versionPath]: version + 1,
      [`${toPath}/currentDollars`]: fromCents(balance),
      [`${toPath}/history/${entryKey}`]: {
        type: 'bought',
        amount: fromCents(input.cents),
        from: '',
        to: accountName(record, input.to.id),
        transferBy: input.by,
        notes: input.notes,
        transferDate: input.now ?? Date.now(),
      },
    });
    if (result.committed) return { ok: true, toCents: balance };
  }
  return { ok: false, reason: 'busy', message: DOLLARS_TEXTS.busy };
}

const versionOf = (value: unknown): number => (typeof value === 'number' && Number.isSafeInteger(value) ? value : 0);

/**
 * Records a transfer or a purchase from one account to another: both balances and both history
 * entries (one push key) in one guarded update; made again (up to ATTEMPTS times) when another
 * transfer got there first.
 */
export async function recordTransfer(deps: DollarsDeps, input: TransferInput): Promise<TransferResult> {
  const { db, paths } = deps;
  const fromPath = paths.dollarsRecord(input.from.type, input.from.id);
  const toPath = paths.dollarsRecord(input.to.type, input.to.id);
  const versionPath = paths.dollarsLedgerVersion();
  const entryKey = db.ref().push().key as string;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // The version first: a transfer committed after this read bumps it, so balances read
    // below that are already stale fail the guard and are read again.
    const version = versionOf((await db.ref(versionPath).get()).val());
    const [fromRecord, toRecord] = await Promise.all([
      db
        .ref(fromPath)
        .get()
        .then((snap) => snap.val() as unknown),
      db
        .ref(toPath)
        .get()
        .then((snap) => snap.val() as unknown),
    ]);
    const plan = planTransfer(
      isObject(fromRecord) ? toCents(fromRecord.currentDollars) : null,
      isObject(toRecord) ? toCents(toRecord.currentDollars) : null,
      input,
    );
    if (!plan.ok) return plan;
    const entry: Record<string, DbValue> = {
      type: input.kind,
      amount: fromCents(input.cents),
      from: accountName(fromRecord as Record<string, unknown>, input.from.id),
      to: accountName(toRecord as Record<string, unknown>, input.to.id),
      transferBy: input.by,
      notes: input.notes,
      transferDate: input.now ?? Date.now(),
    };
    const result = await db.ref().guardedUpdate(versionPath, (current: unknown) => versionOf(current) === version, {
      [versionPath]: version + 1,
      [`${fromPath}/currentDollars`]: fromCents(plan.from),
      [`${toPath}/currentDollars`]: fromCents(plan.to),
      [`${fromPath}/history/${entryKey}`]: entry,
      [`${toPath}/history/${entryKey}`]: entry,
    });
    if (result.committed) return { ok: true, key: entryKey, fromCents: plan.from, toCents: plan.to };
  }
  return { ok: false, reason: 'busy', message: DOLLARS_TEXTS.busy };
}
