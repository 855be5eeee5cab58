import { z } from 'zod';
import { remoteAdminSchema } from '~/schemas/remote-admin';

/**
 * The Remote Administration section as the forms that carry it post it (spec 03 §2 "Remote
 * Administration", §3 "Remote access entry"): the business editor and the calendar config
 * editor, both under `remote.` (`remote.remotelyManaged`, `remote.entries[0].email` …). One
 * schema for the server's reading of either post; the browser validates the same fields with
 * app/schemas/remote-admin.ts, which this wraps.
 */

/** The prefix of the section's fields. */
export const REMOTE_ADMIN_FIELD = 'remote';

/** The section under its prefix. Nothing of it is posted while Allow Remote Management is off and no entry is shown. */
export function remoteAdminPostSchema(options: { dollarsEnabled: boolean }) {
  return z.object({ [REMOTE_ADMIN_FIELD]: z.preprocess((value) => value ?? {}, remoteAdminSchema(options)) });
}

/** Remote Administration is not read from anyone who may not write it: its fields are dropped before the form is parsed. */
export function dropRemoteAdminFields(formData: FormData): void {
  for (const name of [...formData.keys()]) if (name.startsWith(`${REMOTE_ADMIN_FIELD}.`)) formData.delete(name);
}
