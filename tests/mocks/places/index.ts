import { placesHandlers as googlePlacesHandlers } from './google';

/** The places vendor's msw handlers (one file per vendor, STYLE 19). */
export const placesHandlers = [...googlePlacesHandlers];
