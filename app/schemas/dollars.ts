import { z } from 'zod';
import { DOLLARS_TEXTS, MAX_NOTES_LENGTH, parseAmount } from '~/lib/dollars';

/**
 * Recording a transfer or a purchase between two dollars accounts (spec 03 §3 "Dollars record";
 * decision 041): the kind, the other account, the amount in dollars and cents, the notes.
 */

export const TRANSFER_KINDS = ['transfer', 'purchase'] as const;

export const DOLLARS_FORM_TEXTS = {
  kindRequired: 'Choose a kind.',
  toRequired: 'Choose the account that receives the dollars.',
} as const;

const Amount = z
  .string({ required_error: DOLLARS_TEXTS.amountRequired })
  .max(40, DOLLARS_TEXTS.amountInvalid)
  .superRefine((value, context) => {
    const parsed = parseAmount(value);
    if ('error' in parsed) context.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error });
  });
const Notes = z.string().max(MAX_NOTES_LENGTH, DOLLARS_TEXTS.notesTooLong).optional();

/** Dollars bought (at the desk) by the account: the amount and the notes. */
export const BoughtSchema = z.object({ amount: Amount, notes: Notes });

export const TransferSchema = z.object({
  kind: z.enum(TRANSFER_KINDS, { errorMap: () => ({ message: DOLLARS_FORM_TEXTS.kindRequired }) }),
  to: z
    .string({ required_error: DOLLARS_FORM_TEXTS.toRequired })
    .min(1, DOLLARS_FORM_TEXTS.toRequired)
    .max(800, DOLLARS_FORM_TEXTS.toRequired)
    .regex(/^[^.#$[\]/~]+~[^.#$[\]/~]+$/, DOLLARS_FORM_TEXTS.toRequired),
  amount: Amount,
  notes: Notes,
});

/** The product's dollars config (decision 045): Dollars enabled. */
export const DollarsConfigSchema = z.object({ enabled: z.boolean().optional() });

export const DOLLARS_CONFIG_LABELS = { enabled: 'Dollars enabled' } as const;
