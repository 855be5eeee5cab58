import { PDFDocument, popGraphicsState, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import {
  HEADER_BOX_PT,
  layoutColumns,
  PAGE_MARGIN_PT,
  pagesOf,
  PAGE_HEIGHT_PT,
  PAGE_WIDTH_PT,
  PRINTOUT_TEXTS,
  rightColumnShown,
  type PrintoutColumn,
  type PrintoutType,
} from '~/lib/printout';
import { embedFonts, glyphCheck } from './fonts';
import { clampLines, clipTo, drawRichText, INK, LINE, MUTED, printableWith, wrapWords, type Box, type Kit } from './text';

/**
 * The activities printout as a PDF (spec 02 "Activities printout", §9 "Events printout"): pages
 * of 11 in x 8.5 in (792 x 612 pt) with their TrimBox and BleedBox set, Liberation Sans embedded
 * as subsets, text drawn as text (selectable and searchable), the header image drawn from a copy
 * made for print resolution (the caller decodes and resizes it in the pool). Layout:
 *
 *   header (image, darkening, header text and the dates)
 *   left | middle | right sections (when any has content)
 *   event columns (daily, column) or the agenda list | right column (title and content)
 *   footer (when it has content)
 *
 * The layout rules (columns per day, events per column, when the right column shows) are
 * app/lib/printout.ts's.
 */

export interface PrintoutEvent {
  /** Index of its day in `days`. */
  day: number;
  /** '9:00 AM – 10:00 AM' or 'All Day'. */
  time: string;
  title: string;
  location: string;
  /** Plain text (the agenda shows it). */
  description: string;
}

export interface PrintoutImage {
  /** JPEG bytes, already at print resolution (embedded as they are). */
  jpeg: Uint8Array;
  width: number;
  height: number;
}

export interface PrintoutDocumentInput {
  /** The header's text (the calendar's title when the template has none). */
  headerText: string;
  /** The range in words ('Monday, December 7 – Wednesday, December 9, 2026'). */
  rangeText: string;
  /** Each day's heading ('Monday, December 7'). */
  days: string[];
  /** The same, short ('Mon, Dec 7'), for narrow columns. */
  shortDays: string[];
  events: PrintoutEvent[];
  type: PrintoutType;
  perColumn: number;
  titleFontSize: number;
  textFontSize: number;
  headerImage: PrintoutImage | null;
  headerScrim: boolean;
  scrimFade: boolean;
  rightColumnTitle: string;
  /** Sanitized HTML. */
  rightColumnContent: string;
  leftSectionContent: string;
  midSectionContent: string;
  rightSectionContent: string;
  footerContent: string;
  /** Document title and creation date (metadata). */
  documentTitle: string;
  now: number;
}

export interface PrintoutDocument {
  bytes: Uint8Array;
  pages: number;
  columns: number;
  rightColumn: boolean;
}

const MARGIN = PAGE_MARGIN_PT;
const GAP = 10;
const HEADER_HEIGHT = HEADER_BOX_PT.height;
const SECTIONS_HEIGHT = 72;
const FOOTER_HEIGHT = 44;
const RIGHT_COLUMN_WIDTH = 160;
const RULE = rgb(0.78, 0.78, 0.82);
const HEADING_FILL = rgb(0.92, 0.93, 0.96);

function drawHeader(page: PDFPage, kit: Kit, input: PrintoutDocumentInput, image: PDFImage | null, box: Box) {
  const bottom = box.top - box.height;
  if (image) {
    // The image covers the header, centred, cut at the header's edges.
    const scale = Math.max(box.width / image.width, box.height / image.height);
    const width = image.width * scale;
    const height = image.height * scale;
    clipTo(page, box);
    page.drawImage(image, { x: box.x + (box.width - width) / 2, y: bottom + (box.height - height) / 2, width, height });
    if (input.headerScrim) {
      if (input.scrimFade) {
        // Darker towards the bottom, where the text sits: layers that all reach the bottom edge,
        // each starting lower down, so the only edges are their tops (no seams between bands).
        const layers = 24;
        for (let layer = 0; layer < layers; layer++) {
          const top = box.top - (box.height * layer) / layers;
          page.drawRectangle({
            x: box.x,
            y: bottom,
            width: box.width,
            height: top - bottom,
            color: rgb(0, 0, 0),
            opacity: layer === 0 ? 0.1 : 0.035,
          });
        }
      } else page.drawRectangle({ x: box.x, y: bottom, width: box.width, height: box.height, color: rgb(0, 0, 0), opacity: 0.45 });
    }
    page.pushOperators(popGraphicsState());
  } else {
    page.drawRectangle({ x: box.x, y: bottom, width: box.width, height: box.height, color: HEADING_FILL });
  }
  const onImage = image !== null;
  const color = onImage ? rgb(1, 1, 1) : INK;
  const titleSize = 24;
  const title =
    clampLines(
      wrapWords(kit.printable(input.headerText), kit.fonts.bold, titleSize, box.width - 24),
      1,
      kit.fonts.bold,
      titleSize,
      box.width - 24,
    )[0] ?? '';
  const titleWidth = kit.fonts.bold.widthOfTextAtSize(title, titleSize);
  page.drawText(title, {
    x: box.x + (box.width - titleWidth) / 2,
    y: bottom + box.height / 2 + 2,
    size: titleSize,
    font: kit.fonts.bold,
    color,
  });
  const range = kit.printable(input.rangeText);
  const rangeSize = 11;
  const rangeWidth = kit.fonts.regular.widthOfTextAtSize(range, rangeSize);
  page.drawText(range, {
    x: box.x + (box.width - rangeWidth) / 2,
    y: bottom + box.height / 2 - 16,
    size: rangeSize,
    font: kit.fonts.regular,
    color,
  });
}

function drawSections(page: PDFPage, kit: Kit, input: PrintoutDocumentInput, box: Box, size: number) {
  const parts = [input.leftSectionContent, input.midSectionContent, input.rightSectionContent];
  const width = (box.width - 2 * GAP) / 3;
  parts.forEach((html, index) => {
    const x = box.x + index * (width + GAP);
    page.drawRectangle({ x, y: box.top - box.height, width, height: box.height, borderColor: RULE, borderWidth: 0.75 });
    if (html !== '') drawRichText(page, kit, html, { x: x + 6, top: box.top - 5, width: width - 12, height: box.height - 10 }, size);
  });
}

function drawRightColumn(page: PDFPage, kit: Kit, input: PrintoutDocumentInput, box: Box, size: number) {
  page.drawRectangle({
    x: box.x,
    y: box.top - box.height,
    width: box.width,
    height: box.height,
    color: rgb(0.97, 0.97, 0.98),
    borderColor: RULE,
    borderWidth: 0.75,
  });
  let top = box.top - 6;
  if (input.rightColumnTitle !== '') {
    const titleSize = size * 1.35;
    const lines = clampLines(
      wrapWords(kit.printable(input.rightColumnTitle), kit.fonts.bold, titleSize, box.width - 12),
      2,
      kit.fonts.bold,
      titleSize,
      box.width - 12,
    );
    for (const line of lines) {
      page.drawText(line, { x: box.x + 6, y: top - titleSize, size: titleSize, font: kit.fonts.bold, color: INK });
      top -= titleSize * LINE;
    }
    top -= 4;
  }
  if (input.rightColumnContent !== '')
    drawRichText(
      page,
      kit,
      input.rightColumnContent,
      { x: box.x + 6, top, width: box.width - 12, height: top - (box.top - box.height) - 6 },
      size,
    );
}

function drawDayHeading(
  page: PDFPage,
  kit: Kit,
  text: string | [string, string],
  x: number,
  top: number,
  width: number,
  size: number,
): number {
  const height = size * 1.8;
  page.drawRectangle({ x, y: top - height, width, height, color: HEADING_FILL });
  const [long, short] = typeof text === 'string' ? [text, text] : text;
  const chosen = kit.fonts.bold.widthOfTextAtSize(kit.printable(long), size) <= width - 8 ? long : short;
  const line = clampLines(wrapWords(kit.printable(chosen), kit.fonts.bold, size, width - 8), 1, kit.fonts.bold, size, width - 8)[0] ?? '';
  page.drawText(line, { x: x + 4, y: top - height + (height - size) / 2 + size * 0.2, size, font: kit.fonts.bold, color: INK });
  return height;
}

/** One event in its slot of a column: its title, then its time and place; cut to the slot's height. */
function drawEvent(
  page: PDFPage,
  kit: Kit,
  event: PrintoutEvent,
  x: number,
  top: number,
  width: number,
  height: number,
  input: PrintoutDocumentInput,
) {
  const textSize = input.textFontSize;
  const titleSize = input.titleFontSize;
  const room = width - 6;
  const detail = [event.time, event.location].filter((text) => text !== '').join(' · ');
  const detailLines = wrapWords(kit.printable(detail), kit.fonts.regular, textSize, room);
  const titleLines = wrapWords(kit.printable(event.title), kit.fonts.bold, titleSize, room);
  const usable = height - 3;
  // The title keeps at least a line (three at most), leaving a line for the time and place.
  const reserved = detailLines.length > 0 ? textSize * LINE : 0;
  const titleRoom = Math.max(1, Math.min(titleLines.length, Math.floor((usable - reserved) / (titleSize * LINE))));
  let y = top - 2;
  for (const line of clampLines(titleLines, Math.min(titleRoom, 3), kit.fonts.bold, titleSize, room)) {
    page.drawText(line, { x: x + 3, y: y - titleSize, size: titleSize, font: kit.fonts.bold, color: INK });
    y -= titleSize * LINE;
  }
  const left = Math.floor((y - (top - height)) / (textSize * LINE));
  for (const line of clampLines(detailLines, Math.min(left, 2), kit.fonts.regular, textSize, room)) {
    page.drawText(line, { x: x + 3, y: y - textSize, size: textSize, font: kit.fonts.regular, color: MUTED });
    y -= textSize * LINE;
  }
}

function drawColumns(page: PDFPage, kit: Kit, input: PrintoutDocumentInput, columns: PrintoutColumn[], box: Box, perColumn: number) {
  const count = Math.max(1, columns.length);
  const width = (box.width - (count - 1) * GAP) / count;
  const headingHeight = input.textFontSize * 1.3 * 1.8;
  columns.forEach((column, index) => {
    const x = box.x + index * (width + GAP);
    if (index > 0)
      page.drawLine({
        start: { x: x - GAP / 2, y: box.top },
        end: { x: x - GAP / 2, y: box.top - box.height },
        thickness: 0.5,
        color: RULE,
      });
    const slot = (box.height - column.headings.length * (headingHeight + 2)) / perColumn;
    let top = box.top;
    column.events.forEach((eventIndex, position) => {
      for (const heading of column.headings)
        if (heading.before === position)
          top -=
            drawDayHeading(
              page,
              kit,
              [input.days[heading.day] ?? '', input.shortDays[heading.day] ?? ''],
              x,
              top,
              width,
              input.textFontSize * 1.3,
            ) + 2;
      drawEvent(page, kit, input.events[eventIndex]!, x, top, width, slot, input);
      top -= slot;
    });
    if (column.events.length === 0)
      for (const heading of column.headings) {
        top -=
          drawDayHeading(
            page,
            kit,
            [input.days[heading.day] ?? '', input.shortDays[heading.day] ?? ''],
            x,
            top,
            width,
            input.textFontSize * 1.3,
          ) + 2;
        page.drawText(PRINTOUT_TEXTS.noEvents, {
          x: x + 3,
          y: top - input.textFontSize - 2,
          size: input.textFontSize,
          font: kit.fonts.italic,
          color: MUTED,
        });
      }
  });
}

// ─── Agenda ───────────────────────────────────────────────────────────────────────────────────

type AgendaRow = { kind: 'heading'; text: string } | { kind: 'event'; event: PrintoutEvent };

function agendaRowHeight(row: AgendaRow, kit: Kit, input: PrintoutDocumentInput, width: number): number {
  if (row.kind === 'heading') return input.textFontSize * 1.3 * 1.8 + 6;
  const textWidth = width - agendaTimeWidth(input);
  const title = wrapWords(kit.printable(row.event.title), kit.fonts.bold, input.titleFontSize, textWidth).length;
  const detail = [row.event.location, row.event.description].filter((text) => text !== '');
  const detailLines = detail.reduce(
    (sum, text) => sum + Math.min(2, wrapWords(kit.printable(text), kit.fonts.regular, input.textFontSize, textWidth).length),
    0,
  );
  return Math.max(input.textFontSize * LINE, title * input.titleFontSize * LINE + detailLines * input.textFontSize * LINE) + 5;
}

const agendaTimeWidth = (input: PrintoutDocumentInput) => Math.max(70, input.textFontSize * 11);

function drawAgendaRow(
  page: PDFPage,
  kit: Kit,
  input: PrintoutDocumentInput,
  row: AgendaRow,
  x: number,
  top: number,
  width: number,
  height: number,
) {
  if (row.kind === 'heading') {
    drawDayHeading(page, kit, row.text, x, top - 4, width, input.textFontSize * 1.3);
    return;
  }
  const { event } = row;
  const timeWidth = agendaTimeWidth(input);
  const time = clampLines(
    wrapWords(kit.printable(event.time), kit.fonts.bold, input.textFontSize, timeWidth - 6),
    2,
    kit.fonts.bold,
    input.textFontSize,
    timeWidth - 6,
  );
  time.forEach((line, index) =>
    page.drawText(line, {
      x: x + 3,
      y: top - input.textFontSize - index * input.textFontSize * LINE - 1,
      size: input.textFontSize,
      font: kit.fonts.bold,
      color: MUTED,
    }),
  );
  let y = top - 1;
  const textX = x + timeWidth;
  const textWidth = width - timeWidth;
  for (const line of wrapWords(kit.printable(event.title), kit.fonts.bold, input.titleFontSize, textWidth)) {
    page.drawText(line, { x: textX, y: y - input.titleFontSize, size: input.titleFontSize, font: kit.fonts.bold, color: INK });
    y -= input.titleFontSize * LINE;
  }
  for (const [text, font] of [
    [event.location, kit.fonts.italic],
    [event.description, kit.fonts.regular],
  ] as const) {
    if (text === '') continue;
    for (const line of clampLines(
      wrapWords(kit.printable(text), font, input.textFontSize, textWidth),
      2,
      font,
      input.textFontSize,
      textWidth,
    )) {
      page.drawText(line, { x: textX, y: y - input.textFontSize, size: input.textFontSize, font, color: MUTED });
      y -= input.textFontSize * LINE;
    }
  }
  page.drawLine({ start: { x, y: top - height + 1 }, end: { x: x + width, y: top - height + 1 }, thickness: 0.3, color: RULE });
}

/** The agenda's rows split over pages of `height`. */
function agendaPages(rows: AgendaRow[], heights: number[], height: number): number[][] {
  const pages: number[][] = [[]];
  let used = 0;
  rows.forEach((row, index) => {
    const rowHeight = Math.min(heights[index]!, height);
    // A day's heading never ends a page.
    const keep = row.kind === 'heading' && index + 1 < rows.length ? rowHeight + Math.min(heights[index + 1]!, height) : rowHeight;
    if (used + keep > height && pages.at(-1)!.length > 0) {
      pages.push([]);
      used = 0;
    }
    pages.at(-1)!.push(index);
    used += rowHeight;
  });
  return pages;
}

// ─── The document ─────────────────────────────────────────────────────────────────────────────

function newPage(document: PDFDocument): PDFPage {
  const page = document.addPage([PAGE_WIDTH_PT, PAGE_HEIGHT_PT]);
  page.setMediaBox(0, 0, PAGE_WIDTH_PT, PAGE_HEIGHT_PT);
  page.setBleedBox(0, 0, PAGE_WIDTH_PT, PAGE_HEIGHT_PT);
  page.setTrimBox(0, 0, PAGE_WIDTH_PT, PAGE_HEIGHT_PT);
  return page;
}

/** The printout's PDF. `onPage` is told of each page drawn (progress). */
export async function renderPrintoutPdf(
  input: PrintoutDocumentInput,
  onPage?: (done: number, total: number) => void | Promise<void>,
): Promise<PrintoutDocument> {
  const document = await PDFDocument.create();
  document.setTitle(input.documentTitle, { showInWindowTitleBar: true });
  document.setCreator('Community app console');
  document.setProducer('Community app console (pdf-lib)');
  document.setCreationDate(new Date(input.now));
  document.setModificationDate(new Date(input.now));
  const fonts = await embedFonts(document);
  const printable = printableWith(await glyphCheck());
  const kit: Kit = { fonts, printable };
  const image = input.headerImage ? await document.embedJpg(input.headerImage.jpeg) : null;

  const contentWidth = PAGE_WIDTH_PT - 2 * MARGIN;
  const headerBox: Box = { x: MARGIN, top: PAGE_HEIGHT_PT - MARGIN, width: contentWidth, height: HEADER_HEIGHT };
  let bodyTop = headerBox.top - HEADER_HEIGHT - GAP;
  const hasSections = [input.leftSectionContent, input.midSectionContent, input.rightSectionContent].some((html) => html !== '');
  const sectionsBox: Box = { x: MARGIN, top: bodyTop, width: contentWidth, height: SECTIONS_HEIGHT };
  if (hasSections) bodyTop -= SECTIONS_HEIGHT + GAP;
  const hasFooter = input.footerContent !== '';
  const bodyBottom = MARGIN + (hasFooter ? FOOTER_HEIGHT + GAP : 0);
  const bodyHeight = bodyTop - bodyBottom;
  const richSize = Math.max(6, input.textFontSize);

  const columns = layoutColumns(input.type, input.events, input.days.length, input.perColumn);
  const rightColumn = rightColumnShown(input.type, columns.length) && (input.rightColumnTitle !== '' || input.rightColumnContent !== '');
  const eventsWidth = contentWidth - (rightColumn ? RIGHT_COLUMN_WIDTH + GAP : 0);
  const eventsBox: Box = { x: MARGIN, top: bodyTop, width: eventsWidth, height: bodyHeight };

  const frame = (page: PDFPage) => {
    drawHeader(page, kit, input, image, headerBox);
    if (hasSections) drawSections(page, kit, input, sectionsBox, richSize);
    if (rightColumn)
      drawRightColumn(
        page,
        kit,
        input,
        { x: MARGIN + eventsWidth + GAP, top: bodyTop, width: RIGHT_COLUMN_WIDTH, height: bodyHeight },
        richSize,
      );
    if (hasFooter) {
      page.drawLine({
        start: { x: MARGIN, y: MARGIN + FOOTER_HEIGHT + GAP / 2 },
        end: { x: MARGIN + contentWidth, y: MARGIN + FOOTER_HEIGHT + GAP / 2 },
        thickness: 0.5,
        color: RULE,
      });
      drawRichText(
        page,
        kit,
        input.footerContent,
        { x: MARGIN, top: MARGIN + FOOTER_HEIGHT, width: contentWidth, height: FOOTER_HEIGHT },
        richSize,
      );
    }
  };

  let pageCount = 0;
  if (input.type === 'agenda') {
    const rows: AgendaRow[] = [];
    const headingAt = new Map(columns[0]!.headings.map((heading) => [heading.before, heading.day]));
    input.events.forEach((event, index) => {
      const day = headingAt.get(index);
      if (day !== undefined) rows.push({ kind: 'heading', text: input.days[day] ?? '' });
      rows.push({ kind: 'event', event });
    });
    if (rows.length === 0) rows.push({ kind: 'heading', text: PRINTOUT_TEXTS.noEvents });
    // Two lists side by side on a page when the page is wide enough for them.
    const lanes = eventsWidth > 480 ? 2 : 1;
    const laneWidth = (eventsWidth - (lanes - 1) * GAP * 2) / lanes;
    const heights = rows.map((row) => agendaRowHeight(row, kit, input, laneWidth));
    const laneRows = agendaPages(rows, heights, bodyHeight);
    const total = Math.ceil(laneRows.length / lanes);
    for (let pageIndex = 0; pageIndex < total; pageIndex++) {
      const page = newPage(document);
      frame(page);
      for (let lane = 0; lane < lanes; lane++) {
        const indexes = laneRows[pageIndex * lanes + lane];
        if (!indexes) continue;
        const x = MARGIN + lane * (laneWidth + GAP * 2);
        if (lane > 0) page.drawLine({ start: { x: x - GAP, y: bodyTop }, end: { x: x - GAP, y: bodyBottom }, thickness: 0.5, color: RULE });
        let top = bodyTop;
        for (const index of indexes) {
          const height = Math.min(heights[index]!, bodyHeight);
          clipTo(page, { x, top, width: laneWidth, height });
          drawAgendaRow(page, kit, input, rows[index]!, x, top, laneWidth, height);
          page.pushOperators(popGraphicsState());
          top -= height;
        }
      }
      pageCount++;
      await onPage?.(pageCount, total);
    }
  } else {
    const pages = pagesOf(columns);
    for (const pageColumns of pages) {
      const page = newPage(document);
      frame(page);
      drawColumns(page, kit, input, pageColumns, eventsBox, input.perColumn);
      pageCount++;
      await onPage?.(pageCount, pages.length);
    }
  }

  const bytes = await document.save({ useObjectStreams: true });
  return { bytes, pages: pageCount, columns: columns.length, rightColumn };
}
