import { Badge, Button, Flex, Heading, Spinner, Text, TextArea, TextField as RadixTextField } from '@radix-ui/themes';
import { useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { Notice } from '~/components/forms/fields';
import { PageDialog } from '~/components/ui/dialog';
import {
  AI_IMAGE_FIELD,
  AI_PROMPT_FIELD,
  STOCK_PAGE_FIELD,
  STOCK_PHOTO_FIELD,
  STOCK_QUERY_FIELD,
  stockChoiceValue,
} from '~/schemas/header';
import type { AiDialog, StockDialog } from './header-images.server';

/**
 * The header editor's stock photo and AI image dialogs (spec 03 §9). Both are parts of the
 * editor's one form, rendered by the server over it when an answer (or `?stock=` / `?ai=1`)
 * asks for them, so they work without JavaScript: Search, the stock pages, OK / Use Image post
 * the form with their intent and nothing typed is lost. With JavaScript, Cancel / Close and Escape
 * close them in place.
 */

const SOURCE_LABELS: Record<string, string> = { pexels: 'Pexels', unsplash: 'Unsplash', pixabay: 'Pixabay', offline: 'Sample' };

function cancelProps(onClose: (() => void) | undefined) {
  return {
    'data-dialog-cancel': '',
    onClick: onClose
      ? (event: React.MouseEvent) => {
          event.preventDefault();
          onClose();
        }
      : undefined,
  };
}

export function StockPhotosDialog({ stock, onClose }: { stock: StockDialog; onClose?: () => void }) {
  const navigation = useNavigation();
  const posting = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const searching = posting === 'stock-search';
  const hasPhotos = stock.photos.length > 0;
  const credits = [...new Set(stock.photos.map((photo) => photo.source))].map((source) => SOURCE_LABELS[source] ?? source);
  return (
    <PageDialog
      role="dialog"
      title="Stock Photos"
      onDismiss={onClose}
      className="stock-dialog"
      actions={
        <>
          <Button type="submit" name="intent" value="stock-cancel" variant="soft" color="gray" formNoValidate {...cancelProps(onClose)}>
            Cancel
          </Button>
          <Button type="submit" name="intent" value="stock-photo" formNoValidate disabled={!hasPhotos} loading={posting === 'stock-photo'}>
            OK
          </Button>
        </>
      }
    >
      <div className="stock-dialog-body">
        {/* The form's default button while the dialog is open: Enter in the search box searches. */}
        <button
          type="submit"
          name="intent"
          value="stock-search"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          formNoValidate
        />
        {/* The page shown: More photos and Previous page post the one next to it. */}
        <input type="hidden" name={STOCK_PAGE_FIELD} value={stock.page} />
        {stock.offline ? <Notice tone="info">{stock.offlineMessage}</Notice> : null}
        <Flex gap="2" align="end" wrap="wrap">
          <Flex direction="column" gap="1" style={{ flex: '1 1 220px' }}>
            <Text as="label" size="2" weight="medium" htmlFor="stock-query">
              Search photos
            </Text>
            <RadixTextField.Root
              id="stock-query"
              name={STOCK_QUERY_FIELD}
              defaultValue={stock.query}
              type="search"
              maxLength={100}
              data-autofocus=""
            />
          </Flex>
          <Button type="submit" name="intent" value="stock-search" variant="soft" formNoValidate loading={searching}>
            Search
          </Button>
        </Flex>
        {stock.error ? <Notice>{stock.error}</Notice> : null}
        {stock.notices.map((notice) => (
          <Notice key={notice} tone="info">
            {notice}
          </Notice>
        ))}
        {hasPhotos ? (
          <fieldset className="stock-photos">
            <legend className="visually-hidden">Photos for “{stock.query}”</legend>
            <ul className="stock-grid">
              {stock.photos.map((photo) => (
                <li key={`${photo.source}-${photo.id}`} className="stock-item">
                  <label className="stock-choice">
                    <input
                      type="radio"
                      name={STOCK_PHOTO_FIELD}
                      value={stockChoiceValue(photo)}
                      defaultChecked={stockChoiceValue(photo) === stock.chosen}
                      aria-describedby={`stock-credit-${photo.index}`}
                    />
                    {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the services give no description: the number and credit name the radio */}
                    <img src={photo.src} alt={`Photo ${photo.index + 1}`} referrerPolicy="no-referrer" loading="lazy" />
                    <Badge className="stock-badge" color="gray" variant="solid" highContrast>
                      {SOURCE_LABELS[photo.source] ?? photo.source}
                    </Badge>
                  </label>
                  <Text as="p" size="1" color="gray" id={`stock-credit-${photo.index}`} className="stock-credit">
                    {photo.credit}
                  </Text>
                </li>
              ))}
            </ul>
          </fieldset>
        ) : null}
        {/* Paging posts the editor's form like Search, so the header as typed comes back with the page. */}
        {hasPhotos && (stock.page > 1 || stock.hasMore) ? (
          <Flex gap="3" justify="center" align="center">
            {stock.page > 1 ? (
              <Button
                type="submit"
                name="intent"
                value="stock-previous"
                variant="ghost"
                formNoValidate
                loading={posting === 'stock-previous'}
              >
                Previous page
              </Button>
            ) : null}
            <Text size="1" color="gray">
              Page {stock.page}
            </Text>
            {stock.hasMore ? (
              <Button type="submit" name="intent" value="stock-more" variant="ghost" formNoValidate loading={posting === 'stock-more'}>
                More photos
              </Button>
            ) : null}
          </Flex>
        ) : null}
        <Text as="p" size="1" color="gray" className="stock-footer">
          {stock.offline
            ? 'Sample photos drawn for this console, offered while the photo services are offline.'
            : `Photos provided by ${credits.length ? credits.join(', ') : 'Pexels, Unsplash and Pixabay'}. Choosing a photo copies it into your app’s storage.`}
        </Text>
      </div>
    </PageDialog>
  );
}

const TIPS = [
  ['Be descriptive', 'Name the subject, the setting and the details you want: “a red canoe on a calm lake at sunrise”.'],
  ['Mood and atmosphere', 'Say how it should feel: cozy, lively, peaceful, festive.'],
  ['Different art styles', 'Ask for a photograph, a watercolor, an illustration or a poster style.'],
  ['Lighting and perspective', 'Golden hour, soft light, aerial view, close-up or wide angle.'],
] as const;

export function AiImageDialog({ ai, onClose }: { ai: AiDialog; onClose?: () => void }) {
  const navigation = useNavigation();
  const posting = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const generating = posting === 'ai-generate';
  const [prompt, setPrompt] = useState(ai.prompt);
  return (
    <PageDialog
      role="dialog"
      title="AI Images"
      onDismiss={onClose}
      className="ai-dialog"
      actions={
        <>
          <Button type="submit" name="intent" value="ai-cancel" variant="soft" color="gray" formNoValidate {...cancelProps(onClose)}>
            Close
          </Button>
          {ai.image ? (
            <Button type="submit" name="intent" value="ai-use" formNoValidate loading={posting === 'ai-use'} disabled={generating}>
              Use Image
            </Button>
          ) : null}
        </>
      }
    >
      <div className="ai-dialog-body">
        {ai.offline ? <Notice tone="info">{ai.offlineMessage}</Notice> : null}
        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor="ai-prompt">
            Describe the image
          </Text>
          <TextArea
            id="ai-prompt"
            name={AI_PROMPT_FIELD}
            value={prompt}
            onChange={(event) => setPrompt(event.currentTarget.value)}
            rows={3}
            maxLength={4000}
            data-autofocus=""
          />
        </Flex>
        <Flex justify="end">
          <Button
            type="submit"
            name="intent"
            value="ai-generate"
            variant="soft"
            formNoValidate
            loading={generating}
            // An empty prompt does nothing (spec 03 §9); without JavaScript the server ignores it.
            onClick={(event) => {
              if (prompt.trim() === '') event.preventDefault();
            }}
          >
            Search
          </Button>
        </Flex>
        {ai.error ? <Notice>{ai.error}</Notice> : null}
        <div className="ai-preview" aria-busy={generating || undefined}>
          {generating ? (
            <Flex direction="column" align="center" justify="center" gap="2" className="ai-preview-spinner">
              <Spinner size="3" />
              <Text size="2" color="gray" role="status">
                Generating the image…
              </Text>
            </Flex>
          ) : ai.image ? (
            <>
              <img src={ai.image.url} alt={`Generated image: ${ai.prompt}`} />
              <input type="hidden" name={AI_IMAGE_FIELD} value={ai.image.path} />
            </>
          ) : (
            <section className="ai-tips" aria-labelledby="ai-tips-title">
              <Heading as="h3" size="3" id="ai-tips-title">
                Tips for Great Images
              </Heading>
              <ul>
                {TIPS.map(([title, text]) => (
                  <li key={title}>
                    <Text size="2" weight="medium">
                      {title}
                    </Text>
                    <Text as="p" size="1" color="gray">
                      {text}
                    </Text>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </PageDialog>
  );
}
