import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { requireUser } from '~/features/shell/authz.server';
import type { RouteHandle } from '~/lib/route-handle';

export const handle: RouteHandle = { noLeftColumn: true };

export const meta: MetaFunction = () => [{ title: 'Google Authorization' }];

const CODE_NOT_FOUND = 'Authorization code not found in URL';
const NO_OPENER = 'No opener window found';

/**
 * The Google authorization return page (spec 03 §2): it hands the authorization code and scope
 * from its address to the window that opened it, then closes.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const params = new URL(request.url).searchParams;
  return { code: params.get('code') || null, scope: params.get('scope') || null };
}

type Outcome = 'waiting' | 'sent' | 'no-opener';

export default function GoogleAuthReturn() {
  const { code, scope } = useLoaderData<typeof loader>();
  const [outcome, setOutcome] = useState<Outcome>('waiting');

  useEffect(() => {
    if (!code) return;
    if (!window.opener) {
      setOutcome('no-opener');
      return;
    }
    (window.opener as Window).postMessage({ code, scope }, window.location.origin);
    setOutcome('sent');
    window.close();
  }, [code, scope]);

  const message = !code
    ? CODE_NOT_FOUND
    : outcome === 'no-opener'
      ? NO_OPENER
      : 'Google authorization is complete. You can close this window and return to App Admin.';

  return (
    <Flex className="page" justify="center">
      <Card size="3" style={{ maxWidth: 520, width: '100%' }}>
        <Flex direction="column" gap="3">
          <Heading as="h1" size="5">
            Google Authorization
          </Heading>
          <Text as="p" role={code && outcome !== 'no-opener' ? 'status' : 'alert'} data-outcome={code ? outcome : 'no-code'}>
            {message}
          </Text>
        </Flex>
      </Card>
    </Flex>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
