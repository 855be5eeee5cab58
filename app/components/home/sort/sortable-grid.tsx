import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import type { CSSProperties, ReactNode } from 'react';
import type { HomeMenuTile } from '~/components/shell/home.server';

/** Sort animation (spec 03 §9). */
export const SORT_ANIMATION_MS = 150;

/**
 * The sortable menu grid with JavaScript (rendered after hydration only): drag a tile by its
 * handle with the pointer, or with the keyboard (focus the handle, Space, arrow keys, Space).
 * Locked items sit before the sortable ones and take part in nothing.
 */
export function SortableGrid({
  items,
  locked,
  onOrder,
  renderTile,
}: {
  /** All items in the pending order. */
  items: readonly HomeMenuTile[];
  locked: number;
  onOrder: (order: string[]) => void;
  renderTile: (item: HomeMenuTile, lockedItem: boolean) => ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const fixed = items.slice(0, locked);
  const movable = items.slice(locked);
  const ids = movable.map((item) => item.key);
  const titleOf = (id: UniqueIdentifier) => items.find((item) => item.key === id)?.title ?? String(id);
  const position = (id: UniqueIdentifier | undefined) => (id === undefined ? 0 : ids.indexOf(String(id)) + locked + 1);

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, position ${position(active.id)} of ${items.length}.`,
    onDragOver: ({ active, over }) =>
      over ? `${titleOf(active.id)} moved to position ${position(over.id)} of ${items.length}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${titleOf(active.id)} dropped at position ${position(over.id)} of ${items.length}.` : `${titleOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${titleOf(active.id)} was cancelled.`,
  };

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onOrder([...fixed.map((item) => item.key), ...arrayMove(ids, from, to)]);
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To pick up a menu item, press Space or Enter. Use the arrow keys to move it, Space or Enter to drop it, Escape to cancel.',
        },
      }}
    >
      <ul className="menu-grid" data-sort-ready="">
        {fixed.map((item) => (
          <li key={item.key} className="menu-sort-item" data-locked="">
            {renderTile(item, true)}
          </li>
        ))}
        <SortableContext items={ids} strategy={rectSortingStrategy}>
          {movable.map((item) => (
            <SortableTile key={item.key} item={item}>
              {renderTile(item, false)}
            </SortableTile>
          ))}
        </SortableContext>
      </ul>
    </DndContext>
  );
}

function SortableTile({ item, children }: { item: HomeMenuTile; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.key,
    transition: { duration: SORT_ANIMATION_MS, easing: 'ease' },
  });
  const style: CSSProperties = {
    transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined,
    transition,
  };
  return (
    <li ref={setNodeRef} style={style} className="menu-sort-item" data-dragging={isDragging ? '' : undefined}>
      {children}
      <button
        type="button"
        ref={setActivatorNodeRef}
        className="menu-sort-handle"
        {...attributes}
        {...listeners}
        aria-label={`Drag ${item.title}`}
      >
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <g fill="currentColor">
            <circle cx="9" cy="6" r="1.6" />
            <circle cx="15" cy="6" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="15" cy="12" r="1.6" />
            <circle cx="9" cy="18" r="1.6" />
            <circle cx="15" cy="18" r="1.6" />
          </g>
        </svg>
      </button>
    </li>
  );
}
