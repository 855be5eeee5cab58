import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { LoginLayout, ViewHeading } from '~/features/login/login-layout';
import loginStyles from '~/features/login/login.css';
import { currentProject } from '~/lib/project.server';

/**
 * Where 'Leave this page' of a remote page opened by its link (no sign-in) leads: the person
 * has no account, so not the console's sign-in, but a page of the project's brand saying that
 * what they saved is kept and how to come back. Needs no sign-in and shows nothing of any listing.
 */

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: loginStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `You have left the page - ${data?.appTitle ?? 'App Admin'}` }];

export async function loader({ request }: LoaderFunctionArgs) {
  const project = await currentProject(request);
  return { appTitle: project.appTitle, logo: project.logo };
}

export default function RemoteLeft() {
  const { appTitle, logo } = useLoaderData<typeof loader>();
  return (
    <LoginLayout appTitle={appTitle} logo={logo}>
      <ViewHeading title="You have left the page">
        The changes you saved are kept. To make more changes, open the link you were sent again. You can close this window.
      </ViewHeading>
    </LoginLayout>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
