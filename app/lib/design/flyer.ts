import { DESIGN_FONT_FAMILIES, type DesignFontFamily } from './fonts';
import type { Design, DesignElement, DesignShadow } from './types';

/**
 * The flyer designer's design (spec 02 "Flyer designer", §3 Flyer, §5, §7, §9): the flyer as the
 * editor holds it (paper, background image, tint, margins, text and image elements) and its
 * drawing as a design (./types.ts) for the one drawing of the browser's canvas and the server's
 * renderer. The spec's constants live here. Isomorphic and pure.
 */

// ── Spec 02 §9 constants ──

export const FLYER_ORIENTATIONS = ['portrait', 'landscape'] as const;
export type FlyerOrientation = (typeof FLYER_ORIENTATIONS)[number];

export const FLYER_PAPER_TYPES = [
  'match',
  'letter',
  'square',
  'match-landscape',
  'letter-landscape',
  'square-landscape',
  'header-landscape',
] as const;
export type FlyerPaperType = (typeof FLYER_PAPER_TYPES)[number];

export const FLYER_PAPERS: Record<FlyerPaperType, { label: string; orientation: FlyerOrientation; width: number; height: number }> = {
  match: { label: 'Match 9:16 (1024×1792)', orientation: 'portrait', width: 1024, height: 1792 },
  letter: { label: 'Letter (1024×1325)', orientation: 'portrait', width: 1024, height: 1325 },
  square: { label: 'Square (1792×1792)', orientation: 'portrait', width: 1792, height: 1792 },
  'match-landscape': { label: 'Match 16:9 (1792×1024)', orientation: 'landscape', width: 1792, height: 1024 },
  'letter-landscape': { label: 'Letter (1325×1024)', orientation: 'landscape', width: 1325, height: 1024 },
  'square-landscape': { label: 'Square (1792×1792)', orientation: 'landscape', width: 1792, height: 1792 },
  'header-landscape': { label: 'Header (1125×600)', orientation: 'landscape', width: 1125, height: 600 },
};

/** Spec 02 §5: choosing an orientation resets the paper type to match or match-landscape. */
export const DEFAULT_PAPER_OF: Record<FlyerOrientation, FlyerPaperType> = { portrait: 'match', landscape: 'match-landscape' };

export const paperTypesOf = (orientation: FlyerOrientation): FlyerPaperType[] =>
  FLYER_PAPER_TYPES.filter((type) => FLYER_PAPERS[type].orientation === orientation);

export const FLYER_STYLE_TAGS = [
  'Muted',
  'Classy',
  '2D Art',
  'Vibrant',
  'Minimalist',
  'Abstract',
  'Realistic',
  'Fantasy',
  'Sci-Fi',
  'Retro',
  'Futuristic',
  'Grunge',
  'Cartoon',
  '3D Art',
  'Nature',
  'Urban',
  'Pop Art',
] as const;

export const FLYER_FONT_SIZES = [14, 16, 18, 20, 22, 24, 26, 28, 30, 35, 40, 45, 50, 55, 60, 65, 72, 84, 96] as const;
export const FLYER_ALIGNMENTS = ['left', 'center', 'right', 'justify'] as const;
export type FlyerAlignment = (typeof FLYER_ALIGNMENTS)[number];
export const FLYER_CASES = ['none', 'lowercase', 'uppercase', 'capitalize'] as const;
export type FlyerCase = (typeof FLYER_CASES)[number];
export const FLYER_FONTS: readonly DesignFontFamily[] = DESIGN_FONT_FAMILIES;

/** Spec 02 §5 ranges of the style controls. */
export const FLYER_LIMITS = {
  tintOpacity: { min: 0, max: 0.75, step: 0.05 },
  cornerRadius: { min: 1, max: 20 },
  boxShadowDistance: { min: -30, max: 30 },
  boxShadowBlur: { min: 0, max: 30 },
  textShadowDistance: { min: -10, max: 10 },
  textShadowBlur: { min: 0, max: 20 },
  positionStep: 5,
  /** Element boxes: at least 10 px, at most the largest paper side. */
  boxSide: { min: 10, max: 1792 },
  elements: 20,
  text: 2000,
  label: 60,
  title: 120,
  customTags: 30,
  tag: 30,
  prompt: 1000,
} as const;

