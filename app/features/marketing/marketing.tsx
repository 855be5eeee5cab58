import { getFormProps, useForm, type FieldMetadata } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod';
import { Button, Card, DataList, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ConflictNotice, VersionField } from '~/components/forms/conflict';
import { FormErrors, TextField } from '~/components/forms/fields';
import { Form } from '~/components/forms/form';
import { HomeIcon } from '~/components/shell/icons';
import { ShellColumns } from '~/components/shell/shell-columns';
import { PageDialog } from '~/components/ui/dialog';
import { CopyField } from '~/components/widgets/copy-field';
import { ImageUploader } from '~/components/widgets/image-uploader';
import { hrefs } from '~/lib/hrefs';
import {
  BADGE_FILES,
  BADGE_HEIGHT,
  MARKETING_TEXTS as T,
  PACKAGE_FIELDS,
  PACKAGE_IMAGE_ASPECT,
  PACKAGE_LABELS,
  type PackageField,
  type PackageImageField,
} from '~/lib/marketing';
import { imageCropField, imageFileField, PackageFormSchema, type PackageFormValue } from '~/schemas/marketing';
import type { MarketingActionData, MarketingData } from './marketing.server';

const PACKAGE_FORM = `${hrefs.marketing({ edit: 'package' })}#editor`;

const HINTS: Partial<Record<PackageField, string>> = {
  android: 'The app’s package name on Google Play, e.g. com.example.app.',
  ios: 'The app’s bundle ID on the App Store.',
  iosId: 'The number in the app’s App Store address (apps.apple.com/app/id…).',
  oneLink: 'The link that opens the right store for each phone; its QR code is made from it.',
  qrCode: 'An image of the one-link’s QR code, if you have one of your own. PNG or JPEG.',
  phoneOnlyImage: 'The app on a phone, without background. PNG or JPEG.',
  introducingMarketingImage: 'A social-media image announcing the app. PNG or JPEG.',
  ongoingMarketingImage: 'A social-media image for after launch. PNG or JPEG.',
  tableId: 'The analytics table of the app.',
};

/**
 * The marketing screen (spec 03 "Marketing screen"): the sections on the left (badge snippets,
 * one-link with its QR code, phone-only image, introducing and ongoing marketing images), the
 * action buttons or the package form on the right.
 */
export function MarketingScreen({ data, actionData }: { data: MarketingData; actionData: MarketingActionData | undefined }) {
  const editing = data.editing || actionData !== undefined;
  return (
    <div className="page marketing">
      <Flex align="center" gap="3" className="marketing-heading">
        <Link to={hrefs.home()} className="marketing-home" aria-label="Home" title="Home">
          <HomeIcon />
        </Link>
        <Heading as="h1" size="6">
          {T.heading}
        </Heading>
      </Flex>
      <ShellColumns
        centre={<MarketingSections data={data} />}
        right={editing ? <PackageForm data={data} actionData={actionData} /> : <MarketingActions data={data} />}
        rightLabel={editing ? `${T.heading}: ${T.chooseTitle}` : `${T.heading}: Actions`}
        rightFirst={editing}
      />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card asChild className="marketing-section">
      <section aria-labelledby={`${id}-heading`} id={id}>
        <Heading as="h2" size="4" id={`${id}-heading`} mb="3">
          {title}
        </Heading>
        {children}
      </section>
    </Card>
  );
}

function Badges({ layout, appStoreUrl, googlePlayUrl }: { layout: 'vertical' | 'horizontal'; appStoreUrl: string; googlePlayUrl: string }) {
  return (
    <div className="marketing-badges" data-layout={layout}>
      <a href={appStoreUrl} target="_blank" rel="noopener noreferrer">
        <img src={BADGE_FILES.appStore} alt="Download on the App Store" height={BADGE_HEIGHT.appStore} />
      </a>
      <a href={googlePlayUrl} target="_blank" rel="noopener noreferrer">
        <img src={BADGE_FILES.googlePlay} alt="Get it on Google Play" height={BADGE_HEIGHT.googlePlay} />
      </a>
    </div>
  );
}

function MarketingImage({ src, alt }: { src: string; alt: string }) {
  return (
    <Flex direction="column" gap="2" align="start">
      <img src={src} alt={alt} className="marketing-image" />
      <a href={src} target="_blank" rel="noopener noreferrer" download>
        Download {alt}
      </a>
    </Flex>
  );
}

