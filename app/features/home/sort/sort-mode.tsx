import { Badge, Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation, useSearchParams } from '@remix-run/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { VersionField } from '~/components/forms/conflict';
import { Form } from '~/components/forms/form';
import { PageDialog } from '~/components/ui/dialog';
import { Icon } from '~/components/ui/icon';
import type { HomeMenuTile, HomeSort } from '~/features/home/home.server';
import { hrefs } from '~/lib/hrefs';
import { SORT_ALPHA_TEXT, SORT_ALPHA_TITLE, pendingSortOf } from './sort-types';
import { SortableGrid } from './sortable-grid';

function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** The items in a pending order; keys the menu no longer has are skipped, new items go last. */
function ordered(menu: readonly HomeMenuTile[], order: readonly string[] | undefined): HomeMenuTile[] {
  if (!order) return [...menu];
  const byKey = new Map(menu.map((item) => [item.key, item]));
  const first = order.flatMap((key) => byKey.get(key) ?? []);
  return [...first, ...menu.filter((item) => !order.includes(item.key))];
}

/**
 * The main menu in sort mode (spec 01 §2.6, §4.3): Save / Cancel / Sort Alphabetically and a
 * sortable grid. One form carries the pending order (`order`, the item keys as JSON). With
 * JavaScript the tiles are dragged (pointer or keyboard); without it each tile has Move up /
 * Move down buttons whose posts come back with the moved order. Nothing is saved until Save.
 * At /sort-alpha the 'Sort Alphabetically' confirmation shows over the grid (spec 02 §8).
 */
export function SortMode({
  menu,
  sort,
  title = 'Main Menu',
  renderTile,
}: {
  menu: readonly HomeMenuTile[];
  sort: HomeSort;
  /** The section's title (spec 01 §2.6: the chosen menu section). */
  title?: string;
  renderTile: (item: HomeMenuTile) => ReactNode;
}) {
  // A Move up / Move down post (or a refused Save) comes back with the pending order in the address.
  const [search] = useSearchParams();
  const pending = useMemo(() => pendingSortOf(search), [search]);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [order, setOrder] = useState<string[]>(() => ordered(menu, pending.order ?? undefined).map((item) => item.key));
  // A post's answer (a moved or refused order) replaces the order on screen.
  useEffect(() => {
    setOrder(ordered(menu, pending.order ?? undefined).map((item) => item.key));
  }, [menu, pending]);
  const items = useMemo(() => ordered(menu, order), [menu, order]);
  const locked = Math.min(sort.locked, items.length);
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'sort-submit';

  const tile = (item: HomeMenuTile, isLocked: boolean) => (
    <>
      {renderTile(item)}
      {isLocked ? (
        <Badge className="menu-sort-locked" color="gray" variant="soft">
          Locked
        </Badge>
      ) : null}
    </>
  );

  return (
    <section aria-labelledby="home-menu-title" data-sort-mode="">
      <Form method="post" action={hrefs.homeAction('sort-button')}>
        <input type="hidden" name="order" value={JSON.stringify(order)} />
        {/* The stored order sort mode started from: Save refuses to overwrite another one unseen. */}
        <VersionField version={pending.base ?? sort.version} />
        <Flex align="center" justify="between" gap="3" wrap="wrap" mb="3">
          <Heading as="h2" size="4" id="home-menu-title">
            {title}
          </Heading>
          <Flex gap="2" wrap="wrap">
            <Button type="submit" name="intent" value="sort-submit" disabled={saving}>
              Save
            </Button>
            <Button asChild variant="soft" color="gray">
              <Link to={hrefs.home()}>Cancel</Link>
            </Button>
            <Button asChild variant="soft">
              <Link to={hrefs.homeAction('sort-alpha')}>Sort Alphabetically</Link>
            </Button>
          </Flex>
        </Flex>
        <Text as="p" size="2" color="gray" mb="3" id="menu-sort-help">
          {hydrated
            ? 'Drag the items into their new order (or focus a handle, press Space, move with the arrow keys and press Space again), then Save.'
            : 'Move the items into their new order, then Save.'}
          {locked > 0 ? ` The first ${locked} items are locked.` : ''}
        </Text>
        {hydrated ? (
          <SortableGrid items={items} locked={locked} onOrder={setOrder} renderTile={tile} />
        ) : (
          <ul className="menu-grid">
            {items.map((item, index) => (
              <li key={item.key} className="menu-sort-item" data-locked={index < locked ? '' : undefined}>
                {tile(item, index < locked)}
                {index < locked ? null : (
                  <Flex gap="1" justify="center" className="menu-sort-moves">
                    <Button
                      type="submit"
                      name="intent"
                      value={`move-up:${index}`}
                      size="1"
                      variant="soft"
                      disabled={index <= locked}
                      aria-label={`Move ${item.title} up`}
                      // Without JavaScript each move reloads the page: the moved item's button
                      // takes the focus back, so a keyboard user can keep moving it.
                      // eslint-disable-next-line jsx-a11y/no-autofocus
                      autoFocus={pending.moved === item.key}
                    >
                      <ArrowIcon direction="up" />
                      Up
                    </Button>
                    <Button
                      type="submit"
                      name="intent"
                      value={`move-down:${index}`}
                      size="1"
                      variant="soft"
                      disabled={index === items.length - 1}
                      aria-label={`Move ${item.title} down`}
                    >
                      <ArrowIcon direction="down" />
                      Down
                    </Button>
                  </Flex>
                )}
              </li>
            ))}
          </ul>
        )}
      </Form>
      {sort.confirmAlpha ? <SortAlphaDialog /> : null}
    </section>
  );
}

/**
 * The visible words of the Move buttons are 'Up' and 'Down', which their names ('Move Charlie
 * up') contain, as speech input needs (WCAG 2.5.3).
 */
function ArrowIcon({ direction }: { direction: 'up' | 'down' }) {
  return (
    <Icon size={12} strokeWidth={2.5}>
      <path d={direction === 'up' ? 'M12 19V5M5 12l7-7 7 7' : 'M12 5v14M5 12l7 7 7-7'} />
    </Icon>
  );
}

/** 'Sort Alphabetically' (spec 02 §8): Cancel goes back to sort mode, OK posts sort-alpha. */
function SortAlphaDialog() {
  return (
    <PageDialog
      title={SORT_ALPHA_TITLE}
      description={SORT_ALPHA_TEXT}
      cancelHref={hrefs.homeAction('sort-button')}
      actions={
        <>
          <Button asChild variant="soft" color="gray">
            <Link to={hrefs.homeAction('sort-button')}>Cancel</Link>
          </Button>
          <Form method="post" action={hrefs.homeAction('sort-alpha')}>
            <Button type="submit" name="intent" value="sort-alpha">
              OK
            </Button>
          </Form>
        </>
      }
    />
  );
}