export const FLYER_DEFAULTS = {
  margin: 30,
  offset: 50,
  tint: { whiteBlack: 'black' as const, opacity: 0.25 },
  historyShown: 12,
  spacing: 50,
  spacingStart: 100,
  /** Spec 02 §5: after an AI generation elements are spaced 30 apart from 10 at the top. */
  generatedSpacing: 30,
  generatedStart: 10,
  qrSide: 100,
  qrOffset: 120,
} as const;

export const FLYER_AI = { model: 'dall-e-3', portrait: '1024x1792', landscape: '1792x1024', quality: 'hd' } as const;

export const FLYER_TEXTS = {
  tagExists: 'Tag already exists.',
  needImage: 'Please generate an image or select one from history first.',
  generationWait: 'Image generation may take up to a minute.',
  /** A remote manager's designer: images come from the event or the history (the job-status page is the community's staff's). */
  loadEventTitle: 'Load Event Layout',
  loadEventText: 'Do you want to load text from the event? Any previous element changes will be lost.',
  deleteTitle: 'Delete Flyer',
  deleteText: 'Are you sure you want to permanently delete this flyer from history?',
  newText: 'New text element',
} as const;

// ── The flyer (spec 02 §3) ──

export interface FlyerShadow {
  enable: boolean;
  distance: number;
  blur: number;
  color: string;
}

export interface FlyerTextStyle {
  family: DesignFontFamily;
  size: number;
  color: string;
  transform: FlyerCase;
  align: FlyerAlignment;
  italic: boolean;
  bold: boolean;
  shadow: FlyerShadow;
}

/** The box behind an element: a fill colour (#RRGGBBAA, transparent by default), rounded corners, a shadow. */
export interface FlyerBoxStyle {
  color: string;
  corners: boolean;
  cornerRadius: number;
  shadow: FlyerShadow;
}

/** Position: left and top in percent of the paper, width and height in paper pixels. */
export interface FlyerPosition {
  x: number;
  y: number;
  width: number;
  height: number;
}

interface FlyerElementBase {
  /** A stable id within the flyer (revert finds the saved element by it). */
  id: string;
  label: string;
  visible: boolean;
  position: FlyerPosition;
  box: FlyerBoxStyle;
}

export interface FlyerTextElement extends FlyerElementBase {
  type: 'text';
  text: string;
  style: FlyerTextStyle;
}

export interface FlyerImageElement extends FlyerElementBase {
  type: 'image';
  src: string;
}

export type FlyerElement = FlyerTextElement | FlyerImageElement;

export interface FlyerPaper {
  type: FlyerPaperType;
  orientation: FlyerOrientation;
  width: number;
  height: number;
  /** Where the background image is cropped, in percent (50: centred). */
  offsetX: number;
  offsetY: number;
}

export interface Flyer {
  title: string;
  /** The background image's address ('' when none is chosen yet). */
  image: string;
  imageType: 'existing' | 'generate';
  /** The history entry the image is (flyers/generated/{key}); '' when none. */
  key: string;
  tags: string[];
  tint: { whiteBlack: 'white' | 'black'; opacity: number };
  margins: { width: number; height: number };
  paper: FlyerPaper;
  elements: FlyerElement[];
}

export function paperOf(type: FlyerPaperType, offsets: { offsetX: number; offsetY: number } = { offsetX: 50, offsetY: 50 }): FlyerPaper {
  const paper = FLYER_PAPERS[type];
  return { type, orientation: paper.orientation, width: paper.width, height: paper.height, ...offsets };
}

