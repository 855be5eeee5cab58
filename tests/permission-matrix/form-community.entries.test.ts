import { walkFormCommunity } from './form-community';

// Forms posted into another community (./form-community.ts) on the routes of one family (./walk-lines.ts).
walkFormCommunity('entries');
