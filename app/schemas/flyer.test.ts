import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import { emptyFlyer, eventLayout, newTextElement, type Flyer } from '~/lib/design';
import { FlyerSchema, addressWithLayout, flyerFormAsTyped, flyerFromForm, flyerWithLayout, formFromFlyer } from './flyer';

function formDataOf(flyer: Flyer, override: Record<string, string> = {}): FormData {
  const fd = new FormData();
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (typeof value === 'boolean') {
      if (value) fd.append(name, 'on');
      return;
    }
    if (Array.isArray(value)) value.forEach((item, index) => add(`${name}[${index}]`, item));
    else if (typeof value === 'object') for (const [key, inner] of Object.entries(value)) add(`${name}.${key}`, inner);
    else fd.append(name, String(value));
  };
  for (const [key, value] of Object.entries(formFromFlyer(flyer))) add(key, value);
  for (const [key, value] of Object.entries(override)) fd.set(key, value);
  return fd;
}

const sample = () => {
  const flyer = emptyFlyer();
  flyer.title = 'Pancakes';
  flyer.elements = eventLayout(
    { title: 'T', description: '', startDate: 1, endDate: 2, allDay: false, location: '' },
    'UTC',
    flyer.paper,
    'data:image/png;base64,AAAA',
  );
  flyer.elements.push(newTextElement(flyer.paper, 'n1'));
  return flyer;
};

describe('FlyerSchema', () => {
  it('round-trips a flyer through its form', () => {
    const flyer = sample();
    const parsed = parseWithZod(formDataOf(flyer), { schema: FlyerSchema });
    expect(parsed.status).toBe('success');
    if (parsed.status === 'success') expect(flyerFromForm(parsed.value)).toEqual(flyer);
  });

  it('refuses values outside the spec ranges', () => {
    const bad = {
      'tint.opacity': '0.8',
      'elements[6].box.cornerRadius': '21',
      'elements[6].box.shadow.distance': '-31',
      'elements[6].style.shadow.blur': '21',
      'elements[6].style.size': '23',
    };
    const parsed = parseWithZod(formDataOf(sample(), bad), { schema: FlyerSchema });
    expect(parsed.status).toBe('error');
    expect(Object.keys(parsed.reply().error ?? {}).sort()).toEqual(Object.keys(bad).sort());
  });

  it('resets the paper to the orientation’s default when they disagree', () => {
    const parsed = parseWithZod(formDataOf(sample(), { 'paper.orientation': 'landscape' }), { schema: FlyerSchema });
    if (parsed.status !== 'success') throw new Error('not parsed');
    expect(flyerFromForm(parsed.value).paper).toMatchObject({ type: 'match-landscape', width: 1792, height: 1024 });
  });

  it('refuses element images other than PNG data addresses', () => {
    const parsed = parseWithZod(formDataOf(sample(), { 'elements[5].src': 'https://elsewhere.example/x.png' }), { schema: FlyerSchema });
    expect(parsed.status).toBe('error');
  });
});

describe('a refused post as the form shows it again (flyerFormAsTyped)', () => {
  it('keeps every accepted field as posted, and gives back what was typed into the refused ones', () => {
    const stored = sample();
    const fallback = formFromFlyer(stored);
    // Typed: a new title, a moved element, and two values out of range (one in an element the page did not have yet).
    const posted = sample();
    posted.title = 'Pancakes at noon';
    posted.elements[0]!.position.x = 20;
    posted.elements.push(newTextElement(posted.paper, 'added'));
    const bad = { 'tint.opacity': '0.8', 'elements[7].box.cornerRadius': '25', 'elements[0].box.shadow.color': 'red' };
    const parsed = parseWithZod(formDataOf(posted, bad), { schema: FlyerSchema });
    if (parsed.status !== 'error') throw new Error('not refused');

    const { form, typed } = flyerFormAsTyped(parsed.payload, fallback);
    expect(typed).toEqual(bad);
    // A whole flyer the schema accepts, to draw.
    expect(FlyerSchema.safeParse(form).success).toBe(true);
    expect(form.title).toBe('Pancakes at noon');
    expect(form.elements.map((element) => element.id)).toEqual(posted.elements.map((element) => element.id));
    expect(form.elements[0]!.position.x).toBe(20);
    // Refused fields hold the value shown before (an element new to the page: a new element's).
    expect(form.tint.opacity).toBe(fallback.tint.opacity);
    expect(form.elements[0]!.box.shadow.color).toBe(fallback.elements[0]!.box.shadow.color);
    expect(form.elements[7]!.box.cornerRadius).toBe(newTextElement(posted.paper, 'x').box.cornerRadius);
  });

  it('answers the fallback for a payload that is not a form at all', () => {
    const fallback = formFromFlyer(sample());
    expect(flyerFormAsTyped('nonsense', fallback).form.elements).toEqual([]);
    expect(flyerFormAsTyped(null, fallback).typed).toEqual({});
  });
});

describe('the layout a designer address carries back from an image generation', () => {
  it('round-trips the tint, margins, paper type and offsets, keeping the address’s own query and dropping use', () => {
    const flyer = emptyFlyer('letter');
    flyer.tint = { whiteBlack: 'white', opacity: 0.45 };
    flyer.margins = { width: 0, height: 0 };
    flyer.paper = { ...flyer.paper, offsetX: 20, offsetY: 75 };
    const address = addressWithLayout('/create-flyer/event?event=cal%2Fev&use=old&tint.opacity=0.1', flyer);
    const params = new URL(address, 'http://localhost').searchParams;
    expect(params.get('event')).toBe('cal/ev');
    expect(params.has('use')).toBe(false);
    expect(params.getAll('tint.opacity')).toEqual(['0.45']);
    const back = flyerWithLayout(emptyFlyer(), params);
    expect(back.tint).toEqual(flyer.tint);
    expect(back.margins).toEqual(flyer.margins);
    expect(back.paper).toEqual(flyer.paper);
  });

  it('leaves the flyer as it is for an address without a layout or with a bad one', () => {
    const flyer = emptyFlyer();
    expect(flyerWithLayout(flyer, new URLSearchParams('event=a/b'))).toBe(flyer);
    const bad = new URLSearchParams('paper.type=letter&paper.offsetX=500&paper.offsetY=50&tint.whiteBlack=black&tint.opacity=0.2');
    expect(flyerWithLayout(flyer, bad)).toBe(flyer);
  });

  it('keeps the flyer’s orientation when the carried paper type is of the other one', () => {
    const flyer = emptyFlyer();
    const params = new URLSearchParams(
      'paper.type=letter-landscape&paper.offsetX=10&paper.offsetY=90&tint.whiteBlack=black&tint.opacity=0.3&marginsOn=on',
    );
    const back = flyerWithLayout(flyer, params);
    expect(back.paper.orientation).toBe(flyer.paper.orientation);
    expect(back.paper.type).toBe(flyer.paper.type);
    expect([back.paper.offsetX, back.paper.offsetY]).toEqual([10, 90]);
  });
});
