import { Card, Flex, Heading, Text } from '@radix-ui/themes';
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface PageDialogProps {
  title: string;
  /** The dialog's text; more content can follow as children. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons, links or forms: each action must work without JavaScript (a link or a form post). */
  actions: ReactNode;
  /** 'alertdialog' for messages that need an answer (errors, confirmations). */
  role?: 'dialog' | 'alertdialog';
  /** Called on Escape when JavaScript runs; without it Escape does nothing. */
  onDismiss?: () => void;
  /** Extra class of the panel (a wider dialog, say). */
  className?: string;
}

/**
 * A modal dialog rendered by the server: it shows on locked-down browsers without
 * JavaScript (its actions are links and form posts), and with JavaScript it also takes the
 * focus and answers Escape. Routes render it when their loader or action data says so
 * (the 'Login Error' dialog, 'User Does Not Have Access', 'Feature Unavailable', confirmations).
 */
export function PageDialog({ title, description, children, actions, role = 'alertdialog', onDismiss, className }: PageDialogProps) {
  const titleId = useId();
  const textId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const first = panel.current?.querySelector<HTMLElement>('[data-autofocus], button, a[href], input, select, textarea');
    first?.focus();
    if (!onDismiss) return () => previous?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      previous?.focus();
    };
  }, [onDismiss]);

  return (
    <div className="page-dialog-overlay">
      <Card
        ref={panel}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? textId : undefined}
        className={className ? `page-dialog ${className}` : 'page-dialog'}
        size="3"
      >
        <Flex direction="column" gap="3">
          <Heading as="h2" size="5" id={titleId}>
            {title}
          </Heading>
          {description ? (
            <Text as="div" id={textId}>
              {description}
            </Text>
          ) : null}
          {children}
          <Flex gap="3" justify="end" wrap="wrap">
            {actions}
          </Flex>
        </Flex>
      </Card>
    </div>
  );
}
