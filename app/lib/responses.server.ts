/** The server's answers that route modules throw themselves (the route modules reach server code only through *.server.ts). */
export { notFound } from '@server/http/responses';
