import type { ReactNode } from 'react';
import { Section } from './fields';

/**
 * A section of an editor's accordion (the business, event and calendar config editors): a
 * <details> (Section), so it opens and closes without JavaScript, with `section-{id}` as its
 * anchor (an invalid submit opens the section with the error and scrolls to it) and its title
 * from the editor's list of sections.
 */
export function EditorSection<Id extends string>({
  id,
  sections,
  open,
  children,
}: {
  id: Id;
  /** The editor's sections, where the title of this one is found. */
  sections: ReadonlyArray<{ id: Id; title: string }>;
  open: boolean;
  children: ReactNode;
}) {
  const title = sections.find((section) => section.id === id)?.title ?? id;
  return (
    <Section title={title} open={open} id={`section-${id}`} section={id} className="editor-section">
      {children}
    </Section>
  );
}
