import { Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { isRouteErrorResponse, Link, useParams, useRouteError, type Params } from '@remix-run/react';
import { isCommunityRefusal } from '~/lib/form-community';
import { hrefs } from '~/lib/hrefs';
import { isOtherCommunityRefusal } from '~/lib/other-community';
import { CommunityRefusalNotice } from './forms/community-refusal';
import { OtherCommunityNotice } from './other-community-notice';

/** What staff see for each status; anything else is a generic failure. */
const STATUS_MESSAGES: Record<number, { title: string; text: string }> = {
  400: { title: 'Bad request', text: 'The request could not be understood. Check what you entered and try again.' },
  401: { title: 'Please sign in', text: 'You need to sign in to see this page.' },
  403: { title: 'No access', text: 'You do not have permission to see this page.' },
  404: { title: 'Page not found', text: 'There is nothing at this address. It may have been moved or deleted.' },
  405: { title: 'Not allowed', text: 'This page does not accept that kind of request.' },
  413: { title: 'Too large', text: 'What you sent is larger than the page accepts.' },
  415: { title: 'Not a form', text: 'This address takes a form, and what was sent was not one.' },
  429: { title: 'Too many attempts', text: 'Too many attempts in a short time. Wait a minute and try again.' },
  503: { title: 'Temporarily unavailable', text: 'A service this page needs is not answering. Try again in a moment.' },
};

export function statusMessage(status: number) {
  return (
    STATUS_MESSAGES[status] ?? {
      title: 'Something went wrong',
      text: 'An unexpected error occurred. Try again, and contact support if it keeps happening.',
    }
  );
}

/** Refusals whose own message (a thrown Response's text) says what was wrong. */
const EXPLAINED_STATUSES = new Set([400, 403, 413, 415]);

/**
 * The message a refused request came with: the plain text of a thrown 400, 403, 413 or 415 (e.g.
 * "This request is too large (over 1 MB). Nothing was saved."), else null.
 */
export function refusalMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || !EXPLAINED_STATUSES.has(error.status)) return null;
  const text = typeof error.data === 'string' ? error.data.trim() : '';
  // A bare reason phrase ('Bad Request') says less than the page's own text.
  if (/^(bad request|forbidden|payload too large|content too large|unsupported media type)\.?$/i.test(text)) return null;
  return text !== '' && text.length <= 1000 ? text : null;
}

/** A thrown response as a route's status handler sees it. */
export interface StatusHandlerInfo {
  status: number;
  /** The response's body (a thrown Response's text, or its data). */
  data: unknown;
  params: Params;
}

/**
 * What a route says for one status instead of the general text: e.g. a 404 that names what was
 * not found ('No community with this key.'). A title, when given, replaces the status's title.
 */
export type StatusHandler = (info: StatusHandlerInfo) => { title?: string; text: string };

export type StatusHandlers = Partial<Record<number, StatusHandler>>;

/** A status handler that shows the thrown response's own text (e.g. 'This icon no longer exists.'), else `fallback`. */
export const ownText =
  (fallback: string): StatusHandler =>
  ({ data }) => ({ text: typeof data === 'string' && data.trim() !== '' && data.length <= 1000 ? data.trim() : fallback });

/** The title and text shown for an error: the route's handler for its status, else the general ones. */
export function errorContent(error: unknown, params: Params = {}, statusHandlers: StatusHandlers = {}): { title: string; text: string } {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, text: generic } = statusMessage(status);
  const handler = statusHandlers[status];
  if (isRouteErrorResponse(error) && handler) {
    const own = handler({ status, data: error.data, params });
    return { title: own.title ?? title, text: own.text };
  }
  const explained = explainedRefusal(error);
  if (explained) return explained;
  return { title, text: refusalMessage(error) ?? generic };
}

/**
 * A refusal that says itself what is going on: a 403's `{ title, text }` (server/authz: who may do
 * this and whom to ask, instead of a bare 'No access').
 */
function explainedRefusal(error: unknown): { title: string; text: string } | null {
  if (!isRouteErrorResponse(error) || error.status !== 403) return null;
  const body: unknown = error.data;
  if (typeof body !== 'object' || body === null) return null;
  const { title, text } = body as Record<string, unknown>;
  return typeof title === 'string' && typeof text === 'string' && title !== '' && text !== '' ? { title, text } : null;
}

/**
 * The one error boundary: every route's ErrorBoundary renders it. `statusHandlers` lets a route
 * say what went wrong for a status of its own (as the Epic Stack's GeneralErrorBoundary does).
 */
export function GeneralErrorBoundary({ statusHandlers }: { statusHandlers?: StatusHandlers } = {}) {
  const error = useRouteError();
  const params = useParams();
  // A form opened for another community than the one selected now: what was typed, and the way back.
  if (isRouteErrorResponse(error) && isCommunityRefusal(error.data)) return <CommunityRefusalNotice refusal={error.data} />;
  // A listing or event of another of the person's communities: whose it is, and the way to switch there.
  if (isRouteErrorResponse(error) && error.status === 404 && isOtherCommunityRefusal(error.data)) {
    return <OtherCommunityNotice refusal={error.data} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, text } = errorContent(error, params, statusHandlers);
  if (!isRouteErrorResponse(error)) console.error(error);

  return (
    <Box className="page" role="alert">
      <Card size="3">
        <Flex direction="column" gap="3">
          <Text size="2" color="gray">
            Error {status}
          </Text>
          <Heading as="h1" size="6">
            {title}
          </Heading>
          <Text as="p">{text}</Text>
          <Flex gap="3">
            <Button asChild>
              <Link to={hrefs.home()}>Go to the home screen</Link>
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Box>
  );
}
