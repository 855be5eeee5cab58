import { Button, Flex } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/**
 * The row under a form: its buttons, then the soft gray link that leaves without saving
 * ("Cancel", or "Close" where nothing is being edited). A link, so it works without JavaScript.
 */
export function FormActions({
  children,
  closeHref,
  closeLabel = 'Cancel',
}: {
  children: ReactNode;
  closeHref: string;
  closeLabel?: 'Cancel' | 'Close';
}) {
  return (
    <Flex gap="2" wrap="wrap">
      {children}
      <Button asChild variant="soft" color="gray">
        <Link to={closeHref}>{closeLabel}</Link>
      </Button>
    </Flex>
  );
}
