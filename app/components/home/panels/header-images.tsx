import { getCollectionProps, getFormProps, getInputProps, useForm, type FieldMetadata } from '@conform-to/react';
import { Box, Button, Callout, Flex, Heading, Text } from '@radix-ui/themes';
import { Form, useNavigation } from '@remix-run/react';
import { useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ImageUploader } from '~/components/widgets/image-uploader';
import { CROP_FIELD, HEADER_TYPES, HEADER_TYPE_LABELS, IMAGE_FIELD, type HeaderImageValue, type HeaderType } from '~/schemas/header';
import { ErrorList } from '~/components/forms/error-list';
import { FormActions } from '~/components/forms/form-actions';
import { Checkbox, TextInput } from './community-setup-fields';
import type { HeaderImagesActionData, HeaderImagesData } from './header-images.server';
import type { PanelProps } from './registry';

/**
 * The header editor (spec 02 "Header editor"): Header Type Image(s) or Video, the images with
 * captions (remove, move up and down), an image upload with a cropper when JavaScript runs,
 * the video, slideshow delay and Hide Title in Android. Every button posts the one form, so it
 * works without JavaScript; the places-photo picker is not offered (no places provider yet).
 */

const FORM_ID = 'header-images-form';
const HIDDEN_IMAGE_FIELDS = ['imageURL', 'originalURL', 'imageName', 'thumbURL', 'date'] as const;

function ImageRow({
  form,
  list,
  field,
  index,
  count,
}: {
  form: ReturnType<typeof useForm<any>>[0];
  list: FieldMetadata<HeaderImageValue[]>;
  field: FieldMetadata<HeaderImageValue>;
  index: number;
  count: number;
}) {
  const image = field.getFieldset();
  const thumb = image.thumbURL.initialValue || image.imageURL.initialValue;
  const name = image.imageName.initialValue || `Image ${index + 1}`;
  return (
    <Flex asChild gap="3" align="start" p="2" style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-2)' }}>
      <li aria-label={`Image ${index + 1}`}>
        {thumb ? <img src={String(thumb)} alt={String(name)} width={125} style={{ aspectRatio: '1125 / 600', objectFit: 'cover', borderRadius: 4 }} /> : null}
        <Flex direction="column" gap="2" style={{ flex: 1 }}>
          {HIDDEN_IMAGE_FIELDS.map((key) => {
            const { key: reactKey, ...props } = getInputProps(image[key] as FieldMetadata<string | undefined>, { type: "hidden" });
            return <input key={reactKey ?? key} {...props} />;
          })}
          <Text size="1" color="gray">
            {name}
          </Text>
          <TextInput field={image.caption} label={`Caption ${index + 1}`} />
          <Flex gap="2" wrap="wrap">
            <Button size="1" variant="soft" disabled={index === 0} {...form.reorder.getButtonProps({ name: list.name, from: index, to: index - 1 })} aria-label={`Move image ${index + 1} up`}>
              Move up
            </Button>
            <Button size="1" variant="soft" disabled={index === count - 1} {...form.reorder.getButtonProps({ name: list.name, from: index, to: index + 1 })} aria-label={`Move image ${index + 1} down`}>
              Move down
            </Button>
            <Button size="1" variant="soft" color="red" {...form.remove.getButtonProps({ name: list.name, index })} aria-label={`Remove image ${index + 1}`}>
              Remove
            </Button>
          </Flex>
        </Flex>
      </li>
    </Flex>
  );
}

