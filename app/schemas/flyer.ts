import { z } from 'zod';
import {
  DEFAULT_PAPER_OF,
  FLYER_ALIGNMENTS,
  FLYER_CASES,
  FLYER_DEFAULTS,
  FLYER_FONT_SIZES,
  FLYER_LIMITS,
  FLYER_PAPERS,
  FLYER_PAPER_TYPES,
  FLYER_STYLE_TAGS,
  DESIGN_FONT_FAMILIES,
  type Flyer,
  newTextElement,
  paperOf,
  type FlyerElement,
} from '~/lib/design';
import { intent, intents } from '~/lib/intent';

/**
 * The flyer designer's form (spec 02 "Flyer designer", §3, §5): the whole flyer as the editor
 * holds it, posted with every button so nothing typed is lost without JavaScript; the same
 * schema checks the browser's live canvas and the server's PNG and PDF. Element arrays have a
 * maximum, every number its spec range.
 */

const checkbox = z.preprocess((value) => value === 'on' || value === 'true' || value === true, z.boolean());
const num = (min: number, max: number, label: string) =>
  z.coerce
    .number({ invalid_type_error: `${label} is a number from ${min} to ${max}.` })
    .min(min, `${label} is a number from ${min} to ${max}.`)
    .max(max, `${label} is a number from ${min} to ${max}.`);
