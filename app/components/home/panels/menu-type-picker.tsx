import { Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Form, Link, useNavigate } from '@remix-run/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { filterCatalogue } from '~/lib/catalogues/menu-buttons';
import { renderMenuIcon } from '~/lib/icons/render';
import { SELECT_MENU_TYPE_TITLE } from '~/schemas/menu-item';

const svgUri = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/**
 * The Select Menu Type picker (spec 02 "Menu item editor": a modal, filterable, grouped in the
 * trays of the menu button catalogue; spec 03 §9). It is a page dialog: each entry is a link
 * to `{path}?type={id}`, and the filter is a GET form, so it works without JavaScript; with
 * JavaScript the list filters as the person types.
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
  const trays = useMemo(() => filterCatalogue(hydrated ? text : query), [hydrated, text, query]);
  const titleId = useId();
  const filterId = useId();
  const navigate = useNavigate();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') navigate(cancelHref);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate, cancelHref]);

  return (
    <div className="page-dialog-overlay">
      <Card role="dialog" aria-modal="true" aria-labelledby={titleId} className="page-dialog menu-type-picker" size="3">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id={titleId}>
            {SELECT_MENU_TYPE_TITLE}
          </Heading>
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
                No menu types match “{hydrated ? text : query}”.
              </Text>
            ) : (
              trays.map((tray) => (
                <section key={tray.id} aria-labelledby={`${titleId}-${tray.id}`}>
                  <Heading as="h3" size="3" mb="2" id={`${titleId}-${tray.id}`}>
                    {tray.title}
                  </Heading>
                  <ul className="menu-type-list">
                    {tray.types.map((type) => (
                      <li key={type.id}>
                        <Link to={`${path}?type=${encodeURIComponent(type.id)}`} className="menu-type-option" data-menu-type={type.id}>
                          <img src={svgUri(renderMenuIcon({ iconSet, glyph: type.icon, ...colors, size: 40 }))} alt="" width={40} height={40} />
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
          <Flex justify="end">
            <Button asChild variant="soft" color="gray">
              <Link to={cancelHref}>Cancel</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </div>
  );
}