function HeaderImagesForm({ data, actionData }: { data: HeaderImagesData; actionData: HeaderImagesActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  const [form, fields] = useForm({
    id: FORM_ID,
    lastResult: actionData?.result,
    defaultValue: {
      ...data.defaultValue,
      autoplay: data.defaultValue.autoplay ? 'on' : undefined,
      hideTitle: data.defaultValue.hideTitle ? 'on' : undefined,
    },
    shouldValidate: 'onSubmit',
  });
  const [type, setType] = useState<HeaderType>((fields.headerType.initialValue as HeaderType | undefined) ?? 'images');
  const images = fields.images.getFieldList();
  const imageErrors = (form.allErrors as Record<string, string[] | undefined>)[IMAGE_FIELD] ?? null;
  // Without JavaScript both parts show; the chosen type decides what is saved.
  const showImages = !hydrated || type === 'images';
  const showVideo = !hydrated || type === 'video';
  const delay = getInputProps(fields.delaySeconds, { type: 'number' });
  const { key: delayKey, ...delayProps } = delay;

  return (
    <Form method="post" action="/header-images" encType="multipart/form-data" {...getFormProps(form)}>
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5">
          Header Images
        </Heading>
        <fieldset style={{ border: 0, padding: 0, margin: 0 }}>
          <legend>
            <Text size="2" weight="medium">
              Header Type
            </Text>
          </legend>
          <Flex gap="4" pt="1">
            {getCollectionProps(fields.headerType, { type: 'radio', options: [...HEADER_TYPES] }).map(({ key, ...props }) => (
              <Text as="label" size="2" key={key} style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
                <input {...props} onChange={(event) => setType(event.currentTarget.value as HeaderType)} />
                {HEADER_TYPE_LABELS[props.value as HeaderType]}
              </Text>
            ))}
          </Flex>
        </fieldset>

        {showImages ? (
          <Flex direction="column" gap="3" asChild>
            <section aria-label="Images">
              <Heading as="h3" size="3">
                Image(s)
              </Heading>
              {images.length ? (
                <Flex direction="column" gap="2" asChild>
                  <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                    {images.map((image, index) => (
                      <ImageRow key={image.key} form={form} list={fields.images} field={image} index={index} count={images.length} />
                    ))}
                  </ol>
                </Flex>
              ) : (
                <Text size="2" color="gray">
                  No images yet.
                </Text>
              )}
              <ErrorList id={fields.images.errorId} errors={fields.images.errors} />
              {actionData?.uploadError ? (
                <Callout.Root color="red" role="alert">
                  <Callout.Text>
                    <strong>{actionData.uploadError.title}</strong>: {actionData.uploadError.message}
                  </Callout.Text>
                </Callout.Root>
              ) : null}
              <ImageUploader
                name={IMAGE_FIELD}
                cropName={CROP_FIELD}
                label="Add image"
                accept={data.accept}
                maxBytes={data.maxBytes}
                tooLargeMessage={data.tooLargeMessage}
                aspectRatio={data.target.width / data.target.height}
                submitName="intent"
                submitValue="upload"
                errors={actionData?.uploadError ? null : imageErrors}
                hint={`PNG or JPEG, ${data.target.width}x${data.target.height} recommended.`}
              />
            </section>
          </Flex>
        ) : null}

        {showVideo ? (
          <Flex direction="column" gap="3" asChild>
            <section aria-label="Video">
              <Heading as="h3" size="3">
                Video
              </Heading>
              <TextInput field={fields.videoURL} label="Video URL" hint="A YouTube video code or the address of its page." />
              <Checkbox field={fields.autoplay} label="Autoplay" />
            </section>
          </Flex>
        ) : null}

        <Flex direction="column" gap="1">
          <Text as="label" size="2" weight="medium" htmlFor={fields.delaySeconds.id}>
            Slideshow Delay (seconds)
          </Text>
          <Box>
            <input key={delayKey} {...delayProps} min={1} max={60} step={1} style={{ width: 100, font: 'inherit', padding: '6px 8px' }} />
          </Box>
          <ErrorList id={fields.delaySeconds.errorId} errors={fields.delaySeconds.errors} />
        </Flex>
        <Checkbox field={fields.hideTitle} label="Hide Title in Android" />

        <FormActions submitLabel="Save" busy={busy} />
      </Flex>
    </Form>
  );
}

const replyKeys = new WeakMap<object, number>();
let lastReplyKey = 0;
function replyKey(reply: object): number {
  let key = replyKeys.get(reply);
  if (key === undefined) replyKeys.set(reply, (key = ++lastReplyKey));
  return key;
}

export function HeaderImagesPanel({ data, actionData }: PanelProps<HeaderImagesData, HeaderImagesActionData>) {
  // A fresh form after each post: the reply's values (with a new upload) and an empty file input.
  return <HeaderImagesForm key={actionData ? replyKey(actionData) : 0} data={data} actionData={actionData} />;
}
