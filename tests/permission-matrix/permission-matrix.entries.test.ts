import { runPermissionMatrix } from './permission-matrix';

// The permission matrix (./permission-matrix.ts) on the lines the routes of one family answer (./walk-lines.ts).
await runPermissionMatrix('entries');
