/**
 * A 404 that is no dead end: the address names a listing or an event that is not in the
 * community selected now but in another of the person's communities (a link from a colleague,
 * an old tab). The page says whose it is and offers to switch there (server/authz/elsewhere.ts
 * answers it; the error boundary shows it).
 */
export const OTHER_COMMUNITY = 'other-community';

export interface OtherCommunityRefusal {
  reason: typeof OTHER_COMMUNITY;
  title: string;
  text: string;
  /** The community that holds it. */
  community: { key: string; name: string };
  /** Whether the person may switch to it (Switch Community, spec 03 §6). */
  canSwitch: boolean;
}

export function isOtherCommunityRefusal(value: unknown): value is OtherCommunityRefusal {
  if (typeof value !== 'object' || value === null) return false;
  const body = value as Record<string, unknown>;
  const community = body.community as Record<string, unknown> | null | undefined;
  return (
    body.reason === OTHER_COMMUNITY &&
    typeof body.title === 'string' &&
    typeof body.text === 'string' &&
    typeof community === 'object' &&
    community !== null &&
    typeof community.key === 'string' &&
    typeof community.name === 'string' &&
    typeof body.canSwitch === 'boolean'
  );
}

/** The refusal's texts: 'This listing belongs to Pine Hollow', and what to do. */
export function otherCommunityTexts(
  what: 'listing' | 'event',
  holder: string,
  selected: string,
  canSwitch: boolean,
): { title: string; text: string } {
  return {
    title: `This ${what} belongs to ${holder}`,
    text: canSwitch
      ? `It is not in ${selected}, the community selected now. Switch community to ${holder} to open it.`
      : `It is not in ${selected}, the community selected now, and switching communities is for location admins. Ask a location admin of ${holder} to open it for you.`,
  };
}

/** Switch Community's field naming where to go once switched (a path of this site; home without it). */
export const SWITCH_REDIRECT_FIELD = 'redirectTo';
