import { Form as RemixForm, useParams, useRouteLoaderData, type FormProps } from '@remix-run/react';
import { forwardRef } from 'react';
import { FORM_COMMUNITY_FIELD } from '~/lib/form-community';
import { SHELL_ROUTE_ID } from '../shell/meta';
import type { ShellData } from '../shell/shell-data';

/**
 * The community the page was shown for: the route's own community (`/detailUpdate/:communityKey/…`),
 * else the one selected in the console's shell. Null outside the signed-in console (sign-in,
 * remote pages and other public forms are bound to their item, not to a selected community).
 */
export function useFormCommunity(): string | null {
  const params = useParams();
  const shell = useRouteLoaderData<ShellData>(SHELL_ROUTE_ID);
  return params.communityKey ?? shell?.community.key ?? null;
}

/** The hidden field naming the community the form was opened for (app/lib/form-community.ts). */
export function FormCommunityField() {
  const community = useFormCommunity();
  return community ? <input type="hidden" name={FORM_COMMUNITY_FIELD} value={community} /> : null;
}

/**
 * Every form of the console: Remix's Form, and a post carries the community it was opened for,
 * so the server never saves it into another community selected meanwhile (docs/decisions/018).
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ children, ...props }, ref) {
  const posts = (props.method ?? 'get').toLowerCase() !== 'get';
  return (
    <RemixForm ref={ref} {...props}>
      {posts ? <FormCommunityField /> : null}
      {children}
    </RemixForm>
  );
});
