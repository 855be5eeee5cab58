import { getCollectionProps, getFormProps, getInputProps, useForm, type FieldMetadata, type FormMetadata } from '@conform-to/react';
import { getZodConstraint } from '@conform-to/zod';
import { Box, Button, Flex, Heading, Link as RadixLink, Text } from '@radix-ui/themes';
import { useNavigation } from '@remix-run/react';
import { useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { ErrorList } from '~/components/forms/error-list';
import { CheckboxField, Notice, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { FormActions } from '~/components/forms/form-actions';
import { UnsavedChangesDialog, useUnsavedChanges } from '~/components/forms/unsaved-changes';
import { validateOnSave } from '~/components/forms/validate';
import { PageDialog } from '~/components/ui/dialog';
import { ImageUploader } from '~/components/widgets/image-uploader';
import {
  CROP_FIELD,
  HEADER_TYPES,
  HEADER_TYPE_LABELS,
  HeaderSchema,
  IMAGE_FIELD,
  MAX_HEADER_IMAGES,
  type HeaderFormInput,
  type HeaderFormValue,
  type HeaderImageInput,
  type HeaderType,
  PLACE_CREDIT_PREFIX,
  PLACE_PHOTO_FIELD,
} from '~/schemas/header';
import type { HeaderImagesActionData, HeaderImagesData, PlacesPicker } from './header-images.server';
import { AiImageDialog, StockPhotosDialog } from './media-dialogs';

/**
 * The header editor (spec 02 "Header editor"): Header Type Image(s) or Video, the images with
 * captions (remove, move up and down), an image upload with a cropper when JavaScript runs, a
 * places picker when the community has a place (spec 02 §2, §5, §7), the video, slideshow
 * delay and Hide Title in Android. Every button posts the one form, so it works without
 * JavaScript: the picker is rendered by the server over the form (its photos are radios of the
 * same form, so nothing typed is lost); with JavaScript, Cancel and Escape close it in place.
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
  form: FormMetadata<HeaderFormInput>;
  list: FieldMetadata<HeaderImageInput[]>;
  field: FieldMetadata<HeaderImageInput>;
  index: number;
  count: number;
}) {
  const image = field.getFieldset();
  const thumb = image.thumbURL.initialValue || image.imageURL.initialValue;
  const name = String(image.imageName.initialValue || `Image ${index + 1}`);
  return (
    <Flex asChild gap="3" align="start" p="2" style={{ border: '1px solid var(--gray-a5)', borderRadius: 'var(--radius-2)' }}>
      <li aria-label={`Image ${index + 1}`}>
        {thumb ? (
          <img src={String(thumb)} alt={name} width={125} style={{ aspectRatio: '1125 / 600', objectFit: 'cover', borderRadius: 4 }} />
        ) : null}
        <Flex direction="column" gap="2" style={{ flex: 1 }}>
          {HIDDEN_IMAGE_FIELDS.map((key) => {
            const { key: reactKey, ...props } = getInputProps(image[key] as FieldMetadata<string | undefined>, { type: 'hidden' });
            return <input key={reactKey ?? key} {...props} />;
          })}
          <Text size="1" color="gray">
            {name}
          </Text>
          {/* The addresses are hidden fields: a refused one is said here, beside its image. */}
          <ErrorList
            id={image.imageURL.errorId}
            errors={[...(image.imageURL.errors ?? []), ...(image.thumbURL.errors ?? []), ...(image.originalURL.errors ?? [])].slice(0, 1)}
          />
          <TextField field={image.caption} label={`Caption ${index + 1}`} />
          <Flex gap="2" wrap="wrap">
            <Button
              size="1"
              variant="soft"
              disabled={index === 0}
              {...form.reorder.getButtonProps({ name: list.name, from: index, to: index - 1 })}
              aria-label={`Move image ${index + 1} up`}
            >
              Up
            </Button>
            <Button
              size="1"
              variant="soft"
              disabled={index === count - 1}
              {...form.reorder.getButtonProps({ name: list.name, from: index, to: index + 1 })}
              aria-label={`Move image ${index + 1} down`}
            >
              Down
            </Button>
            <Button
              size="1"
              variant="soft"
              color="red"
              {...form.remove.getButtonProps({ name: list.name, index })}
              aria-label={`Remove image ${index + 1}`}
            >
              Remove
            </Button>
          </Flex>
        </Flex>
      </li>
    </Flex>
  );
}

/** "Guest 1, Guest 2", each linked to the author's page when known (Places photo attributions). */
function Credit({ photo }: { photo: PlacesPicker['photos'][number] }) {
  return (
    <>
      {photo.attributions.map((author, index) => (
        <span key={`${author.displayName}-${index}`}>
          {index > 0 ? ', ' : null}
          {author.uri ? (
            <RadixLink href={author.uri} target="_blank" rel="noopener noreferrer">
              {author.displayName}
            </RadixLink>
          ) : (
            author.displayName
          )}
        </span>
      ))}
    </>
  );
}

