import { Button, Callout, Flex } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { useCallback, useState, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from 'remix-utils/use-hydrated';
import { htmlToPlain, plainToHtml } from '~/lib/assistant';
import { setFormText } from '../rich-text-events';
import { AssistantDialog } from './assistant-dialog';
import { ASSISTANT_TEXTS } from './texts';

/**
 * An editor's way into the AI writing assistant (the event editor, the hunt editor): 'AI Writing
 * Assistant' (the history and a new prompt) and 'Improve Title and Description' (edit-only mode).
 * Without JavaScript they are links to the assistant's page, whose Use comes back to the editor
 * with the texts; with JavaScript they open the dialog over the editor, edit-only mode on what the
 * form holds now, and Use puts the texts into the form (`onUse`).
 */

export interface AssistantLinksData {
  href: string;
  editHref: string;
  used: boolean;
}

export type AssistantTexts = { title: string | null; description: string | null };

/** Use with JavaScript: the texts into the editor's `title` and `description` fields, as if typed (unsaved). */
export function putTextsInForm(form: HTMLFormElement | null, texts: AssistantTexts) {
  if (!form) return;
  if (texts.title !== null) setFormText(form, 'title', texts.title);
  if (texts.description !== null) setFormText(form, 'description', texts.description, plainToHtml(texts.description));
}

export function AssistantLinks({
  assistant,
  formRef,
  onUsed,
}: {
  assistant: AssistantLinksData;
  formRef: RefObject<HTMLFormElement | null>;
  /** After Use has put the texts into the form. */
  onUsed?: () => void;
}) {
  const onUse = useCallback(
    (texts: AssistantTexts) => {
      putTextsInForm(formRef.current, texts);
      onUsed?.();
    },
    [formRef, onUsed],
  );
  const hydrated = useHydrated();
  const [open, setOpen] = useState<string | null>(null);
  const close = useCallback(() => setOpen(null), []);
  /** Edit-only mode on what the form holds now, not only on what is stored. */
  const editHrefNow = () => {
    const formData = formRef.current ? new FormData(formRef.current) : null;
    const url = new URL(assistant.editHref, 'http://app.invalid');
    const title = formData?.get('title');
    const description = formData?.get('description');
    if (typeof title === 'string') url.searchParams.set('title', title.slice(0, 200));
    if (typeof description === 'string') url.searchParams.set('description', htmlToPlain(description).slice(0, 4000));
    return `${url.pathname}${url.search}`;
  };
  const opener = (href: () => string) =>
    hydrated
      ? (event: React.MouseEvent) => {
          event.preventDefault();
          setOpen(href());
        }
      : undefined;
  return (
    <>
      <Flex gap="2" wrap="wrap" align="center" className="assistant-buttons" data-testid="assistant-buttons">
        <Button asChild variant="soft" size="1">
          <Link to={assistant.href} onClick={opener(() => assistant.href)}>
            {ASSISTANT_TEXTS.open}
          </Link>
        </Button>
        <Button asChild variant="soft" size="1">
          <Link to={assistant.editHref} onClick={opener(editHrefNow)}>
            {ASSISTANT_TEXTS.improve}
          </Link>
        </Button>
      </Flex>
      {assistant.used ? (
        <Callout.Root color="blue" size="1" role="status" data-testid="assistant-used">
          <Callout.Text>{ASSISTANT_TEXTS.used}</Callout.Text>
        </Callout.Root>
      ) : null}
      {/* Outside the editor's form (its forms may not nest in it); opened with JavaScript only. */}
      {open
        ? createPortal(
            <AssistantDialog href={open} onUse={onUse} onClose={close} />,
            // Inside the theme's root, so the dialog is styled like the page.
            document.querySelector('.radix-themes') ?? document.body,
          )
        : null}
    </>
  );
}
