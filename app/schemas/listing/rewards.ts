import { z } from 'zod';
import { TITLE_REQUIRED, requiredText, richText } from './shared';

/**
 * A rewards item, to earn or to redeem (spec 03 §9 default item shape "rewards item (title,
 * htmlDescription, description, points)"): the server sanitizes the HTML and derives the plain
 * `description`; points are a whole number.
 */

export const POINTS_REQUIRED = 'Points are required.';
export const INVALID_POINTS = 'Points must be a whole number from 0 to 1000000.';

export const RewardsItemSchema = z.object({
  title: requiredText(TITLE_REQUIRED, 200),
  htmlDescription: richText(),
  points: z
    .number({ required_error: POINTS_REQUIRED, invalid_type_error: INVALID_POINTS })
    .int(INVALID_POINTS)
    .min(0, INVALID_POINTS)
    .max(1_000_000, INVALID_POINTS),
});

export type RewardsItemForm = z.input<typeof RewardsItemSchema>;
