import { useForm, type SubmissionResult } from '@conform-to/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CATEGORY_EDITOR, LOCATION_EDITOR, SIMPLE_EDITOR, STORE_ITEM_EDITOR } from '~/lib/listing/editors';
import type { InlineEditor } from '~/lib/listing/types';
import { submit } from '~/schemas/listing/testing';
import { EditorFields } from './editor-fields';

/** An item's editor as the list screen shows it: a stored item's form, or a new item's (null). */
function Editor({
  editor,
  stored,
  lastResult,
}: {
  editor: InlineEditor;
  stored: Record<string, unknown> | null;
  lastResult?: SubmissionResult<string[]>;
}) {
  const [form, fields] = useForm({ id: 'item', defaultValue: stored ? editor.toForm(stored) : editor.defaults(), lastResult });
  return <EditorFields editor={editor} form={form} fields={fields} />;
}

const render = (editor: InlineEditor, stored: Record<string, unknown> | null, lastResult?: SubmissionResult<string[]>) =>
  renderToStaticMarkup(<Editor editor={editor} stored={stored} lastResult={lastResult} />);

/** The attributes of the element with this name attribute. */
function control(html: string, name: string): string {
  const match = new RegExp(`<(input|textarea|select)[^>]*name="${name.replace(/[.[\]]/g, '\\$&')}"[^>]*>`).exec(html);
  if (!match) throw new Error(`no control named ${name}`);
  return match[0];
}

describe('EditorFields', () => {
  it('renders each field of the editor as a labelled control of its kind', () => {
    const html = render(SIMPLE_EDITOR, { title: 'Pets', htmlDescription: '<p>Leash</p>' });
    expect(control(html, 'title')).toContain('value="Pets"');
    expect(html).toMatch(/<label[^>]*for="item-title"[^>]*>Title<\/label>/);
    // Without JavaScript the rich text is a textarea holding the HTML.
    expect(html).toMatch(/<textarea[^>]*name="htmlDescription"[^>]*>&lt;p&gt;Leash&lt;\/p&gt;<\/textarea>/);
  });

  it('ticks checkboxes from the form value', () => {
    const html = render(CATEGORY_EDITOR, null);
    expect(control(html, 'userSelectable')).toMatch(/type="checkbox"/);
    expect(control(html, 'userSelectable')).toContain('checked');
    expect(control(html, 'isGiveaway')).not.toContain('checked');
  });

  it('shows the position as two decimals and the hours as rows per day, with buttons that post list intents', () => {
    const html = render(LOCATION_EDITOR, {
      title: 'Camp Store',
      latitude: '43.3117',
      longitude: '-73.8356',
      hours: { Mon: [{ open: '9:00 AM', close: '?' }] },
    });
    expect(control(html, 'coordinates.latitude')).toContain('value="43.3117"');
    expect(control(html, 'coordinates.longitude')).toContain('inputMode="decimal"');
    expect(control(html, 'hours.Mon[0].open')).toContain('value="9:00 AM"');
    expect(control(html, 'hours.Mon[0].close')).not.toContain('value=');
    expect(html).not.toContain('name="hours.Tue[0].open"');
    expect(html.match(/>Closed</g)).toHaveLength(6);
    expect(html).toMatch(/<button[^>]*name="__intent__"[^>]*aria-label="Remove hours Monday 1"/);
    expect(html).toMatch(/<button[^>]*name="__intent__"[^>]*aria-label="Add hours for Sunday"/);
  });

  it('shows the schema’s errors on the fields they belong to', () => {
    const submission = submit(LOCATION_EDITOR.schema, { title: '', 'coordinates.latitude': '43.3', 'hours.Wed[0].open': 'noon' });
    const html = render(LOCATION_EDITOR, null, submission.reply());
    expect(control(html, 'title')).toContain('aria-invalid="true"');
    expect(html).toContain('Title is required.');
    expect(control(html, 'coordinates.longitude')).toMatch(/aria-describedby="[^"]*item-coordinates.longitude-error/);
    expect(html).toContain('Longitude is required to map accurately.');
    expect(control(html, 'hours.Wed[0].open')).toContain('aria-invalid="true"');
  });

  it('lists option rows with Remove buttons and an Add button', () => {
    const html = render(STORE_ITEM_EDITOR, { title: 'Ice', price: 4, primaryOptions: [{ title: 'Pick up' }] });
    expect(control(html, 'primaryOptions[0].title')).toContain('value="Pick up"');
    expect(html).toMatch(/aria-label="Remove Primary Options 1"/);
    expect(html).toContain('>Add primary option<');
    expect(html).toContain('>Add secondary option<');
    expect(control(html, 'price')).toContain('value="4.00"');
  });
});
