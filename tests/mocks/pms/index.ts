import { campspotHandlers } from './campspot';
import { newbookHandlers } from './newbook';
import { rmsHandlers } from './rms';
import { staylistHandlers } from './staylist';

/** Every PMS vendor's msw handlers (one file per vendor, STYLE 19). */
export const pmsHandlers = [...newbookHandlers, ...rmsHandlers, ...staylistHandlers, ...campspotHandlers];