/**
 * The places picker (spec 02 §2 "a places picker modal"): up to nine photos of the place as
 * radios of the editor's form, each credited to its authors; 'Add Photo' posts the choice.
 * Rendered first in the form, so its hidden default button makes Enter add the chosen photo.
 */
function PlacesPickerDialog({
  picker,
  offlineMessage,
  onClose,
}: {
  picker: PlacesPicker;
  offlineMessage: string;
  onClose?: (() => void) | undefined;
}) {
  const navigation = useNavigation();
  const posting = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  const adding = posting === 'place-photo';
  const retrying = posting === 'places';
  const hasPhotos = picker.photos.length > 0;
  return (
    <PageDialog
      role="dialog"
      title="Places Photos"
      description={
        hasPhotos
          ? 'Choose a photo of this place for the header. It is cut to the header’s shape around its centre and added to the images; Save keeps it.'
          : undefined
      }
      onDismiss={onClose}
      actions={
        <>
          <Button
            type="submit"
            name="intent"
            value="places-cancel"
            variant="soft"
            color="gray"
            formNoValidate
            data-dialog-cancel=""
            onClick={
              onClose
                ? (event) => {
                    event.preventDefault();
                    onClose();
                  }
                : undefined
            }
          >
            Cancel
          </Button>
          {picker.retry ? (
            <Button type="submit" name="intent" value="places" variant="soft" formNoValidate loading={retrying}>
              Try Again
            </Button>
          ) : null}
          {hasPhotos ? (
            <Button type="submit" name="intent" value="place-photo" formNoValidate loading={adding}>
              Add Photo
            </Button>
          ) : null}
        </>
      }
    >
      <div className="places-picker">
        {picker.offline ? <Notice tone="info">{offlineMessage}</Notice> : null}
        {picker.error ? <Notice>{picker.error}</Notice> : null}
        {hasPhotos ? (
          <fieldset className="places-picker-photos">
            <legend className="visually-hidden">Photos of this place</legend>
            <ul className="places-picker-grid">
              {picker.photos.map((photo, index) => (
                <li key={photo.id} className="places-picker-item">
                  <label className="places-picker-choice">
                    <input
                      type="radio"
                      name={PLACE_PHOTO_FIELD}
                      value={photo.id}
                      defaultChecked={photo.id === picker.chosen}
                      aria-describedby={`places-photo-credit-${index}`}
                    />
                    {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the photos have no description: their number names the radio */}
                    <img src={photo.thumbnailUrl} alt={`Photo ${index + 1}`} referrerPolicy="no-referrer" loading="lazy" />
                  </label>
                  {/* The authors travel with the choice: the added image's caption credits them. */}
                  <input
                    type="hidden"
                    name={`${PLACE_CREDIT_PREFIX}${photo.id}`}
                    value={photo.attributions.map((author) => author.displayName).join(', ')}
                  />
                  <Text as="p" size="1" color="gray" id={`places-photo-credit-${index}`} className="places-picker-credit">
                    <Credit photo={photo} />
                  </Text>
                </li>
              ))}
            </ul>
            {picker.offline ? null : (
              <Text as="p" size="1" color="gray" mt="2">
                Photos from Google Maps.
              </Text>
            )}
          </fieldset>
        ) : null}
        {/* The form's default button while the picker is open: Enter adds the chosen photo. */}
        {hasPhotos ? (
          <button
            type="submit"
            name="intent"
            value="place-photo"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            formNoValidate
          />
        ) : null}
      </div>
    </PageDialog>
  );
}

