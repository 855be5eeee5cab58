import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data as answer } from '@remix-run/node';
import { requireSystemAdmin } from '@server/authz';
import { dollarsConfigVersion, readDollarsConfig, saveDollarsConfig } from '@server/dollars/config';
import { readForm } from '@server/http/form.server';
import { conflictMessage, conflictRows, postedVersion, type Conflict } from '~/lib/conflict';
import { hrefs } from '~/lib/hrefs';
import { parseIntent } from '~/lib/intent';
import { redirectWithToast } from '~/lib/toast.server';
import { DOLLARS_CONFIG_LABELS, DollarsConfigSchema } from '~/schemas/dollars';
import { getServices } from '~/services.server';
import { DollarsConfigIntent } from './intents';

/**
 * The dollars config (`/listnm/dollarsaccountstatus/config`; spec 01 §3.8 "A dollars-enabled
 * configuration flag"; spec 03 §6 Dollars Accounts Status tray: system admin; decision 045):
 * the product-wide `amc-dollars/config`, so for resort system admins, and reachable while
 * dollars are off (turning them on is what it is for). Require → read the form → intent →
 * server/dollars/config → redirect with a toast, or the form again (409 with their version).
 */

export interface DollarsConfigData {
  enabled: boolean;
  version: string;
  /** Dollars Accounts Status, while dollars are enabled. */
  accountsHref: string | null;
}

export interface DollarsConfigActionData {
  result?: SubmissionResult<string[]>;
  conflict?: Conflict;
}

export const DOLLARS_CONFIG_PATH = hrefs.listnmAction('dollarsaccountstatus', 'config');

export async function loadDollarsConfig(request: Request): Promise<DollarsConfigData> {
  await requireSystemAdmin(request);
  const config = await readDollarsConfig(await getServices());
  return {
    enabled: config.enabled,
    version: dollarsConfigVersion(config),
    accountsHref: config.enabled ? hrefs.listnm('dollarsaccountstatus') : null,
  };
}

export async function dollarsConfigAction(request: Request) {
  await requireSystemAdmin(request);
  const form = await readForm(request, { schemas: [DollarsConfigSchema] });
  parseIntent(form, DollarsConfigIntent);
  const submission = parseWithZod(form, { schema: DollarsConfigSchema });
  if (submission.status !== 'success') return answer<DollarsConfigActionData>({ result: submission.reply() }, { status: 400 });
  const config = { enabled: submission.value.enabled === true };
  const saved = await saveDollarsConfig(await getServices(), { config, version: postedVersion(form) });
  if (!saved.ok) {
    return answer<DollarsConfigActionData>(
      {
        result: submission.reply(),
        conflict: {
          message: conflictMessage('The dollars config'),
          version: saved.version,
          theirs: conflictRows(DOLLARS_CONFIG_LABELS, saved.stored, config),
        },
      },
      { status: 409 },
    );
  }
  return redirectWithToast(request, DOLLARS_CONFIG_PATH, {
    kind: 'success',
    message: config.enabled ? 'Dollars are enabled.' : 'Dollars are turned off.',
  });
}