export const NO_SHADOW: FlyerShadow = { enable: false, distance: 2, blur: 3, color: '#000000CC' };
export const EVENT_TEXT_SHADOW: FlyerShadow = { enable: true, distance: 2, blur: 3, color: '#000000CC' };
export const DEFAULT_BOX: FlyerBoxStyle = { color: '#00000000', corners: false, cornerRadius: 10, shadow: { ...NO_SHADOW } };

export function emptyFlyer(type: FlyerPaperType = 'match'): Flyer {
  return {
    title: '',
    image: '',
    imageType: 'generate',
    key: '',
    tags: [],
    tint: { ...FLYER_DEFAULTS.tint },
    margins: { width: 0, height: 0 },
    paper: paperOf(type),
    elements: [],
  };
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const percentOf = (pixels: number, side: number) => round1((pixels / side) * 100);

/** Spec 02 §9: a new text element ("New text element", Verdana 24, white, uppercase, centred, 450×100), in the middle of the paper. */
export function newTextElement(paper: FlyerPaper, id: string): FlyerTextElement {
  return {
    id,
    type: 'text',
    label: 'Text',
    visible: true,
    text: FLYER_TEXTS.newText,
    position: {
      x: percentOf((paper.width - 450) / 2, paper.width),
      y: percentOf((paper.height - 100) / 2, paper.height),
      width: 450,
      height: 100,
    },
    style: {
      family: 'Verdana',
      size: 24,
      color: '#FFFFFF',
      transform: 'uppercase',
      align: 'center',
      italic: false,
      bold: false,
      shadow: { ...NO_SHADOW },
    },
    box: { ...DEFAULT_BOX, shadow: { ...DEFAULT_BOX.shadow } },
  };
}

// ── The event layout (spec 02 §9) ──

/** What the flyer takes from an event (spec 02 §3 "event item used by the flyer"). */
export interface FlyerEvent {
  title: string;
  description: string;
  startDate: number;
  endDate: number;
  allDay: boolean;
  location: string;
}

/** Spec 02 §9: the description has HTML stripped and its line breaks become blank lines. */
export function plainDescription(html: string): string {
  return stripMarkup(html.replace(/<\s*br\s*\/?>/gi, '\n').replace(/<\/\s*(p|div|li|h[1-6])\s*>/gi, '\n'))
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n\n');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** Spec 02 §5: text edited in place has markup and entities stripped. */
export function stripMarkup(text: string): string {
  return text.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#')) return '';
    return ENTITIES[name.toLowerCase()] ?? '';
  });
}

/** Spec 02 §9: en-US month and day, 12-hour time, in the community's zone; 'All Day' for an all-day event. */
export function eventDateTexts(event: FlyerEvent, timeZone: string): { date: string; time: string } {
  const day = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', timeZone: event.allDay ? 'UTC' : timeZone });
  const hour = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', hour12: true, timeZone });
  const start = day.format(event.startDate);
  const lastDay = event.allDay ? Math.max(event.startDate, event.endDate - 1) : event.endDate;
  const end = event.endDate > 0 ? day.format(lastDay) : start;
  const date = end === start ? start : `${start} - ${end}`;
  const time = event.allDay
    ? 'All Day'
    : event.endDate > event.startDate
      ? `${hour.format(event.startDate)} - ${hour.format(event.endDate)}`
      : hour.format(event.startDate);
  return { date, time };
}

const eventStyle = (size: number): FlyerTextStyle => ({
  family: 'Verdana',
  size,
  color: '#FFFFFF',
  transform: 'none',
  align: 'center',
  italic: false,
  bold: true,
  shadow: { ...EVENT_TEXT_SHADOW },
});

/**
 * Spec 02 §9: the event's elements — Title (30), Description (24, hidden), Date, Time, Location
 * (30), Verdana bold with a shadow (2, blur 3, #000000CC), 80 % of the paper wide, spaced 50
 * apart from 100 at the top; the QR code 100×100, 120 from the bottom-right corner.
 */
