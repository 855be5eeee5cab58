import type { FieldMetadata } from '@conform-to/react';
import { Flex } from '@radix-ui/themes';
import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { ErrorList } from '~/components/forms/error-list';
import { FieldHint, TextAreaField } from '~/components/forms/fields';
import type { RichTextEditorProps } from './rich-text-editor';

/**
 * A rich-text field (the community's htmlDescription, spec 01 §3.1; list items' descriptions,
 * spec 03 §9 default item shapes). Without JavaScript it is a plain <textarea> holding the
 * HTML, posted as the same field; once the browser has loaded the editor (Tiptap, fetched on
 * demand so other screens never load it) the textarea gives way to the editor with its toolbar
 * (spec 03 §9: text style, bold, italic, underline, link, lists, colours, alignment, clear),
 * which posts the HTML in a hidden input.
 * The server sanitizes whatever arrives.
 */
export function RichTextField<Schema>({ field, label, hint }: { field: FieldMetadata<Schema>; label: string; hint?: ReactNode }) {
  const [Editor, setEditor] = useState<ComponentType<RichTextEditorProps> | null>(null);
  const [startHtml, setStartHtml] = useState('');
  const [autofocus, setAutofocus] = useState(false);
  // What the field held when the page came (the editor starts from the textarea, or this).
  const initialHtml = useRef(typeof field.initialValue === 'string' ? field.initialValue : '');
  const fieldId = field.id;

  useEffect(() => {
    let alive = true;
    void import('./rich-text-editor').then((module) => {
      if (!alive) return;
      // What is in the textarea now (typed before the editor arrived) is what the editor starts with.
      const element = document.getElementById(fieldId);
      const textarea = element instanceof HTMLTextAreaElement ? element : null;
      const focused = textarea !== null && document.activeElement === textarea;
      // Leave the textarea before it goes, so its blur is an ordinary one (not one fired while
      // React removes it), and let the editor take the focus instead.
      if (focused) textarea.blur();
      setStartHtml(textarea?.value ?? initialHtml.current);
      setAutofocus(focused);
      setEditor(() => module.RichTextEditor);
    });
    return () => {
      alive = false;
    };
    // Loaded once per mount; the field's id does not change.
  }, [fieldId]);

  if (!Editor) {
    return (
      <TextAreaField
        field={field}
        label={label}
        rows={6}
        hint={hint ?? 'HTML is allowed: <p>, <strong>, <em>, <ul> or <ol> with <li>, and <a href="https://…">.'}
      />
    );
  }

  const labelId = `${field.id}-label`;
  const hintId = hint ? `${field.id}-hint` : undefined;
  const describedBy = [field.errors?.length ? field.errorId : null, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <Flex direction="column" gap="1">
      <Editor
        id={field.id}
        name={field.name}
        label={label}
        labelId={labelId}
        describedBy={describedBy}
        invalid={Boolean(field.errors?.length)}
        initialHtml={startHtml}
        autofocus={autofocus}
      />
      <FieldHint id={`${field.id}-hint`}>{hint}</FieldHint>
      <ErrorList id={field.errorId} errors={field.errors} />
    </Flex>
  );
}
