import { Button, Card, Flex, Heading, IconButton, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { CSSProperties, ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { MenuSection } from '@server/menu/sections';
import { Form } from '~/components/forms/form';
import { editorHref } from '~/components/shell/home-actions';
import { ShellColumns } from '~/components/shell/shell-columns';
import { Icon } from '~/components/ui/icon';
import { HeaderCarousel } from '~/components/widgets/header-carousel';
import { SortMode } from '~/features/home/sort/sort-mode';
import { NO_WEBSITE_HINT, type BusinessHome } from '~/lib/business-home';
import { hrefs } from '~/lib/hrefs';
import type { HomeData, HomeMenuTile, HomeSort } from './home.server';

/**
 * The home screen (spec 01 §2.6): the community's header and its main menu in the centre; in
 * the right column the action's screen or the button navigation tray (`panel`, the home
 * layout route's outlet).
 */
export function HomeScreen({
  home,
  panel,
  rightLabel,
  selectedItem,
}: {
  home: HomeData;
  /** The right column: the screen of the child route, or the button navigation tray. */
  panel: ReactNode;
  /** The right column's name for assistive technology: the screen's title. */
  rightLabel: string;
  /** The key of the menu item open in the editor (highlighted in the grid). */
  selectedItem?: string;
}) {
  return (
    <ShellColumns
      rightLabel={rightLabel}
      centre={
        <Flex direction="column" gap="5">
          <HeaderCarousel header={home.header} title={home.title} initialSlide={home.slide} />
          {home.sections.length > 1 && !home.sort.active ? <SectionPicker sections={home.sections} current={home.section} /> : null}
          {home.business ? (
            <BusinessActions business={home.business} />
          ) : (
            <MenuGrid menu={home.menu} sort={home.sort} section={home.section} selectedItem={selectedItem} />
          )}
        </Flex>
      }
      right={panel}
    />
  );
}

/**
 * The menu section picker (spec 01 §2.6: the grid shows the chosen section, which is stored):
 * a form post that remembers the choice; with JavaScript it posts as soon as a section is
 * chosen, without it with the Show button.
 */
function SectionPicker({ sections, current }: { sections: readonly MenuSection[]; current: MenuSection }) {
  const hydrated = useHydrated();
  return (
    <Form method="post" action={hrefs.home({ index: true })} className="section-picker">
      <input type="hidden" name="intent" value="choose-section" />
      <Flex gap="2" align="end" wrap="wrap">
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="menu-section">
            Menu section
          </Text>
          <select
            // A Submenu tile changes the section without this form: the choice then follows it.
            key={current.id}
            id="menu-section"
            name="menuId"
            className="form-control"
            defaultValue={current.id}
            onChange={hydrated ? (event) => event.currentTarget.form?.requestSubmit() : undefined}
          >
            {sections.map((section) => (
              <option key={section.id} value={section.id}>
                {`${'\u2014 '.repeat(section.depth)}${section.title}`}
              </option>
            ))}
          </select>
        </Flex>
        {hydrated ? null : (
          <Button type="submit" variant="soft">
            Show
          </Button>
        )}
      </Flex>
    </Form>
  );
}

/**
 * The menu grid of the chosen section (spec 01 §2.6): each tile opens what it stands for
 * (app/lib/menu-targets.ts; the editor when the console shows no content of it) and its edit
 * control the item's editor (/home/edit/:itemId); 'Add Menu Item' opens the type picker (/add);
 * 'Sort' enters sort mode (/sort-button), where the grid becomes sortable (app/features/home/sort).
 */
function MenuGrid({
  menu,
  sort,
  section,
  selectedItem,
}: {
  menu: readonly HomeMenuTile[];
  sort: HomeSort;
  section: MenuSection;
  selectedItem?: string;
}) {
  if (sort.active && menu.length > 0)
    return <SortMode menu={menu} sort={sort} title={section.title} renderTile={(item) => <MenuTile item={item} />} />;
  return (
    <section aria-labelledby="home-menu-title">
      <Flex align="center" justify="between" gap="3" mb="3" wrap="wrap">
        <Heading as="h2" size="4" id="home-menu-title">
          {section.title}
        </Heading>
        <Flex gap="2">
          <Button asChild variant="solid" size="2">
            <Link to={editorHref(hrefs.homeAction('add'))}>Add Menu Item</Link>
          </Button>
          {menu.length > 1 ? (
            <Button asChild variant="soft" size="2">
              <Link to={hrefs.homeAction('sort-button')}>Sort</Link>
            </Button>
          ) : null}
        </Flex>
      </Flex>
      {menu.length === 0 ? (
        <Card>
          <Text as="p" color="gray">
            {section.title} has no items yet. Use Add Menu Item to add the first one.
          </Text>
        </Card>
      ) : (
        <ul className="menu-grid">
          {menu.map((item) => {
            const selected = item.key === selectedItem;
            return (
              <li key={item.key} className="menu-grid-cell" data-selected={selected ? '' : undefined}>
                <TileLink item={item} />
                {/* A sibling of the tile's link (no link inside a link), laid over its corner. */}
                <IconButton
                  asChild
                  size={{ initial: '2', sm: '1' }}
                  variant={selected ? 'solid' : 'soft'}
                  color={selected ? undefined : 'gray'}
                  radius="full"
                  className="menu-grid-edit"
                >
                  <Link
                    to={editorHref(item.editHref)}
                    aria-label={`Edit ${item.title || 'menu item'}`}
                    aria-current={selected ? 'page' : undefined}
                  >
                    <PencilIcon />
                  </Link>
                </IconButton>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A tile's main link: the item's content (a new tab for an address), else its editor. */
function TileLink({ item }: { item: HomeMenuTile }) {
  const { target } = item;
  if (target.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer" className="menu-grid-link" data-target-kind={target.kind}>
        <MenuTile item={item} />
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <Link to={target.kind === 'none' ? editorHref(item.editHref) : target.href} className="menu-grid-link" data-target-kind={target.kind}>
      <MenuTile item={item} />
    </Link>
  );
}

function PencilIcon() {
  return (
    <Icon size={14}>
      <path d="M21.17 6.81a1 1 0 0 0-3.98-3.98L3.84 16.17a2 2 0 0 0-.5.83l-1.32 4.35a.5.5 0 0 0 .62.62l4.35-1.32a2 2 0 0 0 .83-.5z" />
      <path d="m15 5 4 4" />
    </Icon>
  );
}

/** A business-only community's home (spec 01 §2.6): action buttons, address and description. */
function BusinessActions({ business }: { business: BusinessHome }) {
  return (
    <section aria-labelledby="home-business-title" className="business-home">
      <Heading as="h2" size="4" mb="3" id="home-business-title">
        Business
      </Heading>
      {business.actions.length > 0 ? (
        <Flex gap="3" wrap="wrap" asChild>
          <ul className="business-actions">
            {business.actions.map((action) => (
              <li key={action.id}>
                {action.href ? (
                  <Button asChild size="3" variant="soft">
                    <a href={action.href} target={action.href.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer">
                      {action.label}
                    </a>
                  </Button>
                ) : (
                  // Website shows even without a website (spec 01 §2.6), saying where to add one.
                  <Flex direction="column" gap="1" align="start">
                    <Button size="3" variant="soft" disabled aria-describedby={`business-${action.id}-hint`}>
                      {action.label}
                    </Button>
                    <Text size="1" color="gray" id={`business-${action.id}-hint`}>
                      {NO_WEBSITE_HINT}
                    </Text>
                  </Flex>
                )}
              </li>
            ))}
          </ul>
        </Flex>
      ) : null}
      {business.address || business.cityLine ? (
        <Text as="p" mt="4">
          {business.address}
          {business.address && business.cityLine ? <br /> : null}
          {business.cityLine}
        </Text>
      ) : null}
      {business.htmlDescription ? (
        <div className="rich-text business-description" dangerouslySetInnerHTML={{ __html: business.htmlDescription }} />
      ) : null}
    </section>
  );
}

function MenuTile({ item }: { item: HomeMenuTile }) {
  const style = { '--icon-bg': item.iconBackground, color: item.iconColor } as CSSProperties;
  return (
    <Card className="menu-grid-item" data-menu-item={item.key}>
      <span className="menu-grid-icon" data-shape={item.iconShape} style={style}>
        {item.icon ? (
          <img src={item.icon} alt="" />
        ) : (
          <Text size="6" weight="bold" aria-hidden="true">
            {item.title.slice(0, 1).toUpperCase()}
          </Text>
        )}
      </span>
      <Text as="span" size="2" weight="medium">
        {item.title}
      </Text>
    </Card>
  );
}