function MarketingSections({ data }: { data: MarketingData }) {
  const hydrated = useHydrated();
  const { view } = data;
  const { badges, oneLink } = view;
  const empty = !badges && !oneLink && !view.phoneOnlyImage && !view.introducingImage && !view.ongoingImage;
  return (
    <Flex direction="column" gap="4" className="marketing-sections">
      {empty ? (
        <Text as="p" size="2">
          {T.nothingYet}
        </Text>
      ) : null}
      {badges && badges.vertical && badges.horizontal && badges.appStoreUrl ? (
        <>
          <Section id="vertical-badges" title={T.verticalBadges}>
            <Flex direction="column" gap="3">
              <Badges layout="vertical" appStoreUrl={badges.appStoreUrl} googlePlayUrl={badges.googlePlayUrl} />
              <CopyField
                label="Vertical badge snippet"
                hint="Paste this HTML into a page of your website: the badges one above the other."
                value={badges.vertical}
                multiline
                hydrated={hydrated}
              />
            </Flex>
          </Section>
          <Section id="horizontal-badges" title={T.horizontalBadges}>
            <Flex direction="column" gap="3">
              <Badges layout="horizontal" appStoreUrl={badges.appStoreUrl} googlePlayUrl={badges.googlePlayUrl} />
              <CopyField
                label="Horizontal badge snippet"
                hint="Paste this HTML into a page of your website: the badges side by side."
                value={badges.horizontal}
                multiline
                hydrated={hydrated}
              />
            </Flex>
          </Section>
        </>
      ) : badges ? (
        <Section id="vertical-badges" title={T.verticalBadges}>
          <Text as="p" size="2">
            {T.badgesNeedIosId}
          </Text>
        </Section>
      ) : null}
      {oneLink ? (
        <Section id="one-link" title={T.oneLink}>
          <Flex gap="4" wrap="wrap" align="start">
            <Flex direction="column" gap="2" align="start">
              <img src={oneLink.qrSvg} alt={`QR code for ${oneLink.url}`} width={200} height={200} className="marketing-qr" />
              <a href={oneLink.qrPng} download="one-link-qr-code.png">
                Download QR Code (PNG)
              </a>
            </Flex>
            <Flex direction="column" gap="3" className="marketing-one-link">
              <CopyField
                label="One-Link URL"
                hint="One link for both stores: it opens the right one on each phone."
                value={oneLink.url}
                hydrated={hydrated}
              />
              {oneLink.uploadedQr ? <MarketingImage src={oneLink.uploadedQr} alt="QR code image" /> : null}
            </Flex>
          </Flex>
        </Section>
      ) : null}
      {view.phoneOnlyImage ? (
        <Section id="phone-only" title={T.phoneOnly}>
          <MarketingImage src={view.phoneOnlyImage} alt="Phone only image" />
        </Section>
      ) : null}
      {view.introducingImage ? (
        <Section id="introducing" title={T.introducing}>
          <MarketingImage src={view.introducingImage} alt="Introducing marketing image" />
        </Section>
      ) : null}
      {view.ongoingImage ? (
        <Section id="ongoing" title={T.ongoing}>
          <MarketingImage src={view.ongoingImage} alt="Ongoing marketing image" />
        </Section>
      ) : null}
    </Flex>
  );
}

/** The right column when the form is closed: the package names and the actions. */
function MarketingActions({ data }: { data: MarketingData }) {
  const { names } = data.view;
  return (
    <Flex direction="column" gap="3">
      <Button asChild>
        <Link to={PACKAGE_FORM}>{T.editPackage}</Link>
      </Button>
      {data.isSystemAdmin ? (
        <Button asChild variant="soft">
          <Link to={hrefs.marketingAssetEditor()}>Marketing Asset Editor</Link>
        </Button>
      ) : null}
      <DataList.Root size="1" orientation="vertical" aria-label="Package names">
        {(['android', 'ios', 'iosId', 'oneLink', 'tableId'] as const).map((field) => (
          <DataList.Item key={field}>
            <DataList.Label>{PACKAGE_LABELS[field]}</DataList.Label>
            <DataList.Value className="marketing-value">{names[field] !== undefined ? String(names[field]) : 'Not set'}</DataList.Value>
          </DataList.Item>
        ))}
      </DataList.Root>
    </Flex>
  );
}

type PackageFormFields = PackageFormValue;

/**
 * The package form (spec 03 §4): every package name, the image fields with the uploader, Save
 * and Cancel. A system administrator with more than one community is asked where to save.
 */