const text = (max: number) => z.string().max(max, `At most ${max} characters.`).default('');
/** #RRGGBB or #RRGGBBAA. */
const color = z.string().regex(/^#[0-9a-fA-F]{6}([0-9a-fA-F]{2})?$/, 'A colour is # and six (or eight) hexadecimal digits.');
/** Images an element draws: the QR code's PNG, as a data address of at most 200 kB. */
const elementSrc = z
  .string()
  .max(200_000, 'The image is too large.')
  .refine((value) => value === '' || /^data:image\/png;base64,[A-Za-z0-9+/=]+$/.test(value), 'An element image is a PNG data address.')
  .default('');
const key = z
  .string()
  .max(40)
  .regex(/^[A-Za-z0-9_-]*$/, 'Not a valid key.')
  .default('');

const ShadowSchema = (distance: { min: number; max: number }, blur: { min: number; max: number }) =>
  z.object({
    enable: checkbox,
    distance: num(distance.min, distance.max, 'Shadow distance'),
    blur: num(blur.min, blur.max, 'Shadow blur'),
    color,
  });

const PositionSchema = z.object({
  x: num(0, 100, 'Left'),
  y: num(0, 100, 'Top'),
  width: num(FLYER_LIMITS.boxSide.min, FLYER_LIMITS.boxSide.max, 'Width'),
  height: num(FLYER_LIMITS.boxSide.min, FLYER_LIMITS.boxSide.max, 'Height'),
});

const BoxSchema = z.object({
  color,
  corners: checkbox,
  cornerRadius: num(FLYER_LIMITS.cornerRadius.min, FLYER_LIMITS.cornerRadius.max, 'Corner radius'),
  shadow: ShadowSchema(FLYER_LIMITS.boxShadowDistance, FLYER_LIMITS.boxShadowBlur),
});

const TextStyleSchema = z.object({
  family: z.enum(DESIGN_FONT_FAMILIES),
  size: z.coerce.number().refine((size) => (FLYER_FONT_SIZES as readonly number[]).includes(size), 'Choose a size of the list.'),
  color,
  transform: z.enum(FLYER_CASES),
  align: z.enum(FLYER_ALIGNMENTS),
  italic: checkbox,
  bold: checkbox,
  shadow: ShadowSchema(FLYER_LIMITS.textShadowDistance, FLYER_LIMITS.textShadowBlur),
});

export const FlyerElementSchema = z.object({
  id: key.refine((value) => value !== '', 'Not a valid key.'),
  type: z.enum(['text', 'image']),
  label: text(FLYER_LIMITS.label),
  visible: checkbox,
  text: text(FLYER_LIMITS.text),
  src: elementSrc,
  position: PositionSchema,
  style: TextStyleSchema.optional(),
  box: BoxSchema,
});

export const FlyerSchema = z.object({
  title: text(FLYER_LIMITS.title),
  image: z.string().max(2000).default(''),
  imageType: z.enum(['existing', 'generate']).default('generate'),
  key,
  tags: z
    .array(z.string().max(FLYER_LIMITS.tag))
    .max(FLYER_STYLE_TAGS.length + FLYER_LIMITS.customTags)
    .default([]),
  tint: z.object({
    whiteBlack: z.enum(['white', 'black']),
    opacity: num(FLYER_LIMITS.tintOpacity.min, FLYER_LIMITS.tintOpacity.max, 'Tint'),
  }),
  marginsOn: checkbox,
  paper: z.object({
    orientation: z.enum(['portrait', 'landscape']),
    type: z.enum(FLYER_PAPER_TYPES),
    offsetX: num(0, 100, 'Horizontal offset'),
    offsetY: num(0, 100, 'Vertical offset'),
  }),
  elements: z.array(FlyerElementSchema).max(FLYER_LIMITS.elements, `A flyer has at most ${FLYER_LIMITS.elements} elements.`).default([]),
  /** The name box of a new custom tag. */
  customTag: text(FLYER_LIMITS.tag),
  /** The AI prompt (what the background shows). */
  prompt: text(FLYER_LIMITS.prompt),
  /** The history filter. */
  historyQuery: text(FLYER_LIMITS.title),
});

export type FlyerFormValue = z.infer<typeof FlyerSchema>;

/** The flyer's elements a form's elements describe (a text element without a style gets the default one). */
export function elementsFromForm(elements: FlyerFormValue['elements']): FlyerElement[] {
  return elements.map((element): FlyerElement => {
    const base = { id: element.id, label: element.label, visible: element.visible, position: element.position, box: element.box };
    if (element.type === 'image') return { ...base, type: 'image', src: element.src };
    const style = element.style ?? {
      family: 'Verdana' as const,
      size: 24,
      color: '#FFFFFF',
      transform: 'none' as const,
      align: 'center' as const,
      italic: false,
      bold: false,
      shadow: { enable: false, distance: 2, blur: 3, color: '#000000CC' },
    };
    return { ...base, type: 'text', text: element.text, style };
  });
}

/** The flyer a parsed form describes: the paper of its type (reset to the orientation's default when they disagree). */
export function flyerFromForm(value: FlyerFormValue): Flyer {
  const type =
    FLYER_PAPERS[value.paper.type].orientation === value.paper.orientation ? value.paper.type : DEFAULT_PAPER_OF[value.paper.orientation];
  const paper = FLYER_PAPERS[type];
  const elements = elementsFromForm(value.elements);
  return {
    title: value.title.trim(),
    image: value.image,
    imageType: value.imageType,
    key: value.key,
    tags: [...new Set(value.tags)],
    tint: { whiteBlack: value.tint.whiteBlack, opacity: Math.round(value.tint.opacity * 20) / 20 },
    margins: value.marginsOn ? { width: FLYER_DEFAULTS.margin, height: FLYER_DEFAULTS.margin } : { width: 0, height: 0 },
    paper: {
      type,
      orientation: paper.orientation,
      width: paper.width,
      height: paper.height,
      offsetX: value.paper.offsetX,
      offsetY: value.paper.offsetY,
    },
    elements,
  };
}

/** The form's value of a flyer (what the page's fields start from). */
export function formFromFlyer(flyer: Flyer, extra: { customTag?: string; prompt?: string; historyQuery?: string } = {}): FlyerFormValue {
  return {
    title: flyer.title,
    image: flyer.image,
    imageType: flyer.imageType,
    key: flyer.key,
    tags: flyer.tags,
    tint: flyer.tint,
    marginsOn: flyer.margins.width > 0,
    paper: { orientation: flyer.paper.orientation, type: flyer.paper.type, offsetX: flyer.paper.offsetX, offsetY: flyer.paper.offsetY },
    elements: flyer.elements.map((element) => ({
      id: element.id,
      type: element.type,
      label: element.label,
      visible: element.visible,
      text: element.type === 'text' ? element.text : '',
      src: element.type === 'image' ? element.src : '',
      position: element.position,
      style: element.type === 'text' ? element.style : undefined,
      box: element.box,
    })),
    customTag: extra.customTag ?? '',
    prompt: extra.prompt ?? '',
    historyQuery: extra.historyQuery ?? '',
  };
}

const argument = z.object({ argument: z.string().max(40) });

/** The layout fields a designer address carries back from an image generation (the elements ride on the history entry). */
const LAYOUT_PARAMS = ['tint.whiteBlack', 'tint.opacity', 'marginsOn', 'paper.type', 'paper.offsetX', 'paper.offsetY'] as const;

const LayoutQuerySchema = FlyerSchema.pick({ tint: true, marginsOn: true }).extend({
  paper: z.object({ type: z.enum(FLYER_PAPER_TYPES), offsetX: num(0, 100, 'Horizontal offset'), offsetY: num(0, 100, 'Vertical offset') }),
});

/**
 * The designer address `address` with the flyer's tint, margins, paper type and offsets in its
 * query (replacing any there, and dropping `use` and `job`): Generate Image leads back to it, so the
 * designer comes back as it was, not with the page's defaults.
 */
export function addressWithLayout(address: string, flyer: Flyer): string {
  const [path = '', search = ''] = address.split('?', 2);
  const params = new URLSearchParams(search);
  for (const name of [...LAYOUT_PARAMS, 'use', 'job']) params.delete(name);
  params.set('tint.whiteBlack', flyer.tint.whiteBlack);
  params.set('tint.opacity', String(flyer.tint.opacity));
  if (flyer.margins.width > 0) params.set('marginsOn', 'on');
  params.set('paper.type', flyer.paper.type);
  params.set('paper.offsetX', String(flyer.paper.offsetX));
  params.set('paper.offsetY', String(flyer.paper.offsetY));
  return `${path}?${params.toString()}`;
}

/** The flyer with the layout an address carries (addressWithLayout); unchanged when the address carries none or a bad one. */
export function flyerWithLayout(flyer: Flyer, params: URLSearchParams): Flyer {
  if (!params.has('paper.type')) return flyer;
  const parsed = LayoutQuerySchema.safeParse({
    tint: { whiteBlack: params.get('tint.whiteBlack'), opacity: params.get('tint.opacity') },
    marginsOn: params.get('marginsOn') ?? undefined,
    paper: { type: params.get('paper.type'), offsetX: params.get('paper.offsetX'), offsetY: params.get('paper.offsetY') },
  });
  if (!parsed.success) return flyer;
  const { tint, marginsOn, paper } = parsed.data;
  const type = FLYER_PAPERS[paper.type].orientation === flyer.paper.orientation ? paper.type : flyer.paper.type;
  return {
    ...flyer,
    tint: { whiteBlack: tint.whiteBlack, opacity: Math.round(tint.opacity * 20) / 20 },
    margins: marginsOn ? { width: FLYER_DEFAULTS.margin, height: FLYER_DEFAULTS.margin } : { width: 0, height: 0 },
    paper: paperOf(type, { offsetX: paper.offsetX, offsetY: paper.offsetY }),
  };
}

/**
 * Update (the server's picture without JavaScript); tags; elements (add, remove, revert); the
 * event layout (confirmed); space evenly; history (use, delete confirmed); an event header image;
 * AI generation; the downloads (PNG of all or the background, the print PDF).
 */
export const FlyerIntent = intents(
  intent('update'),
  intent('add-tag'),
  intent('add-text'),
  intent('remove-element').extend(argument.shape),
  intent('revert-element').extend(argument.shape),
  intent('load-event'),
  intent('confirm-load-event'),
  intent('space-evenly'),
  intent('use-history').extend(argument.shape),
  intent('delete-history').extend(argument.shape),
  intent('confirm-delete-history').extend(argument.shape),
  intent('use-header').extend(argument.shape),
  intent('generate'),
  intent('download'),
  intent('download-background'),
  intent('print-pdf'),
);

export type FlyerIntentValue = z.infer<typeof FlyerIntent>;

/** The downloads' address answers only these. */
export const FlyerDownloadIntent = intents(intent('download'), intent('download-background'), intent('print-pdf'));

/** The schema a wrapper stands for (defaults, optionals, preprocessors and refinements peeled off). */
function inner(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodDefault) return inner(schema._def.innerType as z.ZodTypeAny);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return inner(schema.unwrap() as z.ZodTypeAny);
  if (schema instanceof z.ZodEffects) return inner(schema.innerType() as z.ZodTypeAny);
  return schema;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A refused post as the form shows it again (without JavaScript nothing typed is lost): every
 * field the schema accepts as posted, and each one it refuses with the value `fallback` has at the
 * same place (an element's by its id; an element the fallback lacks, a new element's), so the
 * result is a whole flyer to draw. What was typed into a refused field comes back in `typed`,
 * by field name, for the field to show with its message. Arrays and texts keep the schema's limits.
 */
export function flyerFormAsTyped(payload: unknown, fallback: FlyerFormValue): { form: FlyerFormValue; typed: Record<string, string> } {
  const typed: Record<string, string> = {};
  const posted = isRecord(payload) ? payload : {};
  const paper = flyerFromForm(fallback).paper;

  const walk = (schema: z.ZodTypeAny, value: unknown, base: unknown, name: string): unknown => {
    const shape = inner(schema);
    if (shape instanceof z.ZodObject && (isRecord(value) || value === undefined)) {
      const fields = shape.shape as Record<string, z.ZodTypeAny>;
      const baseObject = isRecord(base) ? base : {};
      // An optional object not posted (an image element's text style) stays absent.
      if (value === undefined && schema.safeParse(undefined).success && !isRecord(base)) return undefined;
      return Object.fromEntries(
        Object.entries(fields).map(([key, field]) => [
          key,
          walk(field, isRecord(value) ? value[key] : undefined, baseObject[key], name ? `${name}.${key}` : key),
        ]),
      );
    }
    if (shape instanceof z.ZodArray && name === 'elements') {
      const items = (Array.isArray(value) ? value : []).slice(0, FLYER_LIMITS.elements);
      const known = Array.isArray(base) ? (base as FlyerFormValue['elements']) : [];
      return items.map((item, index) => {
        const id = isRecord(item) && typeof item.id === 'string' ? item.id : '';
        const fallbackElement =
          known.find((element) => element.id === id) ??
          formFromFlyer({ ...flyerFromForm(fallback), elements: [newTextElement(paper, id || `t${index}`)] }).elements[0];
        return walk(shape.element as z.ZodTypeAny, item, fallbackElement, `${name}[${index}]`);
      });
    }
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    if (typeof value === 'string') typed[name] = value;
    return base ?? schema.safeParse(undefined).data;
  };

  const walked = walk(FlyerSchema, posted, fallback, '') as FlyerFormValue;
  const checked = FlyerSchema.safeParse(walked);
  return { form: checked.success ? checked.data : fallback, typed };
}
