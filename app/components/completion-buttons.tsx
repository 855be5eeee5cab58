import { Button, Flex } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { Form } from '~/components/forms/form';

/** One button of a guest record's view (server/entries/rules.ts CompletionChoice). */
export interface CompletionButton {
  intent: 'complete' | 'deny' | 'reopen';
  label: string;
}

/**
 * Completed, Denied (Reopened in the archive) and Cancel of a guest entry's or an order's view
 * (spec 02 "Guest entries", §4 "Entry completion"). The form carries, in `was`, the completion
 * the page showed (docs/decisions/031). A plain form post: it works without JavaScript.
 */
export function CompletionButtons({
  completed,
  choices,
  closeHref,
}: {
  completed: number;
  choices: readonly CompletionButton[];
  closeHref: string;
}) {
  return (
    <Form method="post" className="entry-buttons">
      <input type="hidden" name="was" value={String(completed)} />
      <Flex gap="2" wrap="wrap">
        {choices.map((choice) => (
          <Button
            key={choice.intent}
            type="submit"
            name="intent"
            value={choice.intent}
            color={choice.intent === 'deny' ? 'red' : undefined}
          >
            {choice.label}
          </Button>
        ))}
        <Button asChild variant="soft" color="gray">
          <Link to={closeHref}>Cancel</Link>
        </Button>
      </Flex>
    </Form>
  );
}
