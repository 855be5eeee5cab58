import { FORM_COMMUNITY_FIELD } from '~/lib/form-community';

/**
 * Where the check that a form saves only into the community it was opened for meets the two
 * things every action goes through (docs/decisions/018): the staff check (requireStaff and the
 * require… helpers built on it, which know the community the request writes to) and the form
 * readers (readForm, parseUpload, which know what was posted). Actions call them in either
 * order, so each side notes what it knows about the request here and whichever comes second
 * runs the guard the staff check registered. The guard throws the refusal (a 409, or the
 * redirect of "Switch … and save"); nothing is written because the action has not started.
 *
 * A post without the field (an API client, a page rendered before forms carried it) is not
 * checked: the field names the form's community, it is no permission.
 */

export type FormCommunityGuard = (formData: FormData, stamp: string) => Promise<void>;

const guards = new WeakMap<Request, FormCommunityGuard>();
const forms = new WeakMap<Request, FormData>();

/** The community a posted form was opened for, or null when it names none. */
export function postedFormCommunity(formData: FormData): string | null {
  const value = formData.get(FORM_COMMUNITY_FIELD);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

async function run(guard: FormCommunityGuard, formData: FormData): Promise<void> {
  const stamp = postedFormCommunity(formData);
  if (stamp !== null) await guard(formData, stamp);
}

/** The staff check's side: the guard for this request's form, run now when the form was read already. */
export async function guardFormCommunity(request: Request, guard: FormCommunityGuard): Promise<void> {
  guards.set(request, guard);
  const formData = forms.get(request);
  if (formData) await run(guard, formData);
}

/** The form readers' side: the form as read, checked now when the staff check ran already. */
export async function noteFormRead(request: Request, formData: FormData): Promise<void> {
  forms.set(request, formData);
  const guard = guards.get(request);
  if (guard) await run(guard, formData);
}
