/**
 * Forms carry the community they were opened for (docs/decisions/018). Every editing form of
 * the console (`Form` of app/components/forms/form.tsx) renders the community its page was
 * shown for in a hidden field; the server compares it with the community the request would
 * write to (server/http/form-community.ts, checked by requireStaff and the form readers) and,
 * when another community is selected now, writes nothing and answers 409 with this refusal:
 * the message, and everything that was posted so the page can show it and post it again.
 */

/** The hidden field with the key of the community the form was opened for. */
export const FORM_COMMUNITY_FIELD = '_community';

/** Posted by the refusal's "Switch … and save" button: select the form's community again, then save. */
export const SWITCH_COMMUNITY_FIELD = '_switchCommunity';

/** The refusal's `reason`. */
export const COMMUNITY_CHANGED = 'community-changed';

export interface CommunityRefusal {
  reason: typeof COMMUNITY_CHANGED;
  message: string;
  /** The community the form was opened for. */
  formCommunity: { key: string; name: string };
  /** The community selected now. */
  selected: { key: string; name: string };
  /** Whether the person may select the form's community again (and save there). */
  canSwitch: boolean;
  /** Where the form posted (path and query). */
  action: string;
  /** The text fields as posted, in order (files are not sent back). */
  fields: Array<[string, string]>;
}

export function communityChangedMessage(formCommunity: string, selected: string): string {
  return `This form was opened for ${formCommunity}, but ${selected} is now selected, so nothing was saved. Switch back to ${formCommunity} to save it; what you typed is below.`;
}

/** Fields a person never typed: not listed among "What you typed". */
export const UNTYPED_FIELDS: ReadonlySet<string> = new Set([FORM_COMMUNITY_FIELD, SWITCH_COMMUNITY_FIELD, 'intent', 'version']);

export function isCommunityRefusal(value: unknown): value is CommunityRefusal {
  return typeof value === 'object' && value !== null && (value as { reason?: unknown }).reason === COMMUNITY_CHANGED;
}