function HeaderImagesForm({ data, actionData }: { data: HeaderImagesData; actionData: HeaderImagesActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  // The picker an answer asks for (intent 'places', or 'place-photo' failing), else the one of `?places=1`.
  const picker = actionData ? (actionData.picker ?? null) : data.picker;
  const [pickerOpen, setPickerOpen] = useState(picker !== null);
  const opening = busy && navigation.formData?.get('intent') === 'places';
  const postingIntent = busy ? navigation.formData?.get('intent') : null;
  // The stock photo and AI dialogs an answer asks for, else the ones of `?stock=` / `?ai=1`.
  const stock = actionData ? (actionData.stock ?? null) : data.stock;
  const ai = actionData ? (actionData.ai ?? null) : data.ai;
  const [stockOpen, setStockOpen] = useState(stock !== null);
  const [aiOpen, setAiOpen] = useState(ai !== null);
  const [form, fields] = useForm<HeaderFormInput, HeaderFormValue>({
    id: FORM_ID,
    lastResult: actionData?.result,
    defaultValue: {
      ...data.defaultValue,
      autoplay: data.defaultValue.autoplay ? 'on' : undefined,
      hideTitle: data.defaultValue.hideTitle ? 'on' : undefined,
    },
    constraint: getZodConstraint(HeaderSchema),
    shouldValidate: 'onSubmit',
    // With JavaScript the list intents (an uploaded image inserted, remove, reorder) are applied
    // in the browser, so uploads running in parallel never race a post; Save still posts.
    // The other buttons (Upload, the pickers' and dialogs' buttons) are steps: they post unvalidated.
    onValidate: validateOnSave(HeaderSchema),
  });
  const [type, setType] = useState<HeaderType>((fields.headerType.initialValue as HeaderType | undefined) ?? 'images');
  // Never more rows than a header holds, whatever an answer carries (the schema says what is too many).
  const images = fields.images.getFieldList().slice(0, MAX_HEADER_IMAGES);
  const imageErrors = (form.allErrors as Record<string, string[] | undefined>)[IMAGE_FIELD] ?? null;
  // Without JavaScript both parts show; the chosen type decides what is saved.
  const showImages = !hydrated || type === 'images';
  const showVideo = !hydrated || type === 'video';
  const formRef = useRef<HTMLFormElement>(null);
  const blocker = useUnsavedChanges(formRef, { loaded: data, answered: actionData });

  return (
    <Form
      method="post"
      action={data.formAction}
      encType="multipart/form-data"
      {...getFormProps(form)}
      ref={formRef}
      data-hydrated={hydrated ? '' : undefined}
    >
      <UnsavedChangesDialog blocker={blocker} />
      {stock && stockOpen ? <StockPhotosDialog stock={stock} onClose={hydrated ? () => setStockOpen(false) : undefined} /> : null}
      {ai && aiOpen ? <AiImageDialog ai={ai} onClose={hydrated ? () => setAiOpen(false) : undefined} /> : null}
      {picker && pickerOpen ? (
        <PlacesPickerDialog
          picker={picker}
          offlineMessage={data.places.offlineMessage}
          onClose={hydrated ? () => setPickerOpen(false) : undefined}
        />
      ) : null}
      <VersionField version={actionData?.version ?? data.version} />
      <Flex direction="column" gap="4">
        <Heading as="h2" size="5">
          Header Images
        </Heading>
        <ConflictNotice conflict={actionData?.conflict} />
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
                      <ImageRow
                        key={image.key ?? image.id}
                        form={form}
                        list={fields.images}
                        field={image}
                        index={index}
                        count={images.length}
                      />
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
                <Notice failure>
                  <strong>{actionData.uploadError.title}</strong>: {actionData.uploadError.message}
                </Notice>
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
                hint={`PNG or JPEG, ${data.target.width}x${data.target.height} recommended. Several images can be chosen at once.`}
                multiple
                uploadUrl={data.uploadUrl}
                onUploaded={(image) =>
                  form.insert({
                    name: fields.images.name,
                    defaultValue: {
                      imageURL: image.imageURL,
                      originalURL: image.originalURL,
                      imageName: image.imageName,
                      thumbURL: image.thumbURL,
                      date: image.date,
                    },
                  })
                }
              />
              <Flex gap="2" align="center" wrap="wrap">
                <Button type="submit" name="intent" value="stock" variant="soft" formNoValidate loading={postingIntent === 'stock'}>
                  Stock Photos
                </Button>
                {data.aiImages ? (
                  <Button type="submit" name="intent" value="ai" variant="soft" formNoValidate loading={postingIntent === 'ai'}>
                    AI Image
                  </Button>
                ) : null}
                {data.stockOffline || (data.aiImages && data.aiOffline) ? (
                  <Text size="1" color="gray">
                    {data.stockOffline && data.aiImages && data.aiOffline
                      ? 'Sample photos and drawn images only: the photo and AI services are not set up on this console.'
                      : data.stockOffline
                        ? 'Sample photos only: the stock photo services are not set up on this console.'
                        : 'Drawn sample images only: the AI image service is not set up on this console.'}
                  </Text>
                ) : null}
              </Flex>
              {data.places.available ? (
                <Flex gap="2" align="center" wrap="wrap">
                  <Button type="submit" name="intent" value="places" variant="soft" formNoValidate loading={opening}>
                    Choose from Places Photos
                  </Button>
                  <Text size="1" color="gray">
                    {data.places.offline ? data.places.offlineHint : 'Photos of this community’s place on Google Maps.'}
                  </Text>
                </Flex>
              ) : null}
            </section>
          </Flex>
        ) : null}

        {showVideo ? (
          <Flex direction="column" gap="3" asChild>
            <section aria-label="Video">
              <Heading as="h3" size="3">
                Video
              </Heading>
              <TextField field={fields.videoURL} type="url" label="Video URL" hint="A YouTube video code or the address of its page." />
              <CheckboxField field={fields.autoplay} label="Autoplay" />
            </section>
          </Flex>
        ) : null}

        <Box maxWidth="220px">
          <TextField field={fields.delaySeconds} type="number" label="Slideshow Delay (seconds)" hint="From 1 to 60." />
        </Box>
        <CheckboxField field={fields.hideTitle} label="Hide Title in Android" />

        <FormActions submitLabel="Save" busy={busy} cancelTo={data.returnTo} />
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

export function HeaderEditor({ data, actionData }: { data: HeaderImagesData; actionData: HeaderImagesActionData | undefined }) {
  // A fresh form after each post: the reply's values (with a new upload) and an empty file input.
  // `?places=1` (a GET) opens the picker over a fresh form too.
  return <HeaderImagesForm key={actionData ? replyKey(actionData) : data.picker ? -1 : 0} data={data} actionData={actionData} />;
}
