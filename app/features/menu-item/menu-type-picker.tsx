import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigate } from '@remix-run/react';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Form } from '~/components/forms/form';
import { PageDialog } from '~/components/ui/dialog';
import { filterCatalogue, type MenuButtonType } from '~/lib/catalogues/menu-buttons';
import { renderMenuIcon, svgDataUri } from '~/lib/icons/render';
import { SELECT_MENU_TYPE_TITLE } from '~/schemas/menu-item';

/**
 * How the picker answers:
 * - `links`: a page of its own (adding starts here): each entry is a link to `{path}?type={id}`
 *   and the filter a GET form;
 * - `in-form`: over the menu item form (More menu types…), inside it, so nothing typed is lost:
 *   each entry posts the form with `choose-type:{id}`, the filter with `pick-type`, Cancel with
 *   `close-picker`; with JavaScript `onChoose` and `onCancel` answer in place instead.
 */
export type MenuTypePickerMode =
  | { kind: 'links'; path: string; cancelHref: string }
  | { kind: 'in-form'; onChoose?: ((typeId: string) => void) | undefined; onCancel?: (() => void) | undefined };

/**
 * The Select Menu Type picker (spec 02 "Menu item editor": a modal, filterable, grouped in the
 * trays of the menu button catalogue; spec 03 §9). It works without JavaScript; with
 * JavaScript the list filters as the person types and Escape cancels.
 */
export function MenuTypePicker({
  mode,
  query,
  iconSet,
  colors,
}: {
  mode: MenuTypePickerMode;
  query: string;
  iconSet: string;
  colors: { colorIconShape: string; colorIconBackground: string };
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState(query);
  const shown = hydrated ? text : query;
  const trays = useMemo(() => filterCatalogue(shown), [shown]);
  const trayId = useId();
  const filterId = useId();
  const navigate = useNavigate();
  const cancelHref = mode.kind === 'links' ? mode.cancelHref : null;
  const onCancel = mode.kind === 'in-form' ? mode.onCancel : undefined;
  const cancel = useCallback(() => {
    if (cancelHref !== null) navigate(cancelHref);
    else onCancel?.();
  }, [navigate, cancelHref, onCancel]);

  const filterInput = (
    <Flex gap="2" align="end">
      <Flex direction="column" gap="1" style={{ flex: 1, minWidth: 0 }}>
        <Text as="label" size="2" weight="medium" htmlFor={filterId}>
          Filter menu types
        </Text>
        <input
          id={filterId}
          name={mode.kind === 'links' ? 'q' : 'typeQuery'}
          type="search"
          className="form-control"
          defaultValue={query}
          placeholder="Form, website, calendar…"
          autoComplete="off"
          data-autofocus=""
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Enter filters; over the editor it must not submit the whole form.
            if (hydrated && mode.kind === 'in-form' && event.key === 'Enter') event.preventDefault();
          }}
        />
      </Flex>
      {hydrated ? null : (
        <Button
          type="submit"
          variant="soft"
          {...(mode.kind === 'in-form' ? { name: 'intent', value: 'pick-type', formNoValidate: true } : {})}
        >
          Filter
        </Button>
      )}
    </Flex>
  );

  return (
    <PageDialog
      role="dialog"
      title={SELECT_MENU_TYPE_TITLE}
      className="menu-type-picker"
      onDismiss={hydrated && (cancelHref !== null || onCancel) ? cancel : undefined}
      actions={
        mode.kind === 'links' ? (
          <Button asChild variant="soft" color="gray">
            <Link to={mode.cancelHref}>Cancel</Link>
          </Button>
        ) : (
          <Button
            type="submit"
            name="intent"
            value="close-picker"
            variant="soft"
            color="gray"
            formNoValidate
            onClick={
              mode.onCancel
                ? (event) => {
                    event.preventDefault();
                    mode.onCancel?.();
                  }
                : undefined
            }
          >
            Cancel
          </Button>
        )
      }
    >
      {mode.kind === 'links' ? (
        <Form method="get" action={mode.path} role="search">
          <input type="hidden" name="pick" value="" />
          {filterInput}
        </Form>
      ) : (
        <div role="search">
          {/* The form's default button while the picker is open: Enter filters (without JavaScript). */}
          {hydrated ? null : (
            <button type="submit" name="intent" value="pick-type" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
          )}
          {filterInput}
        </div>
      )}
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
                    <TypeOption mode={mode} type={type}>
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
                    </TypeOption>
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

function TypeOption({ mode, type, children }: { mode: MenuTypePickerMode; type: MenuButtonType; children: ReactNode }) {
  if (mode.kind === 'links') {
    return (
      <Link to={`${mode.path}?type=${encodeURIComponent(type.id)}#editor`} className="menu-type-option" data-menu-type={type.id}>
        {children}
      </Link>
    );
  }
  const { onChoose } = mode;
  return (
    <button
      type="submit"
      name="intent"
      value={`choose-type:${type.id}`}
      formNoValidate
      className="menu-type-option"
      data-menu-type={type.id}
      onClick={
        onChoose
          ? (event) => {
              event.preventDefault();
              onChoose(type.id);
            }
          : undefined
      }
    >
      {children}
    </button>
  );
}
