import type { Active, Over } from '@dnd-kit/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dropMove, OrderField, SortableRows, sortAnnouncements } from './sortable-rows';

const active = (id: string) => ({ id }) as unknown as Active;
const over = (id: string) => ({ id }) as unknown as Over;

describe('sortAnnouncements', () => {
  const titles: Record<string, string> = { a: 'Pool', b: 'Dining', c: 'Maps' };
  // Two locked items before the sortable ones: places count them.
  const spoken = sortAnnouncements({
    labelOf: (id) => titles[String(id)] ?? String(id),
    positionOf: (id) => ['a', 'b', 'c'].indexOf(String(id)) + 3,
    count: 5,
  });

  it('names the row and its place in the whole list', () => {
    expect(spoken.onDragStart({ active: active('b') })).toBe('Picked up Dining, position 4 of 5.');
    expect(spoken.onDragOver({ active: active('b'), over: over('c') } as never)).toBe('Dining moved to position 5 of 5.');
    expect(spoken.onDragOver({ active: active('b'), over: null } as never)).toBeUndefined();
    expect(spoken.onDragEnd({ active: active('a'), over: over('b') } as never)).toBe('Pool dropped at position 4 of 5.');
    expect(spoken.onDragEnd({ active: active('a'), over: null } as never)).toBe('Pool dropped.');
    expect(spoken.onDragCancel({ active: active('c'), over: null } as never)).toBe('Moving Maps was cancelled.');
  });
});

describe('dropMove', () => {
  const ids = ['a', 'b', 'c'];
  it('gives the indexes of a drop onto another row, and nothing otherwise', () => {
    expect(dropMove(ids, { active: active('a'), over: over('c') })).toEqual({ from: 0, to: 2 });
    expect(dropMove(ids, { active: active('c'), over: over('b') })).toEqual({ from: 2, to: 1 });
    expect(dropMove(ids, { active: active('a'), over: over('a') })).toBeNull();
    expect(dropMove(ids, { active: active('a'), over: null })).toBeNull();
    expect(dropMove(ids, { active: active('a'), over: over('gone') })).toBeNull();
  });
});

describe('SortableRows and OrderField (server render, as without JavaScript)', () => {
  const render = (sortable: boolean) =>
    renderToStaticMarkup(
      <SortableRows
        ids={['x', 'y']}
        labelOf={(id) => `Row ${id}`}
        onMove={() => undefined}
        sortable={sortable}
        className="rows"
        aria-label="Rows"
        renderRow={({ id, index, handle, rowProps }) => (
          <li {...rowProps} data-row={id}>
            {handle}
            <OrderField
              id={`order-${id}`}
              name={`rows[${index}].order`}
              index={index}
              sortable={sortable}
              errors={index === 1 ? ['Enter a number.'] : undefined}
            />
          </li>
        )}
      />,
    );

  it('renders a plain list with labelled order numbers and no handles without JavaScript', () => {
    const html = render(false);
    expect(html).toMatch(/^<ol class="rows" aria-label="Rows">/);
    expect(html).not.toContain('drag-handle');
    expect(html).toMatch(
      /<label[^>]*for="order-x"[^>]*>Order<\/label><input id="order-x" name="rows\[0\]\.order" type="number"[^>]*value="1"/,
    );
    expect(html).toMatch(/id="order-y" name="rows\[1\]\.order"[^>]*aria-invalid="true" aria-describedby="order-y-error"[^>]*value="2"/);
    expect(html).toContain('Enter a number.');
  });

  it('gives each row a named drag handle and a hidden place when sortable', () => {
    const html = render(true);
    expect(html).toMatch(/<button type="button" class="drag-handle"[^>]*aria-label="Drag Row x"/);
    expect(html).toMatch(/<input type="hidden" name="rows\[1\]\.order" value="2"/);
    expect(html).not.toContain('>Order<');
  });
});
