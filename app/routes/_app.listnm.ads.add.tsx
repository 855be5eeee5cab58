import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { GeneralErrorBoundary } from '~/components/error-boundary';
import { PromoAddIntent } from '~/features/promos/intents';
import { PromoEditor } from '~/features/promos/promo-screen';
import { loadPromoEditor, promoAction } from '~/features/promos/promo.server';

/** Add (listing action add): a new item under the key the form carries (`?key=`). */
export async function loader({ request }: LoaderFunctionArgs) {
  return loadPromoEditor(request, 'ads', undefined);
}

export const Intent = PromoAddIntent;

export async function action({ request }: ActionFunctionArgs) {
  return promoAction(request, 'ads', undefined);
}

export default function AddPromo() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <PromoEditor data={data} actionData={actionData} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
