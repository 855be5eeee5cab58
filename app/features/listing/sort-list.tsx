import { arrayMove } from '@dnd-kit/sortable';
import { Button, Heading, Text } from '@radix-ui/themes';
import { useSubmit } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { Form, useFormCommunity } from '~/components/forms/form';
import { SortableRows } from '~/components/widgets/sortable-rows';
import { FORM_COMMUNITY_FIELD } from '~/lib/form-community';
import type { ListScreenData, RowView } from '~/lib/listing/screen';

/**
 * Sort mode of a list (spec 02 §4 listing action sort): with JavaScript the rows are dragged
 * (mouse, touch or keyboard) and the new order is saved on drop; without it each row has Move
 * up and Move down buttons that post. Sort Alphabetically sits in the right column.
 */
export function SortList({ data }: { data: ListScreenData }) {
  const sort = data.sort;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const community = useFormCommunity();
  const [rows, setRows] = useState<RowView[]>(sort?.rows ?? []);
  useEffect(() => setRows(sort?.rows ?? []), [sort?.rows]);
  if (!sort) return null;

  const titleOf = (key: string) => rows.find((row) => row.key === key)?.title ?? key;
  const onMove = (from: number, to: number) => {
    const next = arrayMove(rows, from, to);
    setRows(next);
    submit(
      { intent: 'reorder', order: JSON.stringify(next.map((row) => row.key)), ...(community ? { [FORM_COMMUNITY_FIELD]: community } : {}) },
      { method: 'post', action: sort.action, preventScrollReset: true },
    );
  };

  return (
    <section aria-labelledby="sort-title" className="list-sort">
      <Heading as="h2" size="4" id="sort-title" mb="2">
        {`Sort ${data.title}`}
      </Heading>
      <Text as="p" size="2" color="gray" mb="2">
        {hydrated ? 'Drag a row by its handle (or focus it and use the arrow keys) to move it.' : 'Move each row up or down.'}
        {sort.tooMany ? ` Only the first ${rows.length} rows are shown; Sort Alphabetically orders the whole list.` : ''}
      </Text>
      <SortableRows
        ids={rows.map((row) => row.key)}
        labelOf={titleOf}
        onMove={onMove}
        sortable={hydrated}
        className="list-rows list-sort-rows"
        aria-labelledby="sort-title"
        renderRow={({ index, handle, rowProps }) => {
          const row = rows[index]!;
          return (
            <li {...rowProps} id={`row-${row.key}`} className="list-row" data-moved={!hydrated && sort.moved === row.key ? '' : undefined}>
              {handle}
              <span className="list-row-title">{row.title}</span>
              <MoveButtons row={row} first={index === 0} last={index === rows.length - 1} action={sort.action} />
            </li>
          );
        }}
      />
    </section>
  );
}

/** Move up and Move down: posts that work without JavaScript (and beside the handle with it). */
function MoveButtons({ row, first, last, action }: { row: RowView; first: boolean; last: boolean; action: string }) {
  return (
    <Form method="post" action={action} preventScrollReset className="list-sort-buttons">
      <input type="hidden" name="key" value={row.key} />
      <Button type="submit" name="intent" value="move-up" size="1" variant="soft" disabled={first} aria-label={`Move up: ${row.title}`}>
        Move up
      </Button>
      <Button type="submit" name="intent" value="move-down" size="1" variant="soft" disabled={last} aria-label={`Move down: ${row.title}`}>
        Move down
      </Button>
    </Form>
  );
}
