import { arrayMove } from '@dnd-kit/sortable';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ErrorList } from '~/components/forms/error-list';
import { ACTIONS, type ActionKind, type ActionTargets } from '~/lib/actions';
import { blankDetailButton, MAX_DETAIL_BUTTONS, type DetailButtonFormValue } from '~/lib/detail-buttons';
import { getMenuIcon, MENU_ICONS } from '~/lib/icons/library';
import { renderMenuIcon, svgDataUri } from '~/lib/icons/render';
import { ActionSelector } from './action-selector';
import { OrderField, SortableRows, type SortableRowProps } from './sortable-rows';
import type { WidgetErrors } from './widget-errors';

interface Row {
  id: string;
  value: DetailButtonFormValue;
}

const iconLabel = (name: string) => name.replace(/[_-]+/g, ' ');

/**
 * The custom buttons of a listing (spec 03 §3 Detail button, §4 Buttons): per row a title, an
 * icon of the catalogue and the action selector. Without JavaScript the rows are the stored ones
 * plus one blank row (ignored when left empty), each with an order number and a 'Remove' box;
 * with JavaScript rows are dragged (mouse, touch or keyboard) or moved up and down, removed, and
 * 'Add Button' adds a row. Field names: `{name}[i].title`, `.icon`, `.order`, `.remove`,
 * `.action.*` (see ActionSelector).
 */
