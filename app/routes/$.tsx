import { GeneralErrorBoundary } from '~/components/error-boundary';

/** Any address no route serves: 404 with the general error page. */
export function loader(): never {
  throw new Response('Not Found', { status: 404 });
}

export function action(): never {
  throw new Response('Not Found', { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
