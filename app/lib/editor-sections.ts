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
