import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Text } from '@radix-ui/themes';
import { Fragment, type AriaAttributes, type CSSProperties, type ReactNode } from 'react';
import { ErrorList } from '~/components/forms/error-list';

/**
 * The one drag-and-drop setup of the console's sortable lists (listing sort, custom buttons,
 * remote access entries; the home menu grid shares its sensors and announcements): pointer and
 * keyboard sensors (focus a handle, Space or Enter, arrow keys, Space or Enter to drop, Escape to
 * cancel), spoken announcements that name the row and its place ("Picked up Maps, position 2 of
 * 5."), a drag handle per row, and a vertical strategy. Without JavaScript (`sortable` false) the
 * same rows render as a plain list; `OrderField` gives each row its order number there.
 */

/** Pointer (mouse, touch) and keyboard sensors, the keyboard moving between the sortable items. */
export function useSortSensors() {
  return useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
}

/**
 * What a screen reader hears while a row moves: its label and its place in the whole list
 * (`positionOf` counts from 1; locked items before the sortable ones count too).
 */
export function sortAnnouncements({
  labelOf,
  positionOf,
  count,
}: {
  labelOf: (id: UniqueIdentifier) => string;
  positionOf: (id: UniqueIdentifier) => number;
  count: number;
}): Announcements {
  const place = (id: UniqueIdentifier) => `position ${positionOf(id)} of ${count}`;
  return {
    onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}, ${place(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${labelOf(active.id)} moved to ${place(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${labelOf(active.id)} dropped at ${place(over.id)}.` : `${labelOf(active.id)} dropped.`),
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled.`,
  };
}

/** The move a drop asks for, as indexes into `ids`; null when nothing moves. */
export function dropMove(
  ids: readonly string[],
  { active, over }: Pick<DragEndEvent, 'active' | 'over'>,
): { from: number; to: number } | null {
  if (!over || active.id === over.id) return null;
  const from = ids.indexOf(String(active.id));
  const to = ids.indexOf(String(over.id));
  return from < 0 || to < 0 ? null : { from, to };
}

/** What a row spreads on its own element (the <li>) while it is sortable. */
export interface SortableRowProps {
  ref?: (node: HTMLElement | null) => void;
  style?: CSSProperties;
  'data-dragging'?: '';
}

export interface SortableRowRender {
  id: string;
  index: number;
  /** The drag handle (null without JavaScript). */
  handle: ReactNode;
  rowProps: SortableRowProps;
}

export interface SortableRowsProps {
  /** The rows' stable ids, in order. */
  ids: readonly string[];
  /** How a row is named in its handle ("Drag …") and in the announcements. */
  labelOf: (id: string) => string;
  onMove: (from: number, to: number) => void;
  /** Drag and drop on (after hydration); otherwise a plain list. */
  sortable: boolean;
  className?: string;
  'aria-label'?: AriaAttributes['aria-label'];
  'aria-labelledby'?: AriaAttributes['aria-labelledby'];
  /** Each row: an <li> spreading `rowProps`, with `handle` where the row shows it. */
  renderRow: (row: SortableRowRender) => ReactNode;
  instructions?: ScreenReaderInstructions;
}

export function SortableRows({ ids, labelOf, onMove, sortable, renderRow, instructions, ...list }: SortableRowsProps) {
  const sensors = useSortSensors();
  if (!sortable) {
    return (
      <ol {...list}>
        {ids.map((id, index) => (
          <Fragment key={id}>{renderRow({ id, index, handle: null, rowProps: {} })}</Fragment>
        ))}
      </ol>
    );
  }
  const onDragEnd = (event: DragEndEvent) => {
    const move = dropMove(ids, event);
    if (move) onMove(move.from, move.to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: sortAnnouncements({
          labelOf: (id) => labelOf(String(id)),
          positionOf: (id) => ids.indexOf(String(id)) + 1,
          count: ids.length,
        }),
        ...(instructions ? { screenReaderInstructions: instructions } : {}),
      }}
    >
      <SortableContext items={[...ids]} strategy={verticalListSortingStrategy}>
        <ol {...list}>
          {ids.map((id, index) => (
            <SortableItem key={id} id={id} index={index} label={labelOf(id)} renderRow={renderRow} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({
  id,
  index,
  label,
  renderRow,
}: {
  id: string;
  index: number;
  label: string;
  renderRow: SortableRowsProps['renderRow'];
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <button type="button" ref={setActivatorNodeRef} className="drag-handle" {...attributes} {...listeners} aria-label={`Drag ${label}`}>
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return renderRow({
    id,
    index,
    handle,
    rowProps: {
      ref: setNodeRef,
      style: { transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined, transition },
      'data-dragging': isDragging ? '' : undefined,
    },
  });
}

/**
 * A row's order number: without JavaScript a labelled number box (the rows are saved in the
 * order of their numbers); with it a hidden field holding the row's place, so the posted rows
 * keep the order they were dragged into.
 */
export function OrderField({
  id,
  name,
  index,
  sortable,
  label = 'Order',
  errors,
  className,
}: {
  id: string;
  name: string;
  index: number;
  sortable: boolean;
  label?: string;
  errors?: string[] | null;
  className?: string;
}) {
  if (sortable) return <input type="hidden" name={name} value={index + 1} />;
  const errorId = `${id}-error`;
  return (
    <div className={['order-field', className].filter(Boolean).join(' ')}>
      <Text as="label" size="2" htmlFor={id}>
        {label}
      </Text>
      <input
        id={id}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        max={1000}
        className="form-control order-input"
        defaultValue={index + 1}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? errorId : undefined}
      />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
