import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import { inPanel } from '~/lib/listing/urls';
import { ShellColumns } from './shell/shell-columns';

/**
 * A screen that manages a short list of its own (Manage Calendars, Manage List Icons): the page's
 * heading and the list in a card in the centre ('empty' when there is nothing), and the child
 * route in the right column, named `panelLabel` for assistive technology. The lists of the
 * listing screens use ListWithPanel (./list-with-panel.tsx), whose panel is named by what it shows.
 */
export function ListPage<Item>({
  heading,
  panelLabel,
  panel,
  items,
  empty,
  listLabel,
  itemKey,
  renderItem,
}: {
  heading: ReactNode;
  panelLabel: string;
  panel: ReactNode;
  items: readonly Item[];
  empty: ReactNode;
  listLabel: string;
  itemKey: (item: Item) => string;
  renderItem: (item: Item) => ReactNode;
}) {
  return (
    <ShellColumns
      rightLabel={panelLabel}
      right={panel}
      centre={
        <Flex direction="column" gap="4">
          <Heading as="h1" size="6">
            {heading}
          </Heading>
          <Card size="2">
            {items.length === 0 ? (
              <Text as="p" color="gray">
                {empty}
              </Text>
            ) : (
              <ul className="divided-list" aria-label={listLabel}>
                {items.map((item) => (
                  <li key={itemKey(item)}>{renderItem(item)}</li>
                ))}
              </ul>
            )}
          </Card>
        </Flex>
      }
    />
  );
}

/**
 * A ListPage's right column when no form is open: a heading and the link that adds an item. The
 * link points at the column (`#editor`): on a phone, where the column lies under the short list,
 * the form comes into view and its heading takes the focus.
 */
export function ListPageAction({ heading, to, label }: { heading: string; to: string; label: string }) {
  return (
    <Flex direction="column" gap="3" align="start">
      <Heading as="h2" size="4">
        {heading}
      </Heading>
      <Button asChild>
        <Link to={inPanel(to)}>{label}</Link>
      </Button>
    </Flex>
  );
}
