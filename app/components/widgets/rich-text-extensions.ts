import { Extension, Mark, mergeAttributes } from '@tiptap/react';

/**
 * The parts of the rich-text toolbar (spec 03 §9: colour, background, align) that Tiptap's
 * StarterKit lacks, written to produce exactly the markup the server's sanitizer keeps
 * (server/html.ts): `<span style="color: …; background-color: …">` and `style="text-align: …"`
 * on paragraphs and headings. Descriptions written by the earlier editor carry Quill's
 * `ql-align-*` classes; those are read as alignment too.
 */

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    textColors: {
      setTextColor: (color: string) => ReturnType;
      setBackgroundColor: (color: string) => ReturnType;
    };
    textAlignment: {
      setTextAlignment: (alignment: TextAlignment) => ReturnType;
    };
  }
}

export const TEXT_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type TextAlignment = (typeof TEXT_ALIGNMENTS)[number];

const HEX_COLOR = /^#[0-9a-f]{3,8}$/i;
const RGB_COLOR = /^rgba?\([\d\s.,%]+\)$/i;

/** A colour the sanitizer keeps ('#rrggbb' or rgb()), else null. */
export function safeColor(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return HEX_COLOR.test(trimmed) || RGB_COLOR.test(trimmed) ? trimmed : null;
}

/**
 * A colour as '#rrggbb' where it is an opaque one (browsers report styles as rgb(), the colour
 * inputs speak hex); translucent and unknown colours stay as they are, or null when unsafe.
 */
export function hexColor(value: unknown): string | null {
  const color = safeColor(value);
  if (!color) return null;
  const lower = color.toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(lower)) return lower;
  if (/^#[0-9a-f]{3}$/.test(lower)) return `#${[...lower.slice(1)].map((digit) => digit + digit).join('')}`;
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(1|1\.0+)\s*)?\)$/.exec(lower);
  if (!rgb) return color;
  return `#${rgb
    .slice(1, 4)
    .map((part) => Math.min(255, Number(part)).toString(16).padStart(2, '0'))
    .join('')}`;
}

function styleOf(attributes: { color?: string | null; backgroundColor?: string | null }): string {
  return [
    attributes.color ? `color: ${attributes.color}` : null,
    attributes.backgroundColor ? `background-color: ${attributes.backgroundColor}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}

/** Text colour and background colour, as one styled span. */
export const TextColors = Mark.create({
  name: 'textColors',

  addAttributes() {
    return {
      color: {
        default: null,
        parseHTML: (element: HTMLElement) => hexColor(element.style.color),
        renderHTML: () => ({}),
      },
      backgroundColor: {
        default: null,
        parseHTML: (element: HTMLElement) => hexColor(element.style.backgroundColor),
        renderHTML: () => ({}),
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'span[style]',
        getAttrs: (element: HTMLElement) => (element.style.color || element.style.backgroundColor ? null : false),
      },
    ];
  },

  renderHTML({ HTMLAttributes, mark }) {
    const style = styleOf(mark.attrs as { color?: string | null; backgroundColor?: string | null });
    return ['span', mergeAttributes(HTMLAttributes, style ? { style } : {}), 0];
  },

  addCommands() {
    return {
      setTextColor:
        (color: string) =>
        ({ commands, editor }) =>
          setColors(commands, editor.getAttributes(this.name), { color: hexColor(color) }),
      setBackgroundColor:
        (color: string) =>
        ({ commands, editor }) =>
          setColors(commands, editor.getAttributes(this.name), { backgroundColor: hexColor(color) }),
    };
  },
});

function setColors(
  commands: { setMark: (name: string, attributes: Record<string, unknown>) => boolean; unsetMark: (name: string) => boolean },
  current: Record<string, unknown>,
  change: { color?: string | null; backgroundColor?: string | null },
): boolean {
  const next = { color: hexColor(current.color), backgroundColor: hexColor(current.backgroundColor), ...change };
  return next.color || next.backgroundColor ? commands.setMark('textColors', next) : commands.unsetMark('textColors');
}

function alignmentOf(element: HTMLElement): TextAlignment | null {
  const fromStyle = element.style.textAlign;
  if ((TEXT_ALIGNMENTS as readonly string[]).includes(fromStyle)) return fromStyle as TextAlignment;
  const fromClass = TEXT_ALIGNMENTS.find((alignment) => element.classList.contains(`ql-align-${alignment}`));
  return fromClass ?? null;
}

/** Alignment of paragraphs and headings (left is the default and is not written). */
export const TextAlignmentExtension = Extension.create({
  name: 'textAlignment',

  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element: HTMLElement) => {
              const alignment = alignmentOf(element);
              return alignment === 'left' ? null : alignment;
            },
            renderHTML: (attributes: { textAlign?: string | null }) =>
              attributes.textAlign ? { style: `text-align: ${attributes.textAlign}` } : {},
          },
        },
      },
    ];
  },

  addCommands() {
    return {
      setTextAlignment:
        (alignment: TextAlignment) =>
        ({ commands }) => {
          const value = alignment === 'left' ? null : alignment;
          const paragraph = commands.updateAttributes('paragraph', { textAlign: value });
          const heading = commands.updateAttributes('heading', { textAlign: value });
          return paragraph || heading;
        },
    };
  },
});
