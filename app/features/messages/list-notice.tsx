import { Button, Callout, Flex, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';

/** The banner over the messages list (spec 02 "Messages"), from the list's loader. */
export interface MessagesBannerData {
  text: string;
  /** The button to the systemwide listing (a resort system admin's community messages). */
  systemwideHref: string | null;
}

/**
 * 'This is a systemwide message sent across all communities' on the system-wide area; 'This is
 * NOT a systemwide message…' with the button to the systemwide listing for a resort system admin
 * in a community's messages.
 */
export function MessagesBanner({ banner }: { banner: MessagesBannerData }) {
  return (
    <Callout.Root color={banner.systemwideHref ? 'amber' : 'blue'} role="note" data-testid="messages-banner">
      <Flex gap="3" align="center" justify="between" wrap="wrap" width="100%">
        <Text as="p" weight="medium">
          {banner.text}
        </Text>
        {banner.systemwideHref ? (
          <Button asChild size="1" variant="soft">
            <Link to={banner.systemwideHref}>Systemwide Notification</Link>
          </Button>
        ) : null}
      </Flex>
    </Callout.Root>
  );
}
