import { z } from 'zod';
import { TITLE_REQUIRED, checkbox, requiredText, richText } from './shared';

/**
 * A time booking (spec 03 §9 lists "bookings" and the menu type "Time Booking"; the spec gives
 * no item shape). A small one: title, rich description, the length of one booking in minutes,
 * how many guests one time slot takes, and whether guests can book it now.
 */

export const DURATION_REQUIRED = 'Duration is required.';
export const INVALID_DURATION = 'Duration must be a whole number of minutes from 5 to 1440.';
export const INVALID_CAPACITY = 'Capacity must be a whole number from 1 to 10000.';
export const DEFAULT_BOOKING_MINUTES = 60;

export const BookingSchema = z.object({
  title: requiredText(TITLE_REQUIRED, 200),
  htmlDescription: richText(),
  duration: z
    .number({ required_error: DURATION_REQUIRED, invalid_type_error: INVALID_DURATION })
    .int(INVALID_DURATION)
    .min(5, INVALID_DURATION)
    .max(1440, INVALID_DURATION),
  capacity: z
    .number({ invalid_type_error: INVALID_CAPACITY })
    .int(INVALID_CAPACITY)
    .min(1, INVALID_CAPACITY)
    .max(10_000, INVALID_CAPACITY)
    .optional(),
  active: checkbox(),
});

export type BookingForm = z.input<typeof BookingSchema>;
