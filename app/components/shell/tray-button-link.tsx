import { Link, useLocation } from '@remix-run/react';
import type { ComponentPropsWithoutRef } from 'react';
import { useFeatureUnavailable } from './feature-unavailable';
import { editorHref } from './home-actions';
import { unavailableHref, type TrayButtonView } from './tray-types';

type TrayButtonLinkProps = Omit<ComponentPropsWithoutRef<typeof Link>, 'to' | 'children'> & { button: TrayButtonView };

/**
 * A tray button as a plain link. An unavailable button links to the current page with
 * `?unavailable={id}`, which the server answers with the 'Feature Unavailable' dialog; with
 * JavaScript it opens the dialog in place.
 */
export function TrayButtonLink({ button, onClick, ...props }: TrayButtonLinkProps) {
  const location = useLocation();
  const dialog = useFeatureUnavailable();

  if (!button.unavailable) {
    return (
      <Link to={editorHref(button.to)} onClick={onClick} {...props}>
        {button.label}
      </Link>
    );
  }
  return (
    <Link
      to={unavailableHref(location, button.id)}
      preventScrollReset
      aria-haspopup="dialog"
      data-unavailable=""
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !dialog) return;
        event.preventDefault();
        dialog.open(button.id);
      }}
      {...props}
    >
      {button.label}
    </Link>
  );
}
