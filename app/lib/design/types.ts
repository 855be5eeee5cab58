import type { DesignFontFamily, DesignFontWeight } from './fonts';

/**
 * A design: what the canvas editors (marketing asset, flyers) edit and the server renders, as
 * plain JSON. Coordinates are in the design's own pixels (a 900×900 marketing asset); a render
 * at 3× scales the context, never the design.
 */
export interface Design {
  width: number;
  height: number;
  /** The fill under everything (any CSS colour the canvas takes, #RRGGBBAA included). */
  background: string;
  elements: DesignElement[];
}

export interface RectElement {
  type: 'rect';
  x: number;
  y: number;
  width: number;
  height: number;
  fill?: string;
  stroke?: string;
  /** The stroke's width, drawn centred on the rectangle's edge. */
  lineWidth?: number;
  /** Rounded corners (the flyer's text boxes), in design pixels. */
  radius?: number;
  /** A drop shadow under the fill. */
  shadow?: DesignShadow;
}

/** A drop shadow: offset down and right by `distance` (negative: up and left), blurred by `blur`. */
export interface DesignShadow {
  distance: number;
  blur: number;
  color: string;
}

/**
 * An image placed in a box: `cover` fills the box and crops, `contain` fits inside it (aligned
 * by `align` and `valign`), `fill` stretches. `src` is resolved by the renderer's image loader.
 */
export interface ImageElement {
  type: 'image';
  src: string;
  x: number;
  y: number;
  width: number;
  height: number;
  fit: 'cover' | 'contain' | 'fill';
  align?: 'left' | 'center' | 'right';
  valign?: 'top' | 'middle' | 'bottom';
  /** For `cover`: which part of the image stays, 0 (left, top) to 1 (right, bottom); 0.5 centres. */
  focusX?: number;
  focusY?: number;
}

/**
 * Text wrapped at word boundaries to `maxWidth` (a word longer than the width is broken), at
 * most `maxLines` lines (the last ends with '…' when text is left over); `y` is the top of the
 * first line.
 */
export interface TextElement {
  type: 'text';
  text: string;
  x: number;
  y: number;
  maxWidth: number;
  maxLines: number;
  font: DesignFontFamily;
  size: number;
  weight: DesignFontWeight;
  color: string;
  /** `justify` spreads the words of every line but the last of a paragraph over the width. */
  align: 'left' | 'center' | 'right' | 'justify';
  /** Line height as a multiple of the size. */
  lineHeight: number;
  italic?: boolean;
  shadow?: DesignShadow;
  /** With `valign: 'middle'`, the lines are centred in this height below `y`. */
  height?: number;
  valign?: 'top' | 'middle';
}

export type DesignElement = RectElement | ImageElement | TextElement;

/** What a drawn image must tell: its natural size. */
export interface DesignImage {
  width: number;
  height: number;
}

/**
 * The part of a 2D canvas context a design draws with: the browser's
 * CanvasRenderingContext2D and @napi-rs/canvas's context both have it.
 */
export interface DesignContext<I extends DesignImage> {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  font: string;
  textAlign: string;
  textBaseline: string;
  shadowColor: string;
  shadowBlur: number;
  shadowOffsetX: number;
  shadowOffsetY: number;
  save(): void;
  restore(): void;
  scale(x: number, y: number): void;
  beginPath(): void;
  rect(x: number, y: number, width: number, height: number): void;
  moveTo(x: number, y: number): void;
  arcTo(x1: number, y1: number, x2: number, y2: number, radius: number): void;
  closePath(): void;
  fill(): void;
  clip(): void;
  fillRect(x: number, y: number, width: number, height: number): void;
  strokeRect(x: number, y: number, width: number, height: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  drawImage(image: I, sx: number, sy: number, sw: number, sh: number, dx: number, dy: number, dw: number, dh: number): void;
}
