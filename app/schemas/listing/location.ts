import { z } from 'zod';
import { CoordinatesSchema } from './coordinates';
import { HoursSchema } from './hours';
import { TITLE_REQUIRED, optionalText, phone, requiredText, url } from './shared';

/**
 * A location of the community's locations list (spec 03 §3 "Location data": title, address,
 * city, state, zip, latitude, longitude, phone, website, hours …; §5 location and business
 * rules). The position is one fieldset (`coordinates`), the hours another (`hours`).
 */
export const LocationSchema = z.object({
  title: requiredText(TITLE_REQUIRED, 200),
  address: optionalText(200),
  city: optionalText(100),
  state: optionalText(100),
  zip: optionalText(20),
  coordinates: CoordinatesSchema,
  phone: phone(),
  website: url(),
  hours: HoursSchema,
});

export type LocationForm = z.input<typeof LocationSchema>;
