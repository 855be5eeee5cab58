/** The authorization helpers the shell's own routes use (routes reach server/ only through *.server modules). */
export { requireUser } from '@server/authz';
