import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { paginate, type FlowRow } from './flow';
import { embedFonts, glyphCheck } from './fonts';
import { scriptText, type ScriptText } from './scripts';
import { INK, LINE, MUTED, wrapWords } from './text';

/**
 * A guest form entry as a PDF (spec 02 "Guest entries": the entry view's download): US Letter
 * pages, the form's title, what is known of the submission (date in the community's zone, who
 * sent it, the event of an RSVP, the status), then every field of the form in its order: its
 * headers and static text as the form's own words, each answer under its label ('Not Answered'
 * when empty), photos and the signature drawn in. Long answers wrap and run on over pages (the
 * pagination rules are ./flow.ts's); Liberation Sans is embedded as subsets, with a fallback font
 * per run of text for the scripts it lacks (Arabic shaped, Hebrew and Arabic in right-to-left
 * order, Chinese, Japanese, Korean: ./scripts.ts). Images arrive
 * decoded, scaled and re-encoded as JPEG by the caller (in the pool), and are embedded as they are.
 */

export const ENTRY_PAGE = { width: 612, height: 792 } as const;
const MARGIN = 54;
/** Rows end this far above the page's bottom edge; the footer sits below. */
const CONTENT_BOTTOM = MARGIN + 4;
const CONTENT_WIDTH = ENTRY_PAGE.width - 2 * MARGIN;
const FACT_LABEL_WIDTH = 96;
/** The largest a photo is drawn (pt). */
export const PHOTO_BOX = { width: CONTENT_WIDTH, height: 330 } as const;
/** The largest a signature is drawn (pt). */
export const SIGNATURE_BOX = { width: 260, height: 96 } as const;
/** Images are drawn at their pixels at this resolution at most (never enlarged beyond it). */
const IMAGE_DPI = 150;

const SIZES = { title: 18, fact: 10, heading: 13, label: 9, answer: 11, note: 9.5, footer: 8 } as const;
const RULE = rgb(0.78, 0.78, 0.82);
const LABEL = rgb(0.3, 0.3, 0.36);

export interface EntryPdfImage {
  jpeg: Uint8Array;
  /** Its pixels. */
  width: number;
  height: number;
}

export type EntryPdfPart =
  | { kind: 'header'; text: string }
  | { kind: 'static'; text: string }
  | { kind: 'answer'; label: string; text: string; empty: boolean }
  /** A photo or a signature; `note` says why it is not drawn when `image` is null. */
  | { kind: 'image'; label: string; signature: boolean; image: EntryPdfImage | null; note: string | null };

export interface EntryPdfInput {
  /** The form's title. */
  title: string;
  /** The submission's facts, in order ('Submitted', '07/01/2026 04:20 PM'). */
  facts: Array<{ label: string; value: string }>;
  parts: EntryPdfPart[];
  /** Each page's footer, left of the page number. */
  footer: string;
  documentTitle: string;
  now: number;
}

export interface EntryPdfDocument {
  bytes: Uint8Array;
  pages: number;
}

interface Row extends FlowRow {
  draw(page: PDFPage, top: number): void;
}

/** The size (pt) an image of `pixels` is drawn at: its pixels at IMAGE_DPI, scaled down into `box`. */
export function drawnSize(pixels: { width: number; height: number }, box: { width: number; height: number }) {
  const natural = { width: (pixels.width * 72) / IMAGE_DPI, height: (pixels.height * 72) / IMAGE_DPI };
  const scale = Math.min(1, box.width / natural.width, box.height / natural.height);
  return { width: natural.width * scale, height: natural.height * scale };
}

function textRows(
  script: ScriptText,
  text: string,
  options: { font: PDFFont; size: number; width: number; x: number; color: ReturnType<typeof rgb>; keepFirst?: boolean; keepAll?: boolean },
): Row[] {
  return wrapWords(text, script.measure(options.font), options.size, options.width).map((line, index) => ({
    height: options.size * LINE,
    keepWithNext: options.keepAll || (options.keepFirst === true && index === 0),
    draw: (page, top) => {
      if (line !== '')
        script.draw(page, line, {
          x: options.x,
          y: top - options.size,
          size: options.size,
          font: options.font,
          color: options.color,
          width: options.width,
        });
    },
  }));
}

/** Every text the entry's PDF holds (which fallback fonts it needs). */
function textsOf(input: EntryPdfInput): string[] {
  const texts = [input.title, input.footer];
  for (const fact of input.facts) texts.push(fact.label, fact.value);
  for (const part of input.parts) {
    if (part.kind === 'header' || part.kind === 'static') texts.push(part.text);
    else if (part.kind === 'answer') texts.push(part.label, part.text);
    else texts.push(part.label, part.note ?? '');
  }
  return texts;
}

const gap = (height: number): Row => ({ height, gap: true, draw: () => undefined });