export function eventLayout(event: FlyerEvent, timeZone: string, paper: FlyerPaper, qr: string | null): FlyerElement[] {
  const { date, time } = eventDateTexts(event, timeZone);
  const texts: Array<{ id: string; label: string; text: string; size: number; height: number; visible: boolean }> = [
    { id: 'title', label: 'Title', text: event.title, size: 30, height: 90, visible: true },
    { id: 'description', label: 'Description', text: plainDescription(event.description), size: 24, height: 240, visible: false },
    { id: 'date', label: 'Date', text: date, size: 30, height: 50, visible: true },
    { id: 'time', label: 'Time', text: time, size: 30, height: 50, visible: true },
    { id: 'location', label: 'Location', text: event.location, size: 30, height: 50, visible: true },
  ];
  const width = Math.round(paper.width * 0.8);
  let top: number = FLYER_DEFAULTS.spacingStart;
  const elements: FlyerElement[] = texts.map((text) => {
    const element: FlyerTextElement = {
      id: text.id,
      type: 'text',
      label: text.label,
      visible: text.visible,
      text: text.text,
      position: { x: 10, y: percentOf(top, paper.height), width, height: text.height },
      style: eventStyle(text.size),
      box: { ...DEFAULT_BOX, shadow: { ...DEFAULT_BOX.shadow } },
    };
    if (text.visible) top += text.height + FLYER_DEFAULTS.spacing;
    return element;
  });
  if (qr) {
    const side = FLYER_DEFAULTS.qrSide;
    elements.push({
      id: 'qr',
      type: 'image',
      label: 'QR Code',
      visible: true,
      src: qr,
      position: {
        x: percentOf(paper.width - FLYER_DEFAULTS.qrOffset - side, paper.width),
        y: percentOf(paper.height - FLYER_DEFAULTS.qrOffset - side, paper.height),
        width: side,
        height: side,
      },
      box: { ...DEFAULT_BOX, color: '#FFFFFFFF', shadow: { ...DEFAULT_BOX.shadow } },
    });
  }
  return elements;
}

/**
 * Space evenly (spec 02 "Flyer designer"): the visible elements, top to bottom, keep the first's
 * top and the last's bottom, with equal gaps between them.
 */
export function spaceEvenly(elements: FlyerElement[], paper: FlyerPaper, start?: { top: number; gap: number }): FlyerElement[] {
  const visible = elements.filter((element) => element.visible).sort((a, b) => a.position.y - b.position.y);
  if (visible.length < 2 && !start) return elements;
  const topOf = (element: FlyerElement) => (element.position.y / 100) * paper.height;
  const first = visible[0];
  const last = visible.at(-1);
  if (!first || !last) return elements;
  const heights = visible.reduce((sum, element) => sum + element.position.height, 0);
  const top = start ? start.top : topOf(first);
  const gap = start ? start.gap : (topOf(last) + last.position.height - top - heights) / (visible.length - 1);
  const tops = new Map<string, number>();
  let at = top;
  for (const element of visible) {
    tops.set(element.id, at);
    at += element.position.height + gap;
  }
  return elements.map((element) => {
    const placed = tops.get(element.id);
    return placed === undefined ? element : { ...element, position: { ...element.position, y: percentOf(placed, paper.height) } };
  });
}

// ── Drawing ──

export function applyCase(text: string, transform: FlyerCase): string {
  switch (transform) {
    case 'uppercase':
      return text.toUpperCase();
    case 'lowercase':
      return text.toLowerCase();
    case 'capitalize':
      return text.replace(/(^|\s)(\S)/g, (_whole, space: string, first: string) => `${space}${first.toUpperCase()}`);
    default:
      return text;
  }
}

const shadowOf = (shadow: FlyerShadow): DesignShadow | undefined =>
  shadow.enable ? { distance: shadow.distance, blur: shadow.blur, color: shadow.color } : undefined;

const TEXT_PADDING = 10;
const LINE_HEIGHT = 1.25;

