import { Button, Flex, Text } from '@radix-ui/themes';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

/**
 * The rich-text editor (the community description, list items' descriptions), loaded in the
 * browser only (see ./rich-text.tsx). Tiptap's StarterKit without the parts the server's
 * sanitizer drops (code, code blocks, rules); a toolbar of toggle buttons with aria-pressed; a
 * link popover with its own address field. The HTML travels in a hidden input named like the
 * field.
 */

export interface RichTextEditorProps {
  /** The id of the editable element (the field's id). */
  id: string;
  /** The posted field's name. */
  name: string;
  label: ReactNode;
  labelId: string;
  describedBy?: string;
  invalid: boolean;
  initialHtml: string;
  /** Take the focus once created (the person was in the textarea it replaces). */
  autofocus?: boolean;
}

const EXTENSIONS = [
  StarterKit.configure({
    code: false,
    codeBlock: false,
    horizontalRule: false,
    heading: { levels: [1, 2, 3, 4] },
    link: { openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto', 'tel'] },
  }),
];

/** An address typed without a scheme gets https:// (mailto: and tel: stay). */
export function normalizeLinkAddress(value: string): string {
  const trimmed = value.trim();
  if (trimmed === '') return '';
  if (/^(https?:|mailto:|tel:)/i.test(trimmed)) return trimmed;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) return `mailto:${trimmed}`;
  return `https://${trimmed.replace(/^\/+/, '')}`;
}

/** The editable element's attributes: its id, role, label, description and validity. */
function editorAttributes({ id, labelId, describedBy, invalid }: Pick<RichTextEditorProps, 'id' | 'labelId' | 'describedBy' | 'invalid'>) {
  const attributes: Record<string, string> = {
    id,
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': 'true' } : {}),
    class: 'rich-text-content',
  };
  return attributes;
}

export function RichTextEditor({ id, name, label, labelId, describedBy, invalid, initialHtml, autofocus = false }: RichTextEditorProps) {
  const [html, setHtml] = useState(initialHtml);
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initialHtml,
    autofocus: autofocus ? 'end' : false,
    immediatelyRender: false,
    editorProps: { attributes: editorAttributes({ id, labelId, describedBy, invalid }) },
    onUpdate: ({ editor: current }) => setHtml(current.isEmpty ? '' : current.getHTML()),
  });

  // Errors come and go with validation: keep the editable element's aria attributes in step.
  useEffect(() => {
    if (editor && !editor.isDestroyed)
      editor.setOptions({ editorProps: { attributes: editorAttributes({ id, labelId, describedBy, invalid }) } });
  }, [editor, id, labelId, invalid, describedBy]);

  return (
    <Flex direction="column" gap="1">
      <Text as="div" size="2" weight="medium" id={labelId} onClick={() => editor?.commands.focus()}>
        {label}
      </Text>
      <div className="rich-text-editor" data-invalid={invalid ? '' : undefined}>
        <Toolbar editor={editor} />
        <EditorContent editor={editor} />
        {editor ? null : <div className="rich-text-content" aria-hidden="true" />}
      </div>
      <input type="hidden" name={name} value={html} />
    </Flex>
  );
}

function Toolbar({ editor }: { editor: Editor | null }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
      href: (current?.getAttributes('link').href as string | undefined) ?? '',
    }),
  });
  const [linking, setLinking] = useState(false);
  const disabled = !editor;
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => {
    if (editor) command(editor.chain().focus()).run();
  };

  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label="Formatting">
      <ToolButton label="Bold" pressed={state?.bold} disabled={disabled} onClick={() => run((chain) => chain.toggleBold())}>
        <strong>B</strong>
      </ToolButton>
      <ToolButton label="Italic" pressed={state?.italic} disabled={disabled} onClick={() => run((chain) => chain.toggleItalic())}>
        <em>I</em>
      </ToolButton>
      <ToolButton
        label="Bulleted list"
        pressed={state?.bulletList}
        disabled={disabled}
        onClick={() => run((chain) => chain.toggleBulletList())}
      >
        <ListGlyph ordered={false} />
      </ToolButton>
      <ToolButton
        label="Numbered list"
        pressed={state?.orderedList}
        disabled={disabled}
        onClick={() => run((chain) => chain.toggleOrderedList())}
      >
        <ListGlyph ordered />
      </ToolButton>
      <ToolButton label="Link" pressed={state?.link || linking} disabled={disabled} onClick={() => setLinking((open) => !open)}>
        <LinkGlyph />
      </ToolButton>
      {linking && editor ? <LinkForm editor={editor} current={state?.href ?? ''} onClose={() => setLinking(false)} /> : null}
    </div>
  );
}

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="rich-text-button"
      aria-label={label}
      title={label}
      aria-pressed={pressed ? 'true' : 'false'}
      disabled={disabled}
      // Keeps the editor's selection while the button is pressed.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      {children}
    </button>
  );
}

/** The link's address: Apply sets it on the selection (or the link under the cursor), Remove unsets it. */
function LinkForm({ editor, current, onClose }: { editor: Editor; current: string; onClose: () => void }) {
  const [address, setAddress] = useState(current);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);

  const apply = () => {
    const href = normalizeLinkAddress(address);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (href === '') chain.unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link')) {
      // Nothing selected: the address itself becomes the linked text.
      chain.insertContent({ type: 'text', text: href.replace(/^mailto:/, ''), marks: [{ type: 'link', attrs: { href } }] }).run();
    } else chain.setLink({ href }).run();
    onClose();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter applies the link instead of submitting the surrounding form.
    if (event.key === 'Enter') {
      event.preventDefault();
      apply();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      editor.commands.focus();
    }
  };

  return (
    <Flex className="rich-text-link" gap="2" align="center" wrap="wrap">
      <input
        ref={input}
        type="url"
        className="form-control"
        aria-label="Link address"
        placeholder="https://…"
        value={address}
        onChange={(event) => setAddress(event.currentTarget.value)}
        onKeyDown={onKeyDown}
      />
      <Button type="button" size="1" onClick={apply}>
        Apply link
      </Button>
      {current ? (
        <Button
          type="button"
          size="1"
          variant="soft"
          color="red"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onClose();
          }}
        >
          Remove link
        </Button>
      ) : null}
      <Button type="button" size="1" variant="soft" color="gray" onClick={onClose}>
        Cancel
      </Button>
    </Flex>
  );
}

function ListGlyph({ ordered }: { ordered: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M9 6h11M9 12h11M9 18h11" />
      {ordered ? (
        <path d="M4 4.5v3M3.5 11h1.5l-1.5 2h1.5M3.5 16.5h1.5v3h-1.5M3.5 18h1.5" strokeWidth="1.3" />
      ) : (
        <>
          <circle cx="4.5" cy="6" r="1" fill="currentColor" />
          <circle cx="4.5" cy="12" r="1" fill="currentColor" />
          <circle cx="4.5" cy="18" r="1" fill="currentColor" />
        </>
      )}
    </svg>
  );
}

function LinkGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </svg>
  );
}