export function DetailButtonsEditor({
  name,
  defaultValue,
  targets,
  allowed = ACTIONS,
  errors,
}: {
  name: string;
  defaultValue: DetailButtonFormValue[];
  targets: ActionTargets;
  allowed?: readonly ActionKind[];
  errors?: WidgetErrors;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const counter = useRef(0);
  const nextId = () => `${id}-row-${counter.current++}`;
  const [rows, setRows] = useState<Row[]>(() => [...defaultValue, blankDetailButton()].map((value) => ({ id: nextId(), value })));

  const setTitle = (rowId: string, title: string) =>
    setRows((current) => current.map((row) => (row.id === rowId ? { ...row, value: { ...row.value, title } } : row)));
  const move = (from: number, to: number) =>
    setRows((current) => (to < 0 || to >= current.length ? current : arrayMove(current, from, to)));
  const canAdd = rows.length < MAX_DETAIL_BUTTONS + 1;
  const listErrors = errors?.[name];

  return (
    <div className="detail-buttons-editor" data-testid="detail-buttons-editor">
      <Text as="p" size="1" color="gray" mb="2">
        {hydrated
          ? 'Drag a button by its handle (or focus the handle and use the arrow keys) to change the order.'
          : 'The order numbers set the order of the buttons. The last row adds a button; leave it empty to add none.'}
      </Text>
      <SortableRows
        ids={rows.map((row) => row.id)}
        labelOf={(rowId) => rows.find((row) => row.id === rowId)?.value.title || 'New button'}
        onMove={move}
        sortable={hydrated}
        className="detail-buttons-rows row-stack"
        renderRow={({ index, handle, rowProps }) => {
          const row = rows[index]!;
          return (
            <ButtonRow
              row={row}
              index={index}
              count={rows.length}
              name={`${name}[${index}]`}
              hydrated={hydrated}
              targets={targets}
              allowed={allowed}
              errors={errors}
              handle={handle}
              rowProps={rowProps}
              onTitle={(title) => setTitle(row.id, title)}
              onMove={(to) => move(index, to)}
              onRemove={() => setRows((current) => current.filter((candidate) => candidate.id !== row.id))}
            />
          );
        }}
      />
      <ErrorList errors={listErrors} />
      {hydrated ? (
        <Button
          type="button"
          variant="soft"
          highContrast
          mt="2"
          disabled={!canAdd}
          onClick={() => setRows((current) => [...current, { id: nextId(), value: blankDetailButton() }])}
        >
          Add Button
        </Button>
      ) : null}
    </div>
  );
}

function ButtonRow({
  row,
  index,
  count,
  name,
  hydrated,
  targets,
  allowed,
  errors,
  handle,
  rowProps,
  onTitle,
  onMove,
  onRemove,
}: {
  row: Row;
  index: number;
  count: number;
  name: string;
  hydrated: boolean;
  targets: ActionTargets;
  allowed: readonly ActionKind[];
  errors?: WidgetErrors;
  handle: ReactNode;
  rowProps: SortableRowProps;
  onTitle: (title: string) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const [icon, setIcon] = useState(row.value.icon);
  const errorsOf = (part: string) => errors?.[`${name}.${part}`];
  const library = getMenuIcon(icon);
  const title = row.value.title || 'New button';
  const fields = (
    <>
      <Flex gap="3" wrap="wrap" align="start">
        <OrderField
          id={`${id}-order`}
          name={`${name}.order`}
          index={index}
          sortable={hydrated}
          errors={errorsOf('order')}
          className="detail-button-order"
        />
        <Flex direction="column" gap="1" className="detail-button-title">
          <Text as="label" size="2" htmlFor={`${id}-title`}>
            Title
          </Text>
          <input
            id={`${id}-title`}
            name={`${name}.title`}
            type="text"
            className="form-control"
            value={row.value.title}
            onChange={(event) => onTitle(event.currentTarget.value)}
            maxLength={60}
            autoComplete="off"
            aria-invalid={errorsOf('title') ? true : undefined}
            aria-describedby={errorsOf('title') ? `${id}-title-errors` : undefined}
          />
          <ErrorList id={`${id}-title-errors`} errors={errorsOf('title')} />
        </Flex>
        <Flex direction="column" gap="1" className="detail-button-icon">
          <Text as="label" size="2" htmlFor={`${id}-icon`}>
            Icon
          </Text>
          <Flex gap="2" align="center">
            <select
              id={`${id}-icon`}
              name={`${name}.icon`}
              className="form-control"
              value={icon}
              onChange={(event) => setIcon(event.currentTarget.value)}
              aria-invalid={errorsOf('icon') ? true : undefined}
              aria-describedby={errorsOf('icon') ? `${id}-icon-errors` : undefined}
            >
              <option value="">Choose an icon</option>
              {icon !== '' && !library ? <option value={icon}>{iconLabel(icon)}</option> : null}
              {MENU_ICONS.map((entry) => (
                <option key={entry.name} value={entry.name}>
                  {iconLabel(entry.name)}
                </option>
              ))}
            </select>
            {library ? (
              <img
                className="detail-button-icon-preview"
                src={svgDataUri(renderMenuIcon({ iconSet: 'svg_round', glyph: library.svg, size: 32 }))}
                alt=""
                width={32}
                height={32}
              />
            ) : null}
          </Flex>
          <ErrorList id={`${id}-icon-errors`} errors={errorsOf('icon')} />
        </Flex>
      </Flex>
      <ActionSelector name={`${name}.action`} defaultValue={row.value.action} targets={targets} allowed={allowed} errors={errors} />
      <Flex gap="2" align="center" wrap="wrap" justify="end">
        {hydrated ? (
          <>
            <Button
              type="button"
              size="1"
              variant="soft"
              color="gray"
              disabled={index === 0}
              onClick={() => onMove(index - 1)}
              aria-label={`Move up: ${title}`}
            >
              Move up
            </Button>
            <Button
              type="button"
              size="1"
              variant="soft"
              color="gray"
              disabled={index === count - 1}
              onClick={() => onMove(index + 1)}
              aria-label={`Move down: ${title}`}
            >
              Move down
            </Button>
            <Button type="button" size="1" variant="soft" color="red" onClick={onRemove} aria-label={`Remove: ${title}`}>
              Remove
            </Button>
          </>
        ) : (
          <label className="form-check" htmlFor={`${id}-remove`}>
            <input id={`${id}-remove`} type="checkbox" name={`${name}.remove`} defaultChecked={row.value.remove === true} />
            <Text size="2">Remove</Text>
          </label>
        )}
      </Flex>
    </>
  );

  const heading = (
    <Text as="div" size="2" weight="bold" className="detail-button-heading">
      {`Button ${index + 1}`}
      {row.value.title ? `: ${row.value.title}` : ''}
    </Text>
  );

  return (
    <li {...rowProps} className="detail-button-row">
      <fieldset className="detail-button-fieldset row-card">
        <legend>
          <Flex gap="2" align="center">
            {handle}
            {heading}
          </Flex>
        </legend>
        {fields}
      </fieldset>
    </li>
  );
}