function PackageForm({ data, actionData }: { data: MarketingData; actionData: MarketingActionData | undefined }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state === 'submitting';
  const [form, fields] = useForm<PackageFormFields>({
    id: 'package-form',
    lastResult: actionData?.result,
    defaultValue: data.form.defaults,
    constraint: getZodConstraint(PackageFormSchema),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PackageFormSchema }),
  });
  const [asking, setAsking] = useState(Boolean(actionData?.ask));
  useEffect(() => setAsking(Boolean(actionData?.ask)), [actionData]);

  const text = (field: Exclude<PackageField, PackageImageField>) => (
    <TextField
      key={field}
      field={fields[field]}
      label={PACKAGE_LABELS[field]}
      hint={HINTS[field]}
      type={field === 'oneLink' || field === 'adjustLinkPrefix' ? 'url' : 'text'}
      inputMode={field === 'iosId' ? 'numeric' : undefined}
    />
  );
  const image = (field: PackageImageField) => (
    <ImageField
      key={field}
      name={field}
      field={fields[field]}
      data={data}
      onUploaded={(url) => form.update({ name: fields[field].name, value: url })}
    />
  );

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      aria-labelledby="package-form-heading"
      data-hydrated={hydrated ? '' : undefined}
    >
      <VersionField version={actionData?.version ?? data.form.version} />
      {/* Enter in a field saves (the first submit button of a form is its default; the uploaders' Upload buttons come later). */}
      <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true" />
      <Flex direction="column" gap="3">
        <Heading as="h2" size="4" id="package-form-heading">
          {T.chooseTitle}
        </Heading>
        <ConflictNotice conflict={actionData?.conflict} />
        <FormErrors id={form.errorId} errors={form.errors} />
        {PACKAGE_FIELDS.map((field) =>
          field === 'qrCode' || field === 'phoneOnlyImage' || field === 'introducingMarketingImage' || field === 'ongoingMarketingImage'
            ? image(field)
            : text(field),
        )}
        <Flex gap="3" pt="3" wrap="wrap">
          <Button type="submit" name="intent" value="save" loading={busy && navigation.formData?.get('intent') === 'save'}>
            Save
          </Button>
          <Button asChild variant="soft" color="gray">
            <Link to={hrefs.marketing()}>Cancel</Link>
          </Button>
        </Flex>
      </Flex>
      {asking ? (
        <PageDialog
          title={T.chooseTitle}
          description={T.chooseText}
          onDismiss={hydrated ? () => setAsking(false) : undefined}
          actions={
            <Flex gap="3" wrap="wrap" justify="end">
              {hydrated ? (
                <Button type="button" variant="soft" color="gray" data-dialog-cancel="" onClick={() => setAsking(false)}>
                  Cancel
                </Button>
              ) : (
                <Button type="submit" name="intent" value="upload" variant="soft" color="gray" formNoValidate data-dialog-cancel="">
                  Cancel
                </Button>
              )}
              <Button type="submit" name="intent" value="update-community" variant="soft" data-autofocus>
                {T.updateCommunity}
              </Button>
              <Button type="submit" name="intent" value="update-system">
                {T.updateSystem}
              </Button>
            </Flex>
          }
        />
      ) : null}
    </Form>
  );
}

/** An image field: its address (kept in the form), its preview and the uploader. */
function ImageField({
  name,
  field,
  data,
  onUploaded,
}: {
  name: PackageImageField;
  field: FieldMetadata<string>;
  data: MarketingData;
  onUploaded: (url: string) => void;
}) {
  const value = typeof field.value === 'string' ? field.value : '';
  const { upload } = data.form;
  return (
    <Flex direction="column" gap="2" className="marketing-image-field">
      <TextField field={field} label={PACKAGE_LABELS[name]} hint={HINTS[name]} type="url" />
      {value ? <img src={value} alt={`${PACKAGE_LABELS[name]} preview`} className="marketing-image-preview" /> : null}
      <ImageUploader
        name={imageFileField(name)}
        cropName={imageCropField(name)}
        label={`Upload ${PACKAGE_LABELS[name]}`}
        accept={upload.accept}
        maxBytes={upload.maxBytes}
        tooLargeMessage={upload.tooLargeMessage}
        aspectRatio={PACKAGE_IMAGE_ASPECT[name]}
        submitName="intent"
        submitValue="upload"
        uploadUrl={upload.url}
        onUploaded={(image) => onUploaded(image.croppedURL)}
      />
    </Flex>
  );
}
