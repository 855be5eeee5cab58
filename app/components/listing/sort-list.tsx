import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Button, Heading, Text } from '@radix-ui/themes';
import { Form, useSubmit } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import type { ListScreenData, RowView } from './list.server';

/**
 * Sort mode of a list (spec 02 §4 listing action sort): with JavaScript the rows are dragged
 * (mouse, touch or keyboard) and the new order is saved on drop; without it each row has Move
 * up and Move down buttons that post. Sort Alphabetically sits in the right column.
 */
export function SortList({ data }: { data: ListScreenData }) {
  const sort = data.sort;
  const hydrated = useHydrated();
  const submit = useSubmit();
  const [rows, setRows] = useState<RowView[]>(sort?.rows ?? []);
  useEffect(() => setRows(sort?.rows ?? []), [sort?.rows]);
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  if (!sort) return null;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = rows.findIndex((row) => row.key === active.id);
    const to = rows.findIndex((row) => row.key === over.id);
    if (from < 0 || to < 0) return;
    const next = arrayMove(rows, from, to);
    setRows(next);
    submit(
      { intent: 'reorder', order: JSON.stringify(next.map((row) => row.key)) },
      { method: 'post', action: sort.action, preventScrollReset: true },
    );
  };

  const items = rows.map((row, index) => (
    <SortRow
      key={row.key}
      row={row}
      hydrated={hydrated}
      first={index === 0}
      last={index === rows.length - 1}
      action={sort.action}
      moved={sort.moved === row.key}
    />
  ));

  return (
    <section aria-labelledby="sort-title" className="list-sort">
      <Heading as="h2" size="4" id="sort-title" mb="2">
        {`Sort ${data.title}`}
      </Heading>
      <Text as="p" size="2" color="gray" mb="2">
        {hydrated ? 'Drag a row by its handle (or focus it and use the arrow keys) to move it.' : 'Move each row up or down.'}
        {sort.tooMany ? ` Only the first ${rows.length} rows are shown; Sort Alphabetically orders the whole list.` : ''}
      </Text>
      {hydrated ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements: announcements(rows) }}
        >
          <SortableContext items={rows.map((row) => row.key)} strategy={verticalListSortingStrategy}>
            <ol className="list-rows list-sort-rows" aria-labelledby="sort-title">
              {items}
            </ol>
          </SortableContext>
        </DndContext>
      ) : (
        <ol className="list-rows list-sort-rows" aria-labelledby="sort-title">
          {items}
        </ol>
      )}
    </section>
  );
}

/** What a screen reader hears while a row is dragged: its title and its place, not its key. */
function announcements(rows: readonly RowView[]): Announcements {
  const titleOf = (id: UniqueIdentifier) => rows.find((row) => row.key === id)?.title ?? String(id);
  const place = (id: UniqueIdentifier | undefined) => `position ${rows.findIndex((row) => row.key === id) + 1} of ${rows.length}`;
  return {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${titleOf(active.id)} moved to ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(active.id)} dropped at ${place(over.id)}.` : `${titleOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };
}

function SortRow({
  row,
  hydrated,
  first,
  last,
  action,
  moved,
}: {
  row: RowView;
  hydrated: boolean;
  first: boolean;
  last: boolean;
  action: string;
  moved: boolean;
}) {
  const buttons = (
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
  if (!hydrated) {
    return (
      <li id={`row-${row.key}`} className="list-row" data-moved={moved ? '' : undefined}>
        <span className="list-row-title">{row.title}</span>
        {buttons}
      </li>
    );
  }
  return <DraggableRow row={row}>{buttons}</DraggableRow>;
}

function DraggableRow({ row, children }: { row: RowView; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: row.key });
  return (
    <li
      ref={setNodeRef}
      id={`row-${row.key}`}
      className="list-row"
      data-dragging={isDragging ? '' : undefined}
      style={{ transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined, transition }}
    >
      <button type="button" className="drag-handle" aria-label={`Drag ${row.title}`} {...attributes} {...listeners}>
        ⠿
      </button>
      <span className="list-row-title">{row.title}</span>
      {children}
    </li>
  );
}
