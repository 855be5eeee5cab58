import { Theme } from '@radix-ui/themes';
import radixStyles from '@radix-ui/themes/styles.css';
import { data, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useNavigation, useRouteLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { GeneralErrorBoundary } from './components/error-boundary';
import { useNonce } from './components/nonce';
import { ToastMessage, type ShownToast } from './components/toast';
import { currentProject } from './lib/project.server';
import { APP_TITLE } from './lib/title';
import { takeToast } from './lib/toast.server';
import appStyles from './styles/app.css';
import menuStyles from './styles/menu.css';
import shellStyles from './styles/shell.css';
import widgetStyles from './styles/widgets.css';

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: radixStyles },
  { rel: 'stylesheet', href: appStyles },
  { rel: 'stylesheet', href: shellStyles },
  { rel: 'stylesheet', href: menuStyles },
  { rel: 'stylesheet', href: widgetStyles },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export const meta: MetaFunction = () => [{ title: APP_TITLE }];

interface RootData {
  /** The toast of the last redirect. */
  toast: ShownToast | null;
  /** The project's help-desk widget (spec 01 §7.5). */
  helpDeskScriptUrl: string | null;
}

/** The toast of the last redirect (cleared from the session as it is shown) and the project's help-desk widget. */
export async function loader({ request }: LoaderFunctionArgs) {
  const project = await currentProject(request);
  const { toast, headers } = await takeToast(request);
  const root: RootData = { toast, helpDeskScriptUrl: project.helpDesk?.scriptUrl ?? null };
  return data(root, { headers });
}

export function Layout({ children }: { children: ReactNode }) {
  // Absent while the root itself shows an error.
  const root = useRouteLoaderData('root') as RootData | undefined;
  // The page policy's nonce: scripts without it do not run.
  const nonce = useNonce();
  // Set once React has taken over the server's page: end-to-end tests with JavaScript wait for it
  // before they audit or act on what only the script adds.
  const hydrated = useHydrated();
  // Present while a post or page change is under way: gone once its answer is on the page.
  const navigating = useNavigation().state !== 'idle';
  return (
    <html lang="en" data-page-hydrated={hydrated ? '' : undefined} data-navigating={navigating ? '' : undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <Theme accentColor="sky" grayColor="slate" radius="medium">
          <ToastMessage toast={root?.toast ?? null} />
          {children}
        </Theme>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {root?.helpDeskScriptUrl ? <script src={root.helpDeskScriptUrl} defer nonce={nonce} /> : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
