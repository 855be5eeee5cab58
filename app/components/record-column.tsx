import { Flex, Heading, Text } from '@radix-ui/themes';
import type { ReactNode } from 'react';
import type { ListScreenData } from '~/lib/listing/screen';

/**
 * The right column of the lists that open one record beside them (users, rewards users, dollars
 * accounts): with nothing open, the list's title, what it shows, its buttons and its empty
 * message; with a record open, its name and its facts. The parts these screens share; what each
 * shows below them is its own.
 */

/** A list's right column with nothing open. */
export function ListColumnIntro({
  data,
  text,
  children,
}: {
  data: Pick<ListScreenData, 'title' | 'rows' | 'filters' | 'emptyMessage'>;
  /** What the list shows. */
  text: ReactNode;
  /** Buttons and forms of the column. */
  children?: ReactNode;
}) {
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        {data.title}
      </Heading>
      <Text as="p" size="2" color="gray">
        {text}
      </Text>
      {children}
      {data.rows.length === 0 && !data.filters.active ? (
        <Text as="p" color="gray" size="2">
          {data.emptyMessage}
        </Text>
      ) : null}
    </Flex>
  );
}

export interface RecordFact {
  label: string;
  /** Left out when empty. */
  value: ReactNode;
  testId?: string;
}

/** An opened record's name (focused on open) and its facts, label beside value. */
export function RecordHeader({ title, facts }: { title: string; facts: readonly RecordFact[] }) {
  return (
    <>
      <Heading as="h2" size="4" tabIndex={-1}>
        {title}
      </Heading>
      <dl className="entry-facts">
        {facts
          .filter((fact) => fact.value !== null && fact.value !== undefined && fact.value !== '')
          .map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd data-testid={fact.testId}>{fact.value}</dd>
            </div>
          ))}
      </dl>
    </>
  );
}
