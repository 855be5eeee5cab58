import { walkMalformedBodies } from './malformed-bodies';

// The malformed-bodies walk (./malformed-bodies.ts) over the routes of one family (./walk-lines.ts).
walkMalformedBodies('entries');
