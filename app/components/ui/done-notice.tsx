import { Callout } from '@radix-ui/themes';

/** What a post did, above the page it returns to ('Save Complete: …'), announced politely. */
export function DoneNotice({ title, text, testId }: { title: string; text: string; testId: string }) {
  return (
    <Callout.Root color="green" role="status" mb="3" data-testid={testId}>
      <Callout.Text>
        <strong>{title}</strong>: {text}
      </Callout.Text>
    </Callout.Root>
  );
}
