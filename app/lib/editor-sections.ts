/**
 * The section of an editor's accordion that an invalid submit opens (spec 02 §5, spec 03 §5
 * "opens the section with the error"): of the sections holding a field with an error, the first
 * in the editor's order. `sectionOf` names the section of an error's field name.
 */
export function firstSectionWithError<Id extends string>(
  sections: ReadonlyArray<{ id: Id }>,
  sectionOf: (field: string) => Id | undefined,
  errorFields: readonly string[],
): Id | null {
  const withErrors = new Set(errorFields.map(sectionOf).filter((section): section is Id => section !== undefined));
  return sections.find((section) => withErrors.has(section.id))?.id ?? null;
}

/**
 * The sections of an accordion drawn open after a refusal: every section holding a field with an
 * error (spec 02 §5 "opens the section with the error"), so that without JavaScript no error is
 * hidden in a closed section. `sectionOf` names the section of an error's field name.
 */
export function sectionsWithErrors<Id extends string>(
  errors: Record<string, readonly string[] | null | undefined> | null | undefined,
  sectionOf: (field: string) => Id | undefined,
): ReadonlySet<Id> {
  const sections = new Set<Id>();
  for (const [name, messages] of Object.entries(errors ?? {})) {
    if (!messages?.length) continue;
    const section = sectionOf(name);
    if (section !== undefined) sections.add(section);
  }
  return sections;
}

/**
 * The sections of an accordion drawn open: the one the page or the server's answer names, and
 * after a refused save every section holding an error (the errors of the answer, which stay until
 * the next post, so a section does not close under the person while they correct its field).
 */
export function openSections<Id extends string>(
  first: Id | null | undefined,
  answerErrors: Record<string, readonly string[] | null | undefined> | null | undefined,
  sectionOf: (field: string) => Id | undefined,
): ReadonlySet<Id> {
  const sections = new Set(sectionsWithErrors(answerErrors, sectionOf));
  if (first) sections.add(first);
  return sections;
}
