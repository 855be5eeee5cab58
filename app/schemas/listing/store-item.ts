import { z } from 'zod';
import { TITLE_REQUIRED, checkbox, requiredText, richText, titleList } from './shared';

/**
 * A store item (spec 02 §3 orders: storeItemKey, storeItemTitle, primaryOptionTitle,
 * secondaryOptionTitle): title, rich description, price, active, and the two lists of option
 * titles a guest picks from when ordering.
 */

export const PRICE_REQUIRED = 'Price is required.';
export const INVALID_PRICE = 'Enter a price of 0 or more, such as 8.50.';
/** The highest price a store item takes. */
export const MAX_PRICE = 100_000;

/** A typed amount ('8', '8.50', '$1,200.00') in currency units with at most two decimals. */
export function parseMoney(value: string): number | null {
  const text = value
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (!/^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(text)) return null;
  const amount = Number(text);
  return Number.isFinite(amount) && amount <= MAX_PRICE ? amount : null;
}

/** A money amount typed as text: required, 0 or more, stored as a number. */
export const money = () =>
  z
    .string({ required_error: PRICE_REQUIRED, invalid_type_error: PRICE_REQUIRED })
    .trim()
    .min(1, PRICE_REQUIRED)
    .max(20, INVALID_PRICE)
    .refine((value) => parseMoney(value) !== null, INVALID_PRICE)
    .transform((value) => parseMoney(value) ?? 0);

export const StoreItemSchema = z.object({
  title: requiredText(TITLE_REQUIRED, 200),
  htmlDescription: richText(),
  price: money(),
  active: checkbox(),
  primaryOptions: titleList(),
  secondaryOptions: titleList(),
});

export type StoreItemForm = z.input<typeof StoreItemSchema>;
