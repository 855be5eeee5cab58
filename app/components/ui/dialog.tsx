import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useNavigate } from '@remix-run/react';
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';

export interface PageDialogProps {
  title: string;
  /** The dialog's text; more content can follow as children. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, links or forms: each action must work without JavaScript (a link or a form post). */
  actions: ReactNode;
  /** 'alertdialog' for messages that need an answer (errors, confirmations). */
  role?: 'dialog' | 'alertdialog';
  /**
   * What Escape does when JavaScript runs. Without it, Escape follows `cancelHref`, else
   * presses the dialog's element marked `data-dialog-cancel` (its Cancel link or button), else
   * does nothing (a message that needs its answer).
   */
  onDismiss?: () => void;
  /** The address the dialog's Cancel / close link leads to; Escape goes there too. */
  cancelHref?: string;
  /** Extra class of the panel (a wider dialog, say). */
  className?: string;
}

/** The element marked as the dialog's cancel control: Escape presses it. */
export const DIALOG_CANCEL = 'data-dialog-cancel';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** The elements Tab reaches inside `root`, in order (one radio per group, as browsers do). */
export function tabbables(root: HTMLElement): HTMLElement[] {
  const candidates = Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.tabIndex >= 0 && !element.closest('[inert]') && element.getClientRects().length > 0,
  );
  return candidates.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio' || !element.name) return true;
    const group = candidates.filter(
      (other): other is HTMLInputElement =>
        other instanceof HTMLInputElement && other.type === 'radio' && other.name === element.name && other.form === element.form,
    );
    const checked = group.find((radio) => radio.checked);
    return checked ? checked === element : group[0] === element;
  });
}

/**
 * The dialog's set-up runs before the browser paints (no frame of a non-modal dialog); the
 * server runs no effects, and React warns about a layout effect rendered there.
 */
const useBeforePaint = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/** The open dialogs, innermost last: only the innermost answers Escape and keeps Tab inside. */
const openDialogs: HTMLDialogElement[] = [];

/**
 * The element that last had the focus: a link that opens a dialog on another route (a new
 * page drawn in its place) is gone, focus and all, by the time the dialog appears.
 */
let lastFocused: HTMLElement | null = null;
if (typeof document !== 'undefined') {
  document.addEventListener('focusin', (event) => {
    if (event.target instanceof HTMLElement && !event.target.closest('dialog')) lastFocused = event.target;
  });
}

/**
 * A modal dialog rendered by the server as an open `<dialog>`: it shows on locked-down browsers
 * without JavaScript (its actions are links and form posts, and it lies over the page and its
 * header). With JavaScript it becomes a true modal (`showModal`: the top layer, above the sticky
 * header; the rest of the page inert): the focus moves to the element marked `data-autofocus`
 * (else the first focusable one), Tab and Shift+Tab cycle inside, Escape dismisses it (see
 * `onDismiss`), and when it goes the focus returns to the element that opened it. The page does
 * not scroll behind it. Routes render it when their loader or action data says so (the 'Login
 * Error' dialog, 'User Does Not Have Access', 'Feature Unavailable', confirmations, pickers).
 */
export function PageDialog({
  title,
  description,
  children,
  actions,
  role = 'alertdialog',
  onDismiss,
  cancelHref,
  className,
}: PageDialogProps) {
  const titleId = useId();
  const textId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();

  // The newest way out, read when Escape is pressed (the props change on every render).
  const dismissRef = useRef<(() => void) | null>(null);
  dismissRef.current = onDismiss
    ? onDismiss
    : cancelHref !== undefined
      ? () => navigate(cancelHref, { preventScrollReset: true })
      : () => dialogRef.current?.querySelector<HTMLElement>(`[${DIALOG_CANCEL}]`)?.click();

  useBeforePaint(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const active = document.activeElement;
    const opener =
      active instanceof HTMLElement && active !== document.body && !dialog.contains(active)
        ? active
        : active === document.body || active === null
          ? lastFocused
          : null;
    // A page that is drawn anew when the dialog closes has a new opener: the link to the same address.
    const openerHref = opener?.getAttribute('href') ?? null;

    // Rendered open (by the server, or by React on a client navigation): make it modal.
    if (!dialog.matches(':modal')) {
      dialog.removeAttribute('open');
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    }
    // Marks the dialog as taken over by the script (modal, focus trapped): tests wait for it.
    dialog.setAttribute('data-modal', '');
    openDialogs.push(dialog);
    const first = dialog.querySelector<HTMLElement>('[data-autofocus]') ?? tabbables(dialog)[0] ?? dialog;
    first.focus();

    const isInnermost = () => openDialogs[openDialogs.length - 1] === dialog;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isInnermost() || event.defaultPrevented) return;
      if (event.key === 'Escape') {
        // Our own dismissal replaces the browser's (which would only hide the dialog).
        event.preventDefault();
        event.stopPropagation();
        dismissRef.current?.();
        return;
      }
      if (event.key !== 'Tab') return;
      const inside = tabbables(dialog);
      if (inside.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const current = document.activeElement;
      const index = current instanceof HTMLElement ? inside.indexOf(current) : -1;
      const target = event.shiftKey
        ? index <= 0
          ? inside[inside.length - 1]
          : undefined
        : index === -1 || index === inside.length - 1
          ? inside[0]
          : undefined;
      if (target) {
        event.preventDefault();
        target.focus();
      }
    };
    // The browser's own close request (when the keydown did not reach us): keep it open, dismiss our way.
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (isInnermost()) dismissRef.current?.();
    };
    let leaving = false;
    const onClose = () => {
      if (leaving || dialog.open) return;
      // Closed by the browser anyway: show it again until the page says otherwise.
      try {
        dialog.showModal();
      } catch {
        dialog.setAttribute('open', '');
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onClose);

    return () => {
      leaving = true;
      document.removeEventListener('keydown', onKeyDown, true);
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onClose);
      const at = openDialogs.indexOf(dialog);
      if (at >= 0) openDialogs.splice(at, 1);
      if (dialog.open) dialog.close();
      // After the page the dialog leaves for is drawn (the opener may be drawn anew with it).
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const target = opener?.isConnected
          ? opener
          : openerHref
            ? Array.from(document.querySelectorAll<HTMLElement>('a[href]')).find((link) => link.getAttribute('href') === openerHref)
            : undefined;
        target?.focus();
      });
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      open
      className="page-dialog-layer"
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={description ? textId : undefined}
      tabIndex={-1}
    >
      {/* The title and the actions stay in view; what lies between scrolls when it is long. */}
      <Card className={className ? `page-dialog ${className}` : 'page-dialog'} size="3">
        <Heading as="h2" size="5" id={titleId} className="page-dialog-title">
          {title}
        </Heading>
        <Flex direction="column" gap="3" className="page-dialog-body">
          {description ? (
            <Text as="div" id={textId}>
              {description}
            </Text>
          ) : null}
          {children}
        </Flex>
        <Flex gap="3" justify="end" wrap="wrap" className="page-dialog-actions">
          {actions}
        </Flex>
      </Card>
    </dialog>
  );
}
