import { Button, Flex, Text } from '@radix-ui/themes';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Icon } from '~/components/ui/icon';
import { SET_HTML_EVENT } from './rich-text-events';
import { hexColor, TEXT_ALIGNMENTS, TextAlignmentExtension, TextColors, type TextAlignment } from './rich-text-extensions';

/**
 * The rich-text editor (the community description, list items' descriptions), loaded in the
 * browser only (see ./rich-text.tsx). Tiptap's StarterKit without the parts the server's
 * sanitizer drops (code, code blocks, rules) plus colours and alignment; the toolbar of spec 03
 * §9 (headers 1–4, bold, italic, underline, link, ordered and bullet lists, colour, background,
 * align, clean) as toggle buttons with aria-pressed, a block-style select and colour inputs; a
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
  TextColors,
  TextAlignmentExtension,
];

const BLOCK_STYLES = [
  { value: 'paragraph', label: 'Normal text' },
  { value: '1', label: 'Heading 1' },
  { value: '2', label: 'Heading 2' },
  { value: '3', label: 'Heading 3' },
  { value: '4', label: 'Heading 4' },
] as const;

const ALIGNMENT_LABELS: Record<TextAlignment, string> = {
  left: 'Align left',
  center: 'Align centre',
  right: 'Align right',
  justify: 'Justify',
};

/** A colour as `<input type="color">` takes it (#rrggbb), from what the text carries. */
export function colorInputValue(value: unknown, fallback: string): string {
  const hex = hexColor(value);
  return hex && /^#[0-9a-f]{6}$/.test(hex) ? hex : fallback;
}

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

  // Text put in from outside (the AI writing assistant's Use): the hidden input is told with SET_HTML_EVENT.
  const hiddenRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = hiddenRef.current;
    if (!input || !editor) return;
    const onSet = (event: Event) => {
      const next = (event as CustomEvent<string>).detail;
      if (typeof next !== 'string' || editor.isDestroyed) return;
      editor.commands.setContent(next);
      setHtml(editor.isEmpty ? '' : editor.getHTML());
    };
    input.addEventListener(SET_HTML_EVENT, onSet);
    return () => input.removeEventListener(SET_HTML_EVENT, onSet);
  }, [editor]);

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
      <input ref={hiddenRef} type="hidden" name={name} value={html} data-rich-text="" />
    </Flex>
  );
}

function Toolbar({ editor }: { editor: Editor | null }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current?.isActive('bold') ?? false,
      italic: current?.isActive('italic') ?? false,
      underline: current?.isActive('underline') ?? false,
      bulletList: current?.isActive('bulletList') ?? false,
      orderedList: current?.isActive('orderedList') ?? false,
      link: current?.isActive('link') ?? false,
      href: (current?.getAttributes('link').href as string | undefined) ?? '',
      block: String(([1, 2, 3, 4] as const).find((level) => current?.isActive('heading', { level })) ?? 'paragraph'),
      color: current?.getAttributes('textColors').color as unknown,
      background: current?.getAttributes('textColors').backgroundColor as unknown,
      alignment: (TEXT_ALIGNMENTS.find((alignment) => current?.isActive({ textAlign: alignment }) ?? false) ?? 'left') as TextAlignment,
    }),
  });
  const [linking, setLinking] = useState(false);
  const disabled = !editor;
  const run = (command: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => {
    if (editor) command(editor.chain().focus()).run();
  };

  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label="Formatting">
      <select
        className="rich-text-select"
        aria-label="Text style"
        value={state?.block ?? 'paragraph'}
        disabled={disabled}
        onChange={(event) => {
          const value = event.currentTarget.value;
          run((chain) => (value === 'paragraph' ? chain.setParagraph() : chain.setHeading({ level: Number(value) as 1 | 2 | 3 | 4 })));
        }}
      >
        {BLOCK_STYLES.map((style) => (
          <option key={style.value} value={style.value}>
            {style.label}
          </option>
        ))}
      </select>
      <ToolButton label="Bold" pressed={state?.bold} disabled={disabled} onClick={() => run((chain) => chain.toggleBold())}>
        <strong>B</strong>
      </ToolButton>
      <ToolButton label="Italic" pressed={state?.italic} disabled={disabled} onClick={() => run((chain) => chain.toggleItalic())}>
        <em>I</em>
      </ToolButton>
      <ToolButton label="Underline" pressed={state?.underline} disabled={disabled} onClick={() => run((chain) => chain.toggleUnderline())}>
        <u>U</u>
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
      <label className="rich-text-color" title="Text colour">
        <span className="visually-hidden">Text colour</span>
        <span aria-hidden="true">A</span>
        <input
          type="color"
          value={colorInputValue(state?.color, '#000000')}
          disabled={disabled}
          onChange={(event) => {
            const color = event.currentTarget.value;
            run((chain) => chain.setTextColor(color));
          }}
        />
      </label>
      <label className="rich-text-color" title="Background colour">
        <span className="visually-hidden">Background colour</span>
        <span aria-hidden="true" className="rich-text-color-background">
          A
        </span>
        <input
          type="color"
          value={colorInputValue(state?.background, '#ffff00')}
          disabled={disabled}
          onChange={(event) => {
            const color = event.currentTarget.value;
            run((chain) => chain.setBackgroundColor(color));
          }}
        />
      </label>
      {TEXT_ALIGNMENTS.map((alignment) => (
        <ToolButton
          key={alignment}
          label={ALIGNMENT_LABELS[alignment]}
          pressed={state?.alignment === alignment}
          disabled={disabled}
          onClick={() => run((chain) => chain.setTextAlignment(alignment))}
        >
          <AlignGlyph alignment={alignment} />
        </ToolButton>
      ))}
      <ToolButton
        label="Clear formatting"
        disabled={disabled}
        onClick={() => run((chain) => chain.unsetAllMarks().clearNodes().setTextAlignment('left'))}
      >
        <ClearGlyph />
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

/** A 16 px toolbar glyph drawn with the text's colour. */
function Glyph({ children }: { children: ReactNode }) {
  return <Icon size={16}>{children}</Icon>;
}

function ListGlyph({ ordered }: { ordered: boolean }) {
  return (
    <Glyph>
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
    </Glyph>
  );
}

function LinkGlyph() {
  return (
    <Glyph>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </Glyph>
  );
}

const ALIGN_LINES: Record<TextAlignment, string> = {
  left: 'M4 6h16M4 10h10M4 14h16M4 18h10',
  center: 'M4 6h16M7 10h10M4 14h16M7 18h10',
  right: 'M4 6h16M10 10h10M4 14h16M10 18h10',
  justify: 'M4 6h16M4 10h16M4 14h16M4 18h16',
};

function AlignGlyph({ alignment }: { alignment: TextAlignment }) {
  return (
    <Glyph>
      <path d={ALIGN_LINES[alignment]} />
    </Glyph>
  );
}

function ClearGlyph() {
  return (
    <Glyph>
      <path d="M6 5h12M12 5l-3 14M4 20l16-16" />
    </Glyph>
  );
}
