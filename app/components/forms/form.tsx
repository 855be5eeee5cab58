import { Form as RemixForm, useParams, useRouteLoaderData, type FormProps } from '@remix-run/react';
import { forwardRef, useCallback, useRef } from 'react';
import { FORM_COMMUNITY_FIELD } from '~/lib/form-community';
import { SHELL_ROUTE_ID } from '../shell/meta';
import type { ShellData } from '../shell/shell-data';
import { useBlurCheckAfterPress } from './blur-after-press';
import { useRevealFailure } from './failure';

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
 * A refused save (the browser's check or the server's answer) is shown where the person is:
 * the sections with errors open, the message in view, the focus on the first field with an
 * error (./failure.tsx). A field checked when it loses the focus is checked after a click that
 * took the focus away, not under it (./blur-after-press.ts).
 */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form({ children, onSubmit, ...props }, ref) {
  const posts = (props.method ?? 'get').toLowerCase() !== 'get';
  const own = useRef<HTMLFormElement | null>(null);
  const setRef = useCallback(
    (element: HTMLFormElement | null) => {
      own.current = element;
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [ref],
  );
  const revealAfter = useRevealFailure(own);
  useBlurCheckAfterPress(own);
  return (
    <RemixForm
      ref={setRef}
      {...props}
      onSubmit={
        posts
          ? (event) => {
              onSubmit?.(event);
              revealAfter(event);
            }
          : onSubmit
      }
    >
      {posts ? <FormCommunityField /> : null}
      {children}
    </RemixForm>
  );
});
