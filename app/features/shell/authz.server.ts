/** The authorization helpers the shell's own routes use (routes reach server/ only through *.server modules). */
export { requireStaff, requireUser } from '@server/authz';
