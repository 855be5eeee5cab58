import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { BusinessHome } from '~/lib/business-home';
import type { CSSProperties, ReactNode } from 'react';
import { SortMode } from '~/components/home/sort/sort-mode';
import { HeaderCarousel } from '~/components/widgets/header-carousel';
import { ButtonTray } from './button-tray';
import type { HomeData, HomeMenuTile, HomeSort } from './home.server';
import { ShellColumns } from './shell-columns';
import type { TrayView } from './tray-types';

/**
 * The home screen (spec 01 §2.6): the community's header and its main menu in the centre; in
 * the right column the action's screen (`panel`) or else the button navigation tray.
 */
export function HomeScreen({ home, trays, panel }: { home: HomeData; trays: readonly TrayView[]; panel?: ReactNode }) {
  return (
    <ShellColumns
      rightLabel={panel ? 'Action' : 'Button navigation'}
      centre={
        <Flex direction="column" gap="5">
          <HeaderCarousel header={home.header} title={home.title} initialSlide={home.slide} />
          {home.business ? <BusinessActions business={home.business} /> : <MenuGrid menu={home.menu} sort={home.sort} />}
        </Flex>
      }
      right={panel ?? <ButtonTray trays={trays} />}
    />
  );
}

/**
 * The main menu grid (spec 01 §2.6): each tile opens the item's editor; 'Sort' enters sort mode
 * (/sort-button), where the grid becomes sortable (app/components/home/sort).
 */
function MenuGrid({ menu, sort }: { menu: readonly HomeMenuTile[]; sort: HomeSort }) {
  if (sort.active && menu.length > 0) return <SortMode menu={menu} sort={sort} renderTile={(item) => <MenuTile item={item} />} />;
  return (
    <section aria-labelledby="home-menu-title">
      <Flex align="center" justify="between" gap="3" mb="3">
        <Heading as="h2" size="4" id="home-menu-title">
          Main Menu
        </Heading>
        {menu.length > 1 ? (
          <Button asChild variant="soft" size="2">
            <Link to="/sort-button">Sort</Link>
          </Button>
        ) : null}
      </Flex>
      {menu.length === 0 ? (
        <Card>
          <Text as="p" color="gray">
            The main menu has no items.
          </Text>
        </Card>
      ) : (
        <ul className="menu-grid">
          {menu.map((item) => (
            <li key={item.key}>
              <MenuTile item={item} />
            </li>
          ))}
        </ul>
      )}
    </section>
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
                <Button asChild size="3" variant="soft">
                  <a href={action.href} target={action.href.startsWith('http') ? '_blank' : undefined} rel="noopener noreferrer">
                    {action.label}
                  </a>
                </Button>
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
