import { getCollectionProps, getFormProps, useForm } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FormActions } from '~/components/form-actions';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { ErrorList } from '~/components/forms/error-list';
import { FormErrors, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { ConfirmDialog } from '~/components/ui/confirm-dialog';
import { ImageUploader } from '~/components/widgets/image-uploader';
import { hrefs } from '~/lib/hrefs';
import type { ListScreenData } from '~/lib/listing/screen';
import { PROMO_CROP_FIELD, PROMO_FILE_FIELD, PROMO_IMAGE_SIZE, PROMO_TEXTS, type PromoKind } from '~/lib/promos';
import { PromoSchema } from '~/schemas/promo';
import type { PromoActionData, PromoEditorData } from './promo.server';

/**
 * The right columns of the splash screens and banner ads lists (app/lib/promos.ts): what the list
 * is, with its Add button, and the editor (title, web address, image with the shared uploader,
 * the apps or pages that show it; Delete asks first). Plain forms: everything works without
 * JavaScript; with it the uploader crops and uploads the image in place.
 */

type PromoFormFields = {
  title: string;
  url?: string;
  drawable: string;
  pages: string[];
};

export function PromoActions({ data, kind }: { data: ListScreenData; kind: PromoKind }) {
  const texts = PROMO_TEXTS[kind];
  return (
    <Flex direction="column" gap="3">
      <Heading as="h2" size="4">
        {data.title}
      </Heading>
      <Text as="p" size="2" color="gray">
        {texts.intro}
      </Text>
      <Flex gap="2" wrap="wrap">
        <Button asChild>
          <Link to={hrefs.listnmAction(kind, 'add')}>{texts.addLabel}</Link>
        </Button>
      </Flex>
      {data.rows.length === 0 && !data.filters.active ? (
        <Text as="p" color="gray" size="2">
          {data.emptyMessage}
        </Text>
      ) : null}
    </Flex>
  );
}

export function PromoEditor({ data, actionData }: { data: PromoEditorData; actionData: PromoActionData | undefined }) {
  const texts = PROMO_TEXTS[data.kind];
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state === 'submitting';
  const [form, fields] = useForm<PromoFormFields>({
    id: `promo-${data.kind}-${data.key}`,
    lastResult: actionData?.result,
    defaultValue: data.defaults,
    constraint: getZodConstraint(PromoSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PromoSchema }),
  });
  const drawable = typeof fields.drawable.value === 'string' ? fields.drawable.value : '';
  const size = PROMO_IMAGE_SIZE[data.kind];
  const confirmDelete = data.confirmDelete || actionData?.confirmDelete === true;
  const pagesHintId = `${fields.pages.id}-hint`;
  return (
    <Flex direction="column" gap="4">
      <Form
        method="post"
        encType="multipart/form-data"
        action={data.formAction}
        {...getFormProps(form)}
        aria-labelledby="promo-heading"
        data-hydrated={hydrated ? '' : undefined}
      >
        <VersionField version={actionData?.version ?? data.version} />
        {/* Enter in a field saves (the first submit button of a form is its default; the uploader's Upload comes later). */}
        <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id="promo-heading" tabIndex={-1}>
            {data.heading}
          </Heading>
          {actionData?.error ? (
            <Callout.Root color="red" role="alert" size="1">
              <Callout.Text>{actionData.error}</Callout.Text>
            </Callout.Root>
          ) : null}
          <ConflictNotice conflict={actionData?.conflict} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField field={fields.title} label="Title" />
          <TextField field={fields.url} label="Web Address" type="url" hint="The page a tap opens, such as https://example.com." />
          <TextField field={fields.drawable} label="Image" hint="Upload an image below, or paste its web address." />
          {drawable ? (
            <img
              src={drawable}
              alt={`${texts.itemName} preview`}
              className={data.kind === 'ads' ? 'promo-preview promo-preview-banner' : 'promo-preview promo-preview-splash'}
            />
          ) : null}
          <ImageUploader
            name={PROMO_FILE_FIELD}
            cropName={PROMO_CROP_FIELD}
            label={texts.imageLabel}
            accept={data.upload.accept}
            maxBytes={data.upload.maxBytes}
            tooLargeMessage={data.upload.tooLargeMessage}
            aspectRatio={size.width / size.height}
            submitName="intent"
            submitValue="upload"
            hint={texts.imageHint}
            uploadUrl={data.upload.url}
            onUploaded={(image) => form.update({ name: fields.drawable.name as string, value: image.croppedURL })}
          />
          <fieldset className="promo-pages" aria-describedby={pagesHintId}>
            <legend>{texts.pagesLabel}</legend>
            <Text as="p" size="1" color="gray" id={pagesHintId}>
              {texts.pagesHint}
            </Text>
            {data.kind === 'splashscreen' ? (
              <Text as="label" size="2" className="form-check">
                <input type="checkbox" checked disabled readOnly /> {`${data.community.title} (this app)`}
              </Text>
            ) : null}
            {data.choices.length === 0 ? (
              <Text as="p" size="2" color="gray">
                {texts.noPages}
              </Text>
            ) : (
              getCollectionProps(fields.pages, {
                type: 'checkbox',
                options: data.choices.map((choice) => choice.key),
              }).map((props) => {
                const choice = data.choices.find((candidate) => candidate.key === props.value);
                return (
                  <Text as="label" size="2" className="form-check" key={props.key ?? props.value}>
                    <input {...props} key={props.key} /> {choice?.title ?? props.value}
                  </Text>
                );
              })
            )}
            <ErrorList id={fields.pages.errorId} errors={fields.pages.errors} />
          </fieldset>
          <FormActions closeHref={data.closeHref}>
            <Button type="submit" name="intent" value="save" disabled={busy}>
              {data.mode === 'add' ? 'Add' : 'Save'}
            </Button>
          </FormActions>
        </Flex>
      </Form>
      {data.mode === 'edit' ? (
        <Form method="post" action={data.formAction} aria-label={texts.deleteTitle}>
          <VersionField version={actionData?.version ?? data.version} />
          <Button type="submit" name="intent" value="delete" color="red" variant="soft" disabled={busy}>
            Delete
          </Button>
        </Form>
      ) : null}
      {confirmDelete && data.mode === 'edit' ? (
        <ConfirmDialog
          title={texts.deleteTitle}
          role="alertdialog"
          safeChoice
          description={texts.deleteText}
          cancelHref={`${data.formAction}#editor`}
          form={{ action: data.formAction }}
          answers={
            <Button type="submit" name="intent" value="delete-confirmed" color="red">
              Delete
            </Button>
          }
        />
      ) : null}
    </Flex>
  );
}
