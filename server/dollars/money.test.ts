import { describe, expect, it } from 'vitest';
import { DOLLARS_TEXTS, formatCents, fromCents, MAX_NOTES_LENGTH, parseAmount, parseNotes, toCents } from './money';

describe('dollars amounts are integer cents on the server', () => {
  it('reads stored dollars as cents without floating-point drift', () => {
    expect(toCents(84)).toBe(8400);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(12.345)).toBe(1235);
    expect(toCents('7.5')).toBe(750);
    expect(toCents(null)).toBe(0);
    expect(toCents('abc')).toBe(0);
    expect(toCents(Number.NaN)).toBe(0);
  });

  it('writes cents back as dollars with two decimals at most', () => {
    expect(fromCents(1050)).toBe(10.5);
    expect(fromCents(1)).toBe(0.01);
    expect(toCents(fromCents(123456789))).toBe(123456789);
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('parses typed amounts exactly', () => {
    expect(parseAmount('12')).toEqual({ cents: 1200 });
    expect(parseAmount(' 12.5 ')).toEqual({ cents: 1250 });
    expect(parseAmount('$1,234.56')).toEqual({ cents: 123456 });
    expect(parseAmount('.07')).toEqual({ cents: 7 });
    expect(parseAmount('0.29')).toEqual({ cents: 29 });
    expect(parseAmount('100000')).toEqual({ cents: 10_000_000 });
  });

  it('refuses what is not a positive amount of at most $100,000', () => {
    expect(parseAmount('')).toEqual({ error: DOLLARS_TEXTS.amountRequired });
    expect(parseAmount('-5')).toEqual({ error: DOLLARS_TEXTS.amountInvalid });
    expect(parseAmount('1.234')).toEqual({ error: DOLLARS_TEXTS.amountInvalid });
    expect(parseAmount('1e3')).toEqual({ error: DOLLARS_TEXTS.amountInvalid });
    expect(parseAmount('0')).toEqual({ error: DOLLARS_TEXTS.amountTooSmall });
    expect(parseAmount('0.00')).toEqual({ error: DOLLARS_TEXTS.amountTooSmall });
    expect(parseAmount('100000.01')).toEqual({ error: DOLLARS_TEXTS.amountTooLarge });
    expect(parseAmount('9999999999')).toEqual({ error: DOLLARS_TEXTS.amountInvalid });
  });

  it('limits notes', () => {
    expect(parseNotes('  Lunch  ')).toEqual({ notes: 'Lunch' });
    expect(parseNotes('x'.repeat(MAX_NOTES_LENGTH))).toEqual({ notes: 'x'.repeat(MAX_NOTES_LENGTH) });
    expect(parseNotes('x'.repeat(MAX_NOTES_LENGTH + 1))).toEqual({ error: DOLLARS_TEXTS.notesTooLong });
  });

  it('formats cents for people', () => {
    expect(formatCents(123456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
  });
});
