import { DndContext, closestCenter, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, arrayMove, rectSortingStrategy, useSortable } from '@dnd-kit/sortable';
import type { CSSProperties, ReactNode } from 'react';
import { Icon } from '~/components/ui/icon';
import { dropMove, sortAnnouncements, useSortSensors } from '~/components/widgets/sortable-rows';
import type { HomeMenuTile } from '~/features/home/home.server';

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
  const sensors = useSortSensors();
  const fixed = items.slice(0, locked);
  const movable = items.slice(locked);
  const ids = movable.map((item) => item.key);
  // Places count the locked items before the sortable ones.
  const announcements = sortAnnouncements({
    labelOf: (id) => items.find((item) => item.key === id)?.title ?? String(id),
    positionOf: (id) => ids.indexOf(String(id)) + locked + 1,
    count: items.length,
  });

  function onDragEnd(event: DragEndEvent) {
    const move = dropMove(ids, event);
    if (move) onOrder([...fixed.map((item) => item.key), ...arrayMove(ids, move.from, move.to)]);
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
        <Icon size={18} line={false}>
          <g fill="currentColor">
            <circle cx="9" cy="6" r="1.6" />
            <circle cx="15" cy="6" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="15" cy="12" r="1.6" />
            <circle cx="9" cy="18" r="1.6" />
            <circle cx="15" cy="18" r="1.6" />
          </g>
        </Icon>
      </button>
    </li>
  );
}
