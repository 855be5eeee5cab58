import { z } from 'zod';
import { MAX_POINTS_CHANGE, MAX_POINTS_NOTE_LENGTH, MAX_POINTS_PER_DOLLAR, POINTS_CHANGE_MODES, REWARDS_TEXTS } from '~/lib/rewards';

/**
 * The rewards forms (decision 045): a rewards user's points changed by staff (points added or
 * removed, or a new total, with a note), and the community's rewards config.
 */

export const PointsChangeSchema = z
  .object({
    mode: z.enum(POINTS_CHANGE_MODES).default('add'),
    points: z
      .number({ required_error: REWARDS_TEXTS.pointsRequired, invalid_type_error: REWARDS_TEXTS.pointsInvalid })
      .int(REWARDS_TEXTS.pointsInvalid)
      .min(-MAX_POINTS_CHANGE, REWARDS_TEXTS.pointsInvalid)
      .max(MAX_POINTS_CHANGE, REWARDS_TEXTS.pointsInvalid),
    note: z
      .string({ required_error: REWARDS_TEXTS.noteRequired })
      .trim()
      .min(1, REWARDS_TEXTS.noteRequired)
      .max(MAX_POINTS_NOTE_LENGTH, REWARDS_TEXTS.noteTooLong),
    /** The total the page showed. */
    was: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .superRefine((value, context) => {
    if (value.mode === 'add' && value.points === 0)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ['points'], message: REWARDS_TEXTS.pointsInvalid });
    if (value.mode === 'set' && value.points < 0)
      context.addIssue({ code: z.ZodIssueCode.custom, path: ['points'], message: REWARDS_TEXTS.totalInvalid });
  });

const perDollar = z
  .number({ required_error: REWARDS_TEXTS.perDollarInvalid, invalid_type_error: REWARDS_TEXTS.perDollarInvalid })
  .int(REWARDS_TEXTS.perDollarInvalid)
  .min(0, REWARDS_TEXTS.perDollarInvalid)
  .max(MAX_POINTS_PER_DOLLAR, REWARDS_TEXTS.perDollarInvalid);

export const RewardsConfigSchema = z.object({
  title: z.string().trim().max(100, REWARDS_TEXTS.programNameTooLong).optional(),
  storePointsPerDollar: perDollar,
  reservationPointsPerDollar: perDollar,
});

/** The labels of the rewards config's fields (the form and the conflict notice). */
export const REWARDS_CONFIG_LABELS = {
  title: 'Program name in the app',
  storePointsPerDollar: 'Points per dollar of a store purchase',
  reservationPointsPerDollar: 'Points per dollar of a reservation purchase',
} as const;
