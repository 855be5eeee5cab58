import { Button, Flex } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { hrefs } from '~/lib/hrefs';
import { DISCARD_STATE } from './unsaved-changes';

/** A form's submit button (`intent=save`) and a Cancel link back (home unless `cancelTo` says), which drops the changes without asking. */
export function FormActions({
  submitLabel,
  busy = false,
  cancelTo = hrefs.home(),
}: {
  submitLabel: string;
  busy?: boolean;
  cancelTo?: string;
}) {
  return (
    <Flex gap="3" pt="3" wrap="wrap">
      <Button type="submit" name="intent" value="save" loading={busy}>
        {submitLabel}
      </Button>
      <Button asChild variant="soft" color="gray">
        <Link to={cancelTo} state={DISCARD_STATE}>
          Cancel
        </Link>
      </Button>
    </Flex>
  );
}
