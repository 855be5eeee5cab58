import { Button, Card, Flex, Heading } from '@radix-ui/themes';
import { TrayButtonLink } from './tray-button-link';
import type { TrayView } from './tray-types';

/**
 * The button navigation tray of the right column (spec 01 §2.6 'otherwise: a button
 * navigation tray'): each of the person's visible trays with its buttons as links.
 */
export function ButtonTray({ trays }: { trays: readonly TrayView[] }) {
  return (
    <Flex direction="column" gap="3" asChild>
      <section aria-label="Button tray" className="button-tray">
        {trays.map((tray) => (
          <Card key={tray.id} size="2" asChild>
            <section aria-labelledby={`tray-${tray.id}`} data-tray={tray.id}>
              <Heading as="h2" size="3" mb="3" id={`tray-${tray.id}`}>
                {tray.title}
              </Heading>
              <div className="button-tray-grid">
                {tray.buttons.map((button) => (
                  <Button key={button.id} asChild variant="soft" size="2" className="button-tray-button">
                    <TrayButtonLink button={button} />
                  </Button>
                ))}
              </div>
            </section>
          </Card>
        ))}
      </section>
    </Flex>
  );
}
