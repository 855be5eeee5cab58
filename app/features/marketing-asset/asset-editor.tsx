import { getFieldsetProps, getFormProps, useForm, type FieldMetadata } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Flex, Heading, Text } from '@radix-ui/themes';
import { useNavigation } from '@remix-run/react';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { loadBrowserImage, loadFontsOf } from '~/components/design/preview';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { ErrorList } from '~/components/forms/error-list';
import { CheckboxField, FieldLabel, FormErrors, SelectField, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { ToastMessage } from '~/components/toast';
import { ImageUploader } from '~/components/widgets/image-uploader';
import {
  DESIGN_FONT_FAMILIES,
  MARKETING_ASSET,
  drawDesign,
  loadDesignImages,
  marketingAssetDesign,
  type MarketingAssetSettings,
} from '~/lib/design';
import { hrefs } from '~/lib/hrefs';
import { MENU_ICONS } from '~/lib/icons';
import {
  MARKETING_CROP_FIELDS,
  MARKETING_FILE_FIELDS,
  MarketingAssetSchema,
  formQuery,
  settingsFromForm,
  type MarketingAssetFormValue,
} from '~/schemas/marketing-asset';
import type { AssetEditorActionData, AssetEditorData } from './asset-editor.server';

type FormShape = MarketingAssetFormValue & { bgFile?: File; logoFile?: File; phoneFile?: File };

const FONT_CHOICES = DESIGN_FONT_FAMILIES.map((family) => ({ value: family, label: family }));
const ICON_CHOICES = MENU_ICONS.map((icon) => ({ value: icon.name, label: icon.name.replace(/_/g, ' ') }));
/**
 * The three images. The background covers the square canvas, so its crop is square; the logo
 * and the phone image are drawn whole (contain) in their boxes, so their crop is free.
 */
const IMAGES = [
  { kind: 'bg', label: 'Background Image', url: 'bgUrl', aspectRatio: 1 },
  { kind: 'logo', label: 'Logo', url: 'logoUrl', aspectRatio: undefined },
  { kind: 'phone', label: 'Phone Image', url: 'phoneUrl', aspectRatio: undefined },
] as const;
type ImageUrlField = (typeof IMAGES)[number]['url'];
const imageUrls = (form: MarketingAssetFormValue): Record<ImageUrlField, string> => ({
  bgUrl: form.bgUrl,
  logoUrl: form.logoUrl,
  phoneUrl: form.phoneUrl,
});
const COLORS = [
  { name: 'fontColor', label: 'Font Colour' },
  { name: 'borderColor', label: 'Border Colour' },
  { name: 'backgroundOverlayColor', label: 'Background Overlay Colour' },
] as const;

const PREVIEW_LABEL = 'Preview of the marketing asset';

/**
 * The marketing asset editor (spec 03): the 900×900 preview beside the form. Without JavaScript
 * the preview is the server's PNG of the form as last posted (Update Preview, or any post), and a
 * chosen image posts with the form; with it, a canvas drawn by the same drawing (app/lib/design)
 * as the form changes, and each image goes through the shared uploader (crop, progress, the
 * upload route's marketing_asset_editor bucket), whose stored address fills the image's hidden
 * URL field (decision 047).
 */
export function MarketingAssetEditor({ data, actionData }: { data: AssetEditorData; actionData: AssetEditorActionData | undefined }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const current = actionData?.form ?? data.form;
  const [form, fields] = useForm<FormShape>({
    id: 'marketing-asset',
    lastResult: actionData?.result,
    defaultValue: data.form,
    constraint: getZodConstraint(MarketingAssetSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: MarketingAssetSchema }),
  });
  const formRef = useRef<HTMLFormElement>(null);
  const [live, setLive] = useState<MarketingAssetFormValue>(current);
  // The image addresses the hidden fields post: the stored ones, or what the uploader just stored.
  const [urls, setUrls] = useState(() => imageUrls(current));
  // A post answered with the form as it now stands (uploads stored) starts the preview again from it.
  useEffect(() => {
    setLive(current);
    setUrls(imageUrls(current));
  }, [current]);

  const readForm = useCallback(() => {
    const element = formRef.current;
    if (!element) return;
    const formData = new FormData(element);
    for (const image of IMAGES) formData.delete(MARKETING_FILE_FIELDS[image.kind]);
    const parsed = parseWithZod(formData, { schema: MarketingAssetSchema });
    if (parsed.status === 'success') setLive(parsed.value);
  }, []);

  /** The uploader stored an image: its address goes into the hidden field and the preview. */
  const takeUploaded = useCallback((field: ImageUrlField, url: string) => {
    setUrls((before) => ({ ...before, [field]: url }));
    setLive((before) => ({ ...before, [field]: url }));
  }, []);

  const settings = useMemo<MarketingAssetSettings>(() => settingsFromForm(live), [live]);
  const serverPreview = hrefs.marketingAssetImage(formQuery(current));
  const downloadQuery = formQuery(live);
  downloadQuery.set('scale', String(MARKETING_ASSET.downloadScale));
  downloadQuery.set('download', '1');
  const busy = navigation.state === 'submitting';
  const featureList = fields.features.getFieldList();

  return (
    <div className="marketing-asset-editor">
      {actionData?.toast ? <ToastMessage toast={{ id: actionData.toast.id, kind: 'error', message: actionData.toast.message }} /> : null}
      <section className="marketing-asset-preview" aria-label="Preview">
        {hydrated ? (
          <DesignCanvas settings={settings} qr={data.qr} />
        ) : (
          <img
            src={serverPreview}
            alt={PREVIEW_LABEL}
            width={MARKETING_ASSET.size}
            height={MARKETING_ASSET.size}
            data-testid="server-preview"
          />
        )}
      </section>
      <Form
        method="post"
        encType="multipart/form-data"
        ref={formRef}
        onChange={hydrated ? readForm : undefined}
        onInput={hydrated ? readForm : undefined}
        {...getFormProps(form)}
        data-hydrated={hydrated ? '' : undefined}
        aria-labelledby="marketing-asset-heading"
        className="marketing-asset-form"
      >
        <VersionField version={actionData?.version ?? data.version} />
        <Flex direction="column" gap="3">
          <Heading as="h1" size="5" id="marketing-asset-heading">
            Marketing Asset Editor
          </Heading>
          <ConflictNotice conflict={actionData?.conflict} />
          <FormErrors id={form.errorId} errors={form.errors} />
          <TextField field={fields.title} label="Title" />
          <TextField field={fields.subtitle} label="Subtitle" />
          <SelectField field={fields.fontFamily} label="Font" choices={FONT_CHOICES} />
          {COLORS.map((color) => (
            <ColorField key={color.name} label={color.label} color={fields[color.name]} opacity={fields[`${color.name}Opacity`]} />
          ))}
          <CheckboxField
            field={fields.qrCodeVisibility}
            label="Show QR Code"
            hint={data.qr ? 'The QR code opens the app’s one-link.' : 'This community has no one-link (or website) for a QR code yet.'}
          />
          {featureList.map((feature, index) => {
            const parts = feature.getFieldset();
            return (
              <fieldset key={feature.key} {...getFieldsetProps(feature)} className="marketing-feature">
                <legend>Feature {index + 1}</legend>
                <input type="hidden" name={parts.id.name} value={parts.id.value ?? ''} />
                <TextField field={parts.name} label="Name" />
                <SelectField field={parts.icon} label="Icon" choices={ICON_CHOICES} />
                <CheckboxField field={parts.visibility} label="Visible" />
              </fieldset>
            );
          })}
          <CheckboxField field={fields.andMoreVisibility} label="Show ‘And More’" />
          {IMAGES.map((image) => {
            const url = urls[image.url];
            return (
              <Flex key={image.kind} direction="column" gap="2" className="marketing-image">
                <input type="hidden" name={fields[image.url].name} value={url} />
                {url ? <img src={url} alt={`${image.label} (stored)`} className="marketing-thumb" /> : null}
                <ImageUploader
                  name={MARKETING_FILE_FIELDS[image.kind]}
                  cropName={MARKETING_CROP_FIELDS[image.kind]}
                  label={image.label}
                  accept={data.accept}
                  maxBytes={data.upload.maxBytes}
                  tooLargeMessage={data.upload.tooLargeMessage}
                  {...(image.aspectRatio ? { aspectRatio: image.aspectRatio } : {})}
                  submitName="intent"
                  submitValue="preview"
                  hint={image.kind === 'bg' ? 'JPG or PNG; required to save.' : 'JPG or PNG.'}
                  errors={fields[MARKETING_FILE_FIELDS[image.kind]].errors ?? null}
                  uploadUrl={data.upload.url}
                  onUploaded={(stored) => takeUploaded(image.url, stored.croppedURL)}
                />
                {url ? (
                  <Flex>
                    <Button type="submit" name="intent" value={`remove-${image.kind}`} variant="soft" color="gray" size="1" formNoValidate>
                      Remove {image.label}
                    </Button>
                  </Flex>
                ) : null}
                <ErrorList id={`${fields[image.url].id}-errors`} errors={fields[image.url].errors} />
              </Flex>
            );
          })}
          <Flex gap="3" pt="3" wrap="wrap" align="center">
            <Button type="submit" name="intent" value="save" loading={busy}>
              Save
            </Button>
            <Button type="submit" name="intent" value="preview" variant="soft">
              Update Preview
            </Button>
            <Button asChild variant="outline">
              <a href={hrefs.marketingAssetImage(downloadQuery)} download="marketing-asset.png">
                Download PNG
              </a>
            </Button>
          </Flex>
          <Text size="1" color="gray">
            The download is {MARKETING_ASSET.size * MARKETING_ASSET.downloadScale}×{MARKETING_ASSET.size * MARKETING_ASSET.downloadScale}{' '}
            px, drawn by the server from the stored images.
          </Text>
        </Flex>
      </Form>
    </div>
  );
}

