import { parseWithZod } from '@conform-to/zod';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { loadBrowserImage, loadFontsOf } from '~/components/design/preview';
import { Form } from '~/components/forms/form';
import { hasEnded, JobProgress } from '~/components/job-progress/job-progress';
import { ToastMessage } from '~/components/toast';
import {
  FLYER_DEFAULTS,
  FLYER_LIMITS,
  FLYER_PAPERS,
  FLYER_STYLE_TAGS,
  FLYER_TEXTS,
  drawDesign,
  flyerDesign,
  flyerFileName,
  fuzzyMatches,
  loadDesignImages,
  paperTypesOf,
  type Flyer,
} from '~/lib/design';
import { FlyerSchema, flyerFromForm, type FlyerFormValue } from '~/schemas/flyer';
import type { FlyerActionData, FlyerPageData } from './flyer-designer.server';
import { ElementFields, Field, NumberField, TypedValues, type Errors } from './flyer-fields';

const PREVIEW_LABEL = 'Preview of the flyer';

/** The query of the server's preview image (the page without JavaScript): the form's fields. */
function previewQuery(form: FlyerFormValue, base: string): string {
  const query = new URLSearchParams(base.includes('?') ? base.slice(base.indexOf('?') + 1) : '');
  const add = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (typeof value === 'boolean') {
      if (value) query.append(name, 'on');
      return;
    }
    if (Array.isArray(value)) value.forEach((item, index) => add(`${name}[${index}]`, item));
    else if (typeof value === 'object') for (const [key, inner] of Object.entries(value)) add(`${name}.${key}`, inner);
    else query.append(name, String(value));
  };
  for (const [key, value] of Object.entries(form)) if (key !== 'customTag' && key !== 'prompt' && key !== 'historyQuery') add(key, value);
  return query.toString();
}

/**
 * The flyer designer (spec 02 "Flyer designer"): the accordions Flyer Image and Modify
 * Text/Elements and the Layout part beside the flyer. Without JavaScript every button posts the
 * whole flyer and the preview is the server's picture of it; with JavaScript a canvas draws the
 * same design (app/lib/design) as the fields change, and the downloads come from the server.
 */
