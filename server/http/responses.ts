/**
 * A 404 answer for a page or action whose record, list or address does not exist. The root
 * error boundary shows the not-found screen; `message` is the body a fetcher or API client reads.
 */
export function notFound(message = 'Not Found'): Response {
  return new Response(message, { status: 404 });
}