/** A colour (#RRGGBB) with its opacity in percent: the stored 8-digit hex. */
function ColorField({ label, color, opacity }: { label: string; color: FieldMetadata<string>; opacity: FieldMetadata<number> }) {
  return (
    <fieldset className="marketing-color">
      <legend>{label}</legend>
      <Flex gap="3" align="end" wrap="wrap">
        <Flex direction="column" gap="1">
          <FieldLabel htmlFor={color.id}>Colour</FieldLabel>
          <input type="color" id={color.id} name={color.name} defaultValue={color.initialValue ?? '#ffffff'} className="form-color" />
        </Flex>
        <Flex direction="column" gap="1">
          <FieldLabel htmlFor={opacity.id}>Opacity (%)</FieldLabel>
          <input
            type="number"
            id={opacity.id}
            name={opacity.name}
            min={0}
            max={100}
            step={1}
            defaultValue={opacity.initialValue ?? '100'}
            className="form-control"
            aria-invalid={opacity.errors ? true : undefined}
            aria-describedby={opacity.errors ? opacity.errorId : undefined}
          />
        </Flex>
      </Flex>
      <ErrorList id={color.errorId} errors={color.errors} />
      <ErrorList id={opacity.errorId} errors={opacity.errors} />
    </fieldset>
  );
}

/** The live preview: the design drawn on a 900×900 canvas once its fonts and images are in. */
function DesignCanvas({ settings, qr }: { settings: MarketingAssetSettings; qr: string | null }): ReactNode {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawn = useRef(0);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const ticket = ++drawn.current;
    const design = marketingAssetDesign(settings, { qr });
    void (async () => {
      const [images] = await Promise.all([loadDesignImages(design, loadBrowserImage), loadFontsOf(design)]);
      const ctx = canvas.current?.getContext('2d');
      // A later change started its own drawing: this one is dropped.
      if (!ctx || ticket !== drawn.current) return;
      drawDesign<HTMLImageElement>(ctx, design, images);
      setReady(true);
    })();
  }, [settings, qr]);
  return (
    <canvas
      ref={canvas}
      width={MARKETING_ASSET.size}
      height={MARKETING_ASSET.size}
      role="img"
      aria-label={PREVIEW_LABEL}
      data-testid="canvas-preview"
      data-drawn={ready ? '' : undefined}
    />
  );
}
