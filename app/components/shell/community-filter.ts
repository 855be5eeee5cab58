/** Spec 01 §5: the community filter matches title or appName (case-insensitive, anywhere in the text). */
export function matchesCommunityFilter(community: { title: string; appName?: string | null }, query: string | null | undefined): boolean {
  const wanted = (query ?? '').trim().toLocaleLowerCase('en');
  if (wanted === '') return true;
  return [community.title, community.appName ?? ''].some((field) => field.toLocaleLowerCase('en').includes(wanted));
}