/** The entry's PDF. `onPage` is told of each page drawn (progress). */
export async function renderEntryPdf(
  input: EntryPdfInput,
  onPage?: (done: number, total: number) => void | Promise<void>,
): Promise<EntryPdfDocument> {
  const document = await PDFDocument.create();
  document.setTitle(input.documentTitle, { showInWindowTitleBar: true });
  document.setCreator('Community app console');
  document.setProducer('Community app console (pdf-lib)');
  document.setCreationDate(new Date(input.now));
  document.setModificationDate(new Date(input.now));
  const fonts = await embedFonts(document);
  const script = await scriptText(document, fonts, await glyphCheck(), textsOf(input));
  const clean = (text: string) => script.printable(text.replace(/\r\n?/g, '\n').replace(/\t/g, ' '));

  const rows: Row[] = [];
  rows.push(
    ...textRows(script, clean(input.title), {
      font: fonts.bold,
      size: SIZES.title,
      width: CONTENT_WIDTH,
      x: MARGIN,
      color: INK,
      keepAll: true,
    }),
  );
  rows.push(gap(8));
  for (const fact of input.facts) {
    const valueRows = textRows(script, clean(fact.value), {
      font: fonts.regular,
      size: SIZES.fact,
      width: CONTENT_WIDTH - FACT_LABEL_WIDTH,
      x: MARGIN + FACT_LABEL_WIDTH,
      color: INK,
    });
    const label = clean(fact.label);
    const first = valueRows[0];
    if (first) {
      const drawValue = first.draw;
      first.draw = (page, top) => {
        script.draw(page, label, { x: MARGIN, y: top - SIZES.fact, size: SIZES.fact, font: fonts.bold, color: LABEL });
        drawValue(page, top);
      };
    }
    rows.push(...valueRows, gap(2));
  }
  rows.push(gap(6), {
    height: 14,
    draw: (page, top) =>
      page.drawLine({ start: { x: MARGIN, y: top - 7 }, end: { x: MARGIN + CONTENT_WIDTH, y: top - 7 }, thickness: 0.75, color: RULE }),
  });

  for (const part of input.parts) {
    if (part.kind === 'header') {
      rows.push(gap(10));
      rows.push(
        ...textRows(script, clean(part.text), {
          font: fonts.bold,
          size: SIZES.heading,
          width: CONTENT_WIDTH,
          x: MARGIN,
          color: INK,
          keepAll: true,
        }),
      );
      rows.push(gap(6));
      continue;
    }
    if (part.kind === 'static') {
      rows.push(
        ...textRows(script, clean(part.text), { font: fonts.italic, size: SIZES.note, width: CONTENT_WIDTH, x: MARGIN, color: MUTED }),
      );
      rows.push(gap(8));
      continue;
    }
    rows.push(
      ...textRows(script, clean(part.label), {
        font: fonts.bold,
        size: SIZES.label,
        width: CONTENT_WIDTH,
        x: MARGIN,
        color: LABEL,
        keepAll: true,
      }),
    );
    rows.push({ height: 2, keepWithNext: true, draw: () => undefined });
    if (part.kind === 'answer') {
      rows.push(
        ...textRows(script, clean(part.text), {
          font: part.empty ? fonts.italic : fonts.regular,
          size: SIZES.answer,
          width: CONTENT_WIDTH,
          x: MARGIN,
          color: part.empty ? MUTED : INK,
        }),
      );
    } else if (part.image) {
      const embedded = await document.embedJpg(part.image.jpeg);
      const box = part.signature ? SIGNATURE_BOX : PHOTO_BOX;
      const size = drawnSize(part.image, box);
      const pad = part.signature ? 6 : 0;
      rows.push({
        height: size.height + 2 * pad + 4,
        draw: (page, top) => {
          if (part.signature)
            page.drawRectangle({
              x: MARGIN,
              y: top - size.height - 2 * pad,
              width: size.width + 2 * pad,
              height: size.height + 2 * pad,
              borderColor: RULE,
              borderWidth: 0.75,
            });
          page.drawImage(embedded, { x: MARGIN + pad, y: top - pad - size.height, width: size.width, height: size.height });
        },
      });
    } else {
      rows.push(
        ...textRows(script, clean(part.note ?? ''), {
          font: fonts.italic,
          size: SIZES.note,
          width: CONTENT_WIDTH,
          x: MARGIN,
          color: MUTED,
        }),
      );
    }
    rows.push(gap(10));
  }

  const top = ENTRY_PAGE.height - MARGIN;
  const room = top - CONTENT_BOTTOM;
  const pages = paginate(rows, room, room);
  const footer = clean(input.footer);
  for (const [pageIndex, indexes] of pages.entries()) {
    const page = document.addPage([ENTRY_PAGE.width, ENTRY_PAGE.height]);
    page.setMediaBox(0, 0, ENTRY_PAGE.width, ENTRY_PAGE.height);
    page.setTrimBox(0, 0, ENTRY_PAGE.width, ENTRY_PAGE.height);
    page.setBleedBox(0, 0, ENTRY_PAGE.width, ENTRY_PAGE.height);
    let y = top;
    for (const index of indexes) {
      const row = rows[index]!;
      row.draw(page, y);
      y -= row.height;
    }
    const number = `Page ${pageIndex + 1} of ${pages.length}`;
    const numberWidth = fonts.regular.widthOfTextAtSize(number, SIZES.footer);
    const footerY = MARGIN / 2;
    page.drawLine({
      start: { x: MARGIN, y: footerY + SIZES.footer + 4 },
      end: { x: MARGIN + CONTENT_WIDTH, y: footerY + SIZES.footer + 4 },
      thickness: 0.5,
      color: RULE,
    });
    const footerLine = wrapWords(footer, script.measure(fonts.regular), SIZES.footer, CONTENT_WIDTH - numberWidth - 12)[0] ?? '';
    script.draw(page, footerLine, { x: MARGIN, y: footerY, size: SIZES.footer, font: fonts.regular, color: MUTED });
    page.drawText(number, { x: MARGIN + CONTENT_WIDTH - numberWidth, y: footerY, size: SIZES.footer, font: fonts.regular, color: MUTED });
    await onPage?.(pageIndex + 1, pages.length);
  }
  const bytes = await document.save({ useObjectStreams: true });
  return { bytes, pages: pages.length };
}
