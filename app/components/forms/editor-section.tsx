import { Flex, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';

/**
 * A section of an editor's accordion (the business, event and calendar config editors): a
 * <details>, so it opens and closes without JavaScript, with `section-{id}` as its anchor (an
 * invalid submit opens the section with the error and scrolls to it).
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
    <details className="form-section editor-section" open={open} id={`section-${id}`} data-section={id}>
      <summary>
        <Text size="3" weight="bold">
          {title}
        </Text>
      </summary>
      <Flex direction="column" gap="3" pt="3" pb="2">
        {children}
      </Flex>
    </details>
  );
}