export function FlyerDesigner({ data, actionData }: { data: FlyerPageData; actionData: FlyerActionData | undefined }) {
  const hydrated = useHydrated();
  const form = actionData?.form ?? data.form;
  const saved = actionData?.saved !== undefined ? actionData.saved : data.saved;
  const errors: Errors = (actionData?.result.error as Errors | undefined) ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  const [live, setLive] = useState<Flyer>(() => flyerFromForm(form));
  const [downloadError, setDownloadError] = useState<{ id: string; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [historyQuery, setHistoryQuery] = useState(form.historyQuery);
  // The flyer the last post sent (with JavaScript), to tell an answer that only confirms it.
  const posted = useRef<string | null>(null);
  // The fields are uncontrolled: an answer that changes the flyer (an element added, an event's
  // layout loaded, a tag added) remounts them. An answer that is the flyer as it was posted keeps
  // them, with whatever was typed while the post was under way. A refused post answers the
  // flyer as posted, with what was typed into its refused fields (TypedValues).
  // A new key for each remount (not the answer's content: an answer equal to an earlier flyer,
  // such as the event's layout loaded again, must still replace what the fields hold now).
  // Worked out once per answer, not on every render (typing re-renders the canvas).
  const keyOf = useRef<{ form: FlyerFormValue; key: number; confirmsPost: boolean } | null>(null);
  if (keyOf.current?.form !== form) {
    const confirmsPost = posted.current !== null && posted.current === JSON.stringify(flyerFromForm(form));
    const previous = keyOf.current?.key ?? 0;
    keyOf.current = { form, key: confirmsPost && previous > 0 ? previous : previous + 1, confirmsPost };
  }
  const { confirmsPost } = keyOf.current;
  const formKey = `flyer-${keyOf.current.key}`;

  const currentFlyer = useCallback((): Flyer | null => {
    const element = formRef.current;
    if (!element) return null;
    const parsed = parseWithZod(new FormData(element), { schema: FlyerSchema });
    return parsed.status === 'success' ? flyerFromForm(parsed.value) : null;
  }, []);
  const readForm = useCallback(() => {
    const flyer = currentFlyer();
    if (flyer) setLive(flyer);
  }, [currentFlyer]);
  const rememberPost = useCallback(() => {
    const flyer = currentFlyer();
    posted.current = flyer ? JSON.stringify(flyer) : null;
  }, [currentFlyer]);
  useEffect(() => {
    // Kept fields may hold more than the answer: the canvas follows them.
    if (confirmsPost) readForm();
    else setLive(flyerFromForm(form));
    posted.current = null;
    // Only a new answer; `confirmsPost` is read from the render that received it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form]);

  /** With JavaScript the downloads are fetched and saved, so the page (and what is typed) stays. */
  const download = useCallback(
    async (intent: 'download' | 'download-background' | 'print-pdf') => {
      const element = formRef.current;
      if (!element) return;
      const body = new FormData(element);
      body.set('intent', intent);
      setBusy(intent);
      try {
        const response = await fetch(data.download, { method: 'POST', body });
        if (!response.ok) {
          setDownloadError({ id: `${Date.now()}`, text: (await response.text()) || 'The download failed.' });
          return;
        }
        const blob = await response.blob();
        const link = document.createElement('a');
        link.href = URL.createObjectURL(blob);
        link.download = flyerFileName(live.title, intent === 'print-pdf' ? 'pdf' : 'png');
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      } finally {
        setBusy(null);
      }
    },
    [data.download, live.title],
  );

  const message = downloadError
    ? { id: downloadError.id, kind: 'error' as const, message: downloadError.text }
    : actionData?.message
      ? { id: actionData.message.id, kind: actionData.message.kind, message: actionData.message.text }
      : null;
  const customTags = data.config.customTags;
  const size = { width: live.paper.width + 2 * live.margins.width, height: live.paper.height + 2 * live.margins.height };

  const downloadButton = (intent: 'download' | 'download-background' | 'print-pdf', label: string) =>
    form.image ? (
      <Button
        type="submit"
        name="intent"
        value={intent}
        formAction={data.download}
        variant={intent === 'download' ? 'solid' : 'soft'}
        loading={busy === intent}
        onClick={
          hydrated
            ? (event) => {
                event.preventDefault();
                void download(intent);
              }
            : undefined
        }
      >
        {label}
      </Button>
    ) : (
      <Button type="submit" name="intent" value={intent} variant={intent === 'download' ? 'solid' : 'soft'}>
        {label}
      </Button>
    );

  return (
    <TypedValues.Provider value={actionData?.typed ?? {}}>
      <div className="flyer-designer">
        {message ? <ToastMessage toast={message} /> : null}
        <section className="flyer-preview" aria-label="Preview">
          {hydrated ? (
            <FlyerCanvas flyer={live} />
          ) : (
            <img
              src={`${data.download}${data.download.includes('?') ? '&' : '?'}${previewQuery(form, '')}`}
              alt={PREVIEW_LABEL}
              width={Math.round(size.width / 2)}
              height={Math.round(size.height / 2)}
              data-testid="server-preview"
            />
          )}
          <Text as="p" size="1" color="gray">
            {size.width}×{size.height} px; downloads are drawn by the server.
          </Text>
        </section>
        <Form
          key={formKey}
          method="post"
          action={data.self}
          ref={formRef}
          onChange={hydrated ? readForm : undefined}
          onInput={hydrated ? readForm : undefined}
          onSubmit={hydrated ? rememberPost : undefined}
          className="flyer-form"
          aria-labelledby="flyer-heading"
          noValidate
        >
          <input type="hidden" name="image" value={form.image} />
          <input type="hidden" name="key" value={form.key} />
          <input type="hidden" name="imageType" value={form.imageType} />
          <Flex direction="column" gap="3">
            <Heading as="h1" size="5" id="flyer-heading">
              Flyer Designer{data.event ? `: ${data.event.title}` : ''}
            </Heading>
            {actionData?.confirm ? <ConfirmBox confirm={actionData.confirm} /> : null}
            {actionData?.result.status === 'error' ? (
              <Text as="p" color="red" role="alert" size="2">
                Some fields need a change: see the messages below them.
              </Text>
            ) : null}
            <Field label="Title" name="title" errors={errors.title}>
              <input id="title" name="title" defaultValue={form.title} maxLength={FLYER_LIMITS.title} className="form-control" />
            </Field>

            <details open className="flyer-accordion">
              <summary>Flyer Image</summary>
              <Flex direction="column" gap="3" pt="2">
                <Flex gap="3" wrap="wrap">
                  <Field label="Orientation" name="paper.orientation">
                    <select id="paper.orientation" name="paper.orientation" defaultValue={form.paper.orientation} className="form-control">
                      <option value="portrait">Portrait</option>
                      <option value="landscape">Landscape</option>
                    </select>
                  </Field>
                  <Field label="Paper" name="paper.type" hint="Changing the orientation resets the paper (Update).">
                    <select id="paper.type" name="paper.type" defaultValue={form.paper.type} className="form-control">
                      {paperTypesOf(form.paper.orientation).map((type) => (
                        <option key={type} value={type}>
                          {FLYER_PAPERS[type].label}
                        </option>
                      ))}
                    </select>
                  </Field>
                </Flex>
                <fieldset className="flyer-tags">
                  <legend>Tags</legend>
                  <Flex gap="2" wrap="wrap">
                    {[...FLYER_STYLE_TAGS, ...customTags].map((tag) => (
                      <label key={tag} className="flyer-tag">
                        <input type="checkbox" name="tags" value={tag} defaultChecked={form.tags.includes(tag)} /> {tag}
                      </label>
                    ))}
                  </Flex>
                  <Flex gap="2" align="end" wrap="wrap">
                    <Field label="New tag" name="customTag" errors={errors.customTag}>
                      <input
                        id="customTag"
                        name="customTag"
                        defaultValue={form.customTag}
                        maxLength={FLYER_LIMITS.tag}
                        className="form-control"
                      />
                    </Field>
                    <Button type="submit" name="intent" value="add-tag" variant="soft">
                      Add Tag
                    </Button>
                  </Flex>
                </fieldset>
                {data.job ? (
                  <section aria-label="Image generation" className="flyer-job">
                    {hasEnded(data.job.view.state) ? null : (
                      <noscript>
                        <meta httpEquiv="refresh" content="3" />
                      </noscript>
                    )}
                    <JobProgress view={data.job.view} stateHref={data.job.stateHref} follow={false} />
                  </section>
                ) : null}
                <fieldset>
                  <legend>Generate an image</legend>
                  <Field label="What the background shows" name="prompt" errors={errors.prompt}>
                    <textarea
                      id="prompt"
                      name="prompt"
                      defaultValue={form.prompt}
                      maxLength={FLYER_LIMITS.prompt}
                      rows={3}
                      className="form-control"
                    />
                  </Field>
                  <Text size="2" role="note">
                    {FLYER_TEXTS.generationWait}
                    {data.aiOffline ? ' AI images are offline here: a sample picture is made instead.' : ''}
                  </Text>
                  <Flex>
                    <Button type="submit" name="intent" value="generate">
                      Generate Image
                    </Button>
                  </Flex>
                </fieldset>
                {data.event && data.event.headerImages.length > 0 ? (
                  <fieldset>
                    <legend>Event images</legend>
                    <Flex gap="2" wrap="wrap">
                      {data.event.headerImages.map((url, index) => (
                        <button
                          key={url}
                          type="submit"
                          name="intent"
                          value={`use-header:${index}`}
                          className="flyer-thumb-button"
                          aria-label={`Use event header ${index + 1}`}
                        >
                          <img src={url} alt="" className="flyer-thumb" />
                        </button>
                      ))}
                    </Flex>
                  </fieldset>
                ) : null}
                <fieldset>
                  <legend>History</legend>
                  <Flex gap="2" align="end" wrap="wrap">
                    <Field label="Search by title" name="historyQuery">
                      <input
                        id="historyQuery"
                        name="historyQuery"
                        type="search"
                        defaultValue={form.historyQuery}
                        className="form-control"
                        onChange={(event) => setHistoryQuery(event.currentTarget.value)}
                      />
                    </Field>
                  </Flex>
                  <HistoryList data={data} form={form} query={hydrated ? historyQuery : form.historyQuery} />
                </fieldset>
                <Flex gap="3" wrap="wrap">
                  <Field label="Tint" name="tint.whiteBlack">
                    <select id="tint.whiteBlack" name="tint.whiteBlack" defaultValue={form.tint.whiteBlack} className="form-control">
                      <option value="black">Black</option>
                      <option value="white">White</option>
                    </select>
                  </Field>
                  <NumberField
                    label="Tint opacity"
                    name="tint.opacity"
                    value={form.tint.opacity}
                    min={0}
                    max={0.75}
                    step={0.05}
                    errors={errors['tint.opacity']}
                  />
                  <NumberField
                    label="Image left (%)"
                    name="paper.offsetX"
                    value={form.paper.offsetX}
                    min={0}
                    max={100}
                    step={5}
                    errors={errors['paper.offsetX']}
                  />
                  <NumberField
                    label="Image top (%)"
                    name="paper.offsetY"
                    value={form.paper.offsetY}
                    min={0}
                    max={100}
                    step={5}
                    errors={errors['paper.offsetY']}
                  />
                </Flex>
              </Flex>
            </details>

            <details open className="flyer-accordion">
              <summary>Modify Text/Elements</summary>
              <Flex direction="column" gap="3" pt="2">
                {form.elements.map((element, index) => (
                  <ElementFields
                    key={element.id}
                    element={element}
                    index={index}
                    errors={errors}
                    saved={saved?.find((candidate) => candidate.id === element.id) ?? null}
                    current={live.elements.find((candidate) => candidate.id === element.id) ?? null}
                  />
                ))}
                <Flex>
                  <Button type="submit" name="intent" value="add-text" variant="soft">
                    Add Text Element
                  </Button>
                </Flex>
              </Flex>
            </details>

            <section className="flyer-layout" aria-labelledby="flyer-layout-heading">
              <Heading as="h2" size="3" id="flyer-layout-heading">
                Layout
              </Heading>
              <Flex direction="column" gap="3" pt="2">
                <label className="flyer-check">
                  <input type="checkbox" name="marginsOn" defaultChecked={form.marginsOn} /> Margins (30 px each side)
                </label>
                <Flex gap="2" wrap="wrap">
                  {data.event ? (
                    <Button type="submit" name="intent" value="load-event" variant="soft">
                      Load Event Layout
                    </Button>
                  ) : null}
                  <Button type="submit" name="intent" value="space-evenly" variant="soft">
                    Space Evenly
                  </Button>
                  <Button type="submit" name="intent" value="update" variant="soft">
                    Update Preview
                  </Button>
                </Flex>
                <Flex gap="2" wrap="wrap">
                  {downloadButton('download', 'Download Flyer')}
                  {downloadButton('download-background', 'Download Background')}
                  {downloadButton('print-pdf', 'Print PDF')}
                </Flex>
                <Text size="1" color="gray">
                  PNG named “{flyerFileName(live.title)}”; the print PDF has the paper’s size and a 0.125 in bleed.
                </Text>
              </Flex>
            </section>
          </Flex>
        </Form>
      </div>
    </TypedValues.Provider>
  );
}

function HistoryList({ data, form, query }: { data: FlyerPageData; form: FlyerFormValue; query: string }) {
  const shown = data.history.filter((entry) => fuzzyMatches(entry.title, query)).slice(0, FLYER_DEFAULTS.historyShown);
  const filtered = query.trim().length > 1;
  return (
    <>
      <Text size="1" color="gray" aria-live="polite">
        {filtered
          ? `${shown.length} matching “${query.trim()}”`
          : `The ${Math.min(FLYER_DEFAULTS.historyShown, data.historyTotal)} newest of ${data.historyTotal}`}
        .
      </Text>
      {data.historyTotal === 0 ? <Text size="2">No flyers yet: generate an image or use one of the event.</Text> : null}
      <ul className="flyer-history">
        {shown.map((entry) => (
          <li key={entry.key} aria-current={entry.key === form.key ? 'true' : undefined}>
            <img src={entry.url} alt="" className="flyer-thumb" />
            <span className="flyer-history-title">{entry.title || 'Untitled'}</span>
            <Flex gap="1" wrap="wrap">
              <Button
                type="submit"
                name="intent"
                value={`use-history:${entry.key}`}
                size="1"
                variant="soft"
                aria-label={`Use ${entry.title || 'Untitled'}`}
              >
                Use
              </Button>
              <Button
                type="submit"
                name="intent"
                value={`delete-history:${entry.key}`}
                size="1"
                variant="soft"
                color="red"
                aria-label={`Delete Flyer ${entry.title || 'Untitled'}`}
              >
                Delete
              </Button>
            </Flex>
          </li>
        ))}
      </ul>
    </>
  );
}

function ConfirmBox({ confirm }: { confirm: NonNullable<FlyerActionData['confirm']> }) {
  const title = confirm.kind === 'load-event' ? FLYER_TEXTS.loadEventTitle : FLYER_TEXTS.deleteTitle;
  const text = confirm.kind === 'load-event' ? FLYER_TEXTS.loadEventText : FLYER_TEXTS.deleteText;
  return (
    <div role="alertdialog" aria-labelledby="flyer-confirm-title" aria-describedby="flyer-confirm-text" className="flyer-confirm">
      <Heading as="h2" size="3" id="flyer-confirm-title">
        {title}
      </Heading>
      <Text as="p" id="flyer-confirm-text">
        {text}
      </Text>
      <Flex gap="2" pt="2">
        <Button
          type="submit"
          name="intent"
          value={confirm.kind === 'load-event' ? 'confirm-load-event' : `confirm-delete-history:${confirm.key}`}
          color={confirm.kind === 'load-event' ? undefined : 'red'}
        >
          {confirm.kind === 'load-event' ? 'Load' : 'Delete'}
        </Button>
        <Button type="submit" name="intent" value="update" variant="soft" color="gray">
          Cancel
        </Button>
      </Flex>
    </div>
  );
}

function FlyerCanvas({ flyer }: { flyer: Flyer }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(0);
  const [ready, setReady] = useState(false);
  const design = useMemo(() => flyerDesign(flyer), [flyer]);
  useEffect(() => {
    const ticket = ++drawn.current;
    void (async () => {
      const [images] = await Promise.all([loadDesignImages(design, loadBrowserImage), loadFontsOf(design)]);
      const ctx = canvas.current?.getContext('2d');
      if (!ctx || ticket !== drawn.current) return;
      drawDesign<HTMLImageElement>(ctx, design, images);
      setReady(true);
    })();
  }, [design]);
  return (
    <canvas
      ref={canvas}
      width={design.width}
      height={design.height}
      role="img"
      aria-label={PREVIEW_LABEL}
      data-testid="canvas-preview"
      data-drawn={ready ? '' : undefined}
      style={{ aspectRatio: `${design.width} / ${design.height}` }}
    />
  );
}
