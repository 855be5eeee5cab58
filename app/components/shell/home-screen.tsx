import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { CSSProperties, ReactNode } from 'react';
import { HeaderCarousel } from '~/components/widgets/header-carousel';
import { ButtonTray } from './button-tray';
import type { HomeData, HomeMenuItem } from './home.server';
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
          <section aria-labelledby="home-menu-title">
            <Heading as="h2" size="4" mb="3" id="home-menu-title">
              Main Menu
            </Heading>
            {home.menu.length === 0 ? (
              <Card>
                <Text as="p" color="gray">
                  The main menu has no items.
                </Text>
              </Card>
            ) : (
              <ul className="menu-grid">
                {home.menu.map((item) => (
                  <li key={item.key}>
                    <MenuTile item={item} />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </Flex>
      }
      right={panel ?? <ButtonTray trays={trays} />}
    />
  );
}

function MenuTile({ item }: { item: HomeMenuItem }) {
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