/** The flyer's full size: the paper with its margins on every side (spec 02 §9). */
export const flyerSize = (flyer: Pick<Flyer, 'paper' | 'margins'>) => ({
  width: flyer.paper.width + 2 * flyer.margins.width,
  height: flyer.paper.height + 2 * flyer.margins.height,
});

/** A box's left and top in design pixels (margins included). */
export function elementBox(flyer: Pick<Flyer, 'paper' | 'margins'>, element: FlyerElement) {
  return {
    x: flyer.margins.width + (element.position.x / 100) * flyer.paper.width,
    y: flyer.margins.height + (element.position.y / 100) * flyer.paper.height,
    width: element.position.width,
    height: element.position.height,
  };
}

/**
 * The flyer as a design: white margins, the background image cropped to the paper at its
 * offsets, the tint, then each visible element (its box, then its text or image).
 * `backgroundOnly` leaves the elements out (Download background).
 */
export function flyerDesign(flyer: Flyer, options: { backgroundOnly?: boolean } = {}): Design {
  const { width, height } = flyerSize(flyer);
  const paper = { x: flyer.margins.width, y: flyer.margins.height, width: flyer.paper.width, height: flyer.paper.height };
  const elements: DesignElement[] = [{ type: 'rect', ...paper, fill: '#1f2933' }];
  if (flyer.image)
    elements.push({
      type: 'image',
      src: flyer.image,
      ...paper,
      fit: 'cover',
      focusX: flyer.paper.offsetX / 100,
      focusY: flyer.paper.offsetY / 100,
    });
  if (flyer.tint.opacity > 0) {
    const alpha = Math.round(Math.min(1, Math.max(0, flyer.tint.opacity)) * 255)
      .toString(16)
      .padStart(2, '0');
    elements.push({ type: 'rect', ...paper, fill: `${flyer.tint.whiteBlack === 'white' ? '#FFFFFF' : '#000000'}${alpha}` });
  }
  if (!options.backgroundOnly) {
    for (const element of flyer.elements) {
      if (!element.visible) continue;
      const box = elementBox(flyer, element);
      if (!/^#[0-9a-f]{6}00$/i.test(element.box.color) || element.box.shadow.enable)
        elements.push({
          type: 'rect',
          ...box,
          fill: element.box.color,
          ...(element.box.corners ? { radius: element.box.cornerRadius } : {}),
          ...(element.box.shadow.enable ? { shadow: shadowOf(element.box.shadow) } : {}),
        });
      if (element.type === 'image') {
        if (element.src) elements.push({ type: 'image', src: element.src, ...box, fit: 'contain' });
        continue;
      }
      const { style } = element;
      const shadow = shadowOf(style.shadow);
      elements.push({
        type: 'text',
        text: applyCase(element.text, style.transform),
        x: box.x + TEXT_PADDING,
        y: box.y + TEXT_PADDING,
        maxWidth: Math.max(1, box.width - 2 * TEXT_PADDING),
        maxLines: 60,
        height: Math.max(0, box.height - 2 * TEXT_PADDING),
        valign: 'middle',
        font: style.family,
        size: style.size,
        weight: style.bold ? 'bold' : 'normal',
        italic: style.italic,
        color: style.color,
        align: style.align,
        lineHeight: LINE_HEIGHT,
        ...(shadow ? { shadow } : {}),
      });
    }
  }
  return { width, height, background: '#FFFFFF', elements };
}

/** Spec 02 §9: the download's name. */
export const flyerFileName = (title: string, extension = 'png') =>
  `${(title.trim() || 'Untitled').replace(/[\\/:*?"<>|]+/g, ' ')} flyer.${extension}`;

/** Fuzzy history search (spec 02 §5: only for a title longer than one character): every character of the query, in order. */
export function fuzzyMatches(title: string, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (needle.length <= 1) return true;
  const hay = title.toLowerCase();
  let at = 0;
  for (const character of needle) {
    if (character === ' ') continue;
    at = hay.indexOf(character, at);
    if (at < 0) return false;
    at += 1;
  }
  return true;
}
