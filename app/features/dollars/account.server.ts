import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer } from '@remix-run/node';
import { dollarsHistoryView, readDollarsHistory } from '@server/business/dollars';
import { accountTypeLabel, parseAccountKey, readAccount, readAccounts, recordBought, recordTransfer } from '@server/dollars/ledger';
import { readForm } from '@server/http/form.server';
import { notFound } from '@server/http/responses';
import { communityTimeZone } from '@server/listing';
import { actorName } from '@server/users/manage';
import { formatCents, parseAmount, type DollarsHistoryView } from '~/lib/dollars';
import { parseIntent } from '~/lib/intent';
import { atRow, listUrls } from '~/lib/listing/urls';
import { redirectWithToast } from '~/lib/toast.server';
import { BoughtSchema, TransferSchema } from '~/schemas/dollars';
import { getServices } from '~/services.server';
import { AccountIntent } from './intents';
import { resolveDollarsAccounts } from './resolve.server';

/**
 * One account of Dollars Accounts Status (`/listnm/dollarsaccountstatus/edit/:account`, account
 * `{type}~{id}`): its balance, its dollars history (spec 03 §8 'There is no history for this
 * user/business.') and the form that records a transfer or a purchase to another account with
 * notes (decision 041): require system admin → read the form → intent → server/dollars use case
 * → redirect with a toast, or the form again with the rules' words.
 */

type Params = Record<string, string | undefined>;

export interface AccountData {
  key: string;
  name: string;
  typeLabel: string;
  balance: string;
  history: DollarsHistoryView;
  /** The accounts dollars may go to (every other account). */
  targets: Array<{ value: string; label: string }>;
  closeHref: string;
}

export interface AccountActionData {
  result?: SubmissionResult<string[]>;
  /** The result of Add Bought Dollars' form. */
  bought?: SubmissionResult<string[]>;
  error?: string;
}

async function open(request: Request, params: Params) {
  const list = await resolveDollarsAccounts(request);
  const ref = parseAccountKey(params.account ?? '');
  if (!ref) throw notFound();
  const services = await getServices();
  const account = await readAccount(services, ref);
  if (!account) throw notFound();
  return { list, ref, account, services };
}

export async function loadAccount(request: Request, params: Params): Promise<AccountData> {
  const { list, ref, account, services } = await open(request, params);
  const [history, accounts, timeZone] = await Promise.all([
    readDollarsHistory(services, ref.id, ref.type),
    readAccounts(services),
    communityTimeZone(services, list.staff.community),
  ]);
  return {
    key: account.key,
    name: account.name,
    typeLabel: accountTypeLabel(account.type),
    balance: formatCents(account.cents),
    history: dollarsHistoryView(history, timeZone),
    targets: accounts
      .filter((other) => other.key !== account.key)
      .map((other) => ({ value: other.key, label: `${other.name} (${accountTypeLabel(other.type)}, ${formatCents(other.cents)})` })),
    closeHref: listUrls(list.location, new URL(request.url).searchParams).list,
  };
}

export async function accountAction(request: Request, params: Params) {
  const { list, ref, services } = await open(request, params);
  const form = await readForm(request, { schemas: [TransferSchema, BoughtSchema] });
  const posted = parseIntent(form, AccountIntent);
  const back = atRow(listUrls(list.location, new URL(request.url).searchParams).list, `${ref.type}~${ref.id}`);
  if (posted.intent === 'bought') {
    const bought = parseWithZod(form, { schema: BoughtSchema });
    if (bought.status !== 'success') return answer<AccountActionData>({ bought: bought.reply() }, { status: 400 });
    const amount = parseAmount(bought.value.amount);
    if (!('cents' in amount)) return answer<AccountActionData>({ bought: bought.reply() }, { status: 400 });
    const result = await recordBought(services, {
      to: ref,
      cents: amount.cents,
      notes: bought.value.notes?.trim() ?? '',
      by: actorName(list.staff.user),
    });
    if (result.ok) {
      return redirectWithToast(request, back, {
        kind: 'success',
        message: `${formatCents(amount.cents)} bought. This account now holds ${formatCents(result.toCents)}.`,
      });
    }
    if (result.reason === 'no-account') throw notFound();
    return answer<AccountActionData>({ bought: bought.reply(), error: result.message }, { status: result.reason === 'busy' ? 409 : 400 });
  }
  const submission = parseWithZod(form, { schema: TransferSchema });
  if (submission.status !== 'success') return answer<AccountActionData>({ result: submission.reply() }, { status: 400 });
  const to = parseAccountKey(submission.value.to);
  const amount = parseAmount(submission.value.amount);
  if (!to || !('cents' in amount)) return answer<AccountActionData>({ result: submission.reply() }, { status: 400 });
  const result = await recordTransfer(services, {
    from: ref,
    to,
    cents: amount.cents,
    kind: submission.value.kind,
    notes: submission.value.notes?.trim() ?? '',
    by: actorName(list.staff.user),
  });
  if (result.ok) {
    return redirectWithToast(request, back, {
      kind: 'success',
      message: `${formatCents(amount.cents)} recorded. This account now holds ${formatCents(result.fromCents)}.`,
    });
  }
  switch (result.reason) {
    case 'no-account':
    case 'same-account':
      return answer<AccountActionData>({ result: submission.reply({ fieldErrors: { to: [result.message] } }) }, { status: 400 });
    case 'insufficient':
    case 'invalid':
      return answer<AccountActionData>({ result: submission.reply({ fieldErrors: { amount: [result.message] } }) }, { status: 400 });
    case 'busy':
      return answer<AccountActionData>({ result: submission.reply(), error: result.message }, { status: 409 });
  }
}
