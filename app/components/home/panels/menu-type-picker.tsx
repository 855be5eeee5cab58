import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Form, Link } from '@remix-run/react';
import { useId, useMemo, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { PageDialog } from '~/components/ui/dialog';
import { filterCatalogue } from '~/lib/catalogues/menu-buttons';
import { renderMenuIcon, svgDataUri } from '~/lib/icons/render';
import { SELECT_MENU_TYPE_TITLE } from '~/schemas/menu-item';

/**
 * The Select Menu Type picker (spec 02 "Menu item editor": a modal, filterable, grouped in the
 * trays of the menu button catalogue; spec 03 §9). It is a page dialog: each entry is a link
 * to `{path}?type={id}`, and the filter is a GET form, so it works without JavaScript; with
 * JavaScript the list filters as the person types and Escape cancels.
 */
export function MenuTypePicker({
  path,
  query,
  cancelHref,
  iconSet,
  colors,
}: {
  path: string;
  query: string;
  cancelHref: string;
  iconSet: string;
  colors: { colorIconShape: string; colorIconBackground: string };
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState(query);
  const shown = hydrated ? text : query;
  const trays = useMemo(() => filterCatalogue(shown), [shown]);
  const trayId = useId();
  const filterId = useId();

  return (
    <PageDialog
      role="dialog"
      title={SELECT_MENU_TYPE_TITLE}
      className="menu-type-picker"
      cancelHref={cancelHref}
      actions={
        <Button asChild variant="soft" color="gray">
          <Link to={cancelHref}>Cancel</Link>
        </Button>
      }
    >
      <Form method="get" action={path} role="search">
        <input type="hidden" name="pick" value="" />
        <Flex gap="2" align="end">
          <Flex direction="column" gap="1" style={{ flex: 1 }}>
            <Text as="label" size="2" weight="medium" htmlFor={filterId}>
              Filter menu types
            </Text>
            <input
              id={filterId}
              name="q"
              type="search"
              className="form-control"
              defaultValue={query}
              placeholder="Form, website, calendar…"
              autoComplete="off"
              data-autofocus=""
              onChange={(event) => setText(event.currentTarget.value)}
            />
          </Flex>
          {hydrated ? null : (
            <Button type="submit" variant="soft">
              Filter
            </Button>
          )}
        </Flex>
      </Form>
      <div className="menu-type-trays">
        {trays.length === 0 ? (
          <Text as="p" color="gray" role="status">
            No menu types match “{shown}”.
          </Text>
        ) : (
          trays.map((tray) => (
            <section key={tray.id} aria-labelledby={`${trayId}-${tray.id}`}>
              <Heading as="h3" size="3" mb="2" id={`${trayId}-${tray.id}`}>
                {tray.title}
              </Heading>
              <ul className="menu-type-list">
                {tray.types.map((type) => (
                  <li key={type.id}>
                    <Link to={`${path}?type=${encodeURIComponent(type.id)}#editor`} className="menu-type-option" data-menu-type={type.id}>
                      <img
                        src={svgDataUri(renderMenuIcon({ iconSet, glyph: type.icon, ...colors, size: 40 }))}
                        alt=""
                        width={40}
                        height={40}
                      />
                      <span>
                        <Text as="span" weight="bold" size="2">
                          {type.name}
                        </Text>
                        <Text as="span" size="1" color="gray">
                          {type.description}
                        </Text>
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </PageDialog>
  );
}
