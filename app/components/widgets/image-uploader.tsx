import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import cropperStyles from 'react-advanced-cropper/dist/style.css';
import { PageDialog } from '~/components/ui/dialog';
import type { UploadedImage } from '~/lib/upload-result';
import { runLimited, sendFile, UploadAborted, type UploadHandle } from './upload-queue';
import { acceptsFile, INCORRECT_TYPE_TITLE, incorrectTypeText, MAX_FILES_PER_CHOICE, UPLOAD_TEXTS } from './uploader-shared';

/**
 * The image uploader (spec 03 §4, §5, §9): a plain file input and an 'Upload' button that post
 * the form, so it works without JavaScript (the server then stores the whole image and blurs it
 * to fit). With JavaScript a chosen file is checked first ('Incorrect Type', size limit) and
 * shown in a cropper (react-advanced-cropper, loaded in the browser only) with the header's
 * aspect; 'Use Image' puts the crop rectangle (in the original's pixels) into a hidden field and
 * posts the file with it.
 *
 * With `uploadUrl` and `onUploaded` (the shared uploader, spec 03 §4, §9), JavaScript uploads
 * instead of posting the form: 'Use Image' sends the file and its crop to the upload route
 * with a progress bar, and a crop changed while it is in flight cancels it; several files
 * chosen at once (`multiple`) are uploaded whole, up to 20 at a time, each with its own
 * progress. Each stored image is handed to `onUploaded`, which puts its addresses into hidden
 * inputs of the enclosing form, so the form's own action saves them. Without JavaScript the
 * file input (several files when `multiple`) posts with the form as before.
 */

export interface ImageUploaderProps {
  /** The file field and the crop field ('x,y,width,height'). */
  name: string;
  cropName: string;
  label: string;
  accept: readonly string[];
  maxBytes: number;
  tooLargeMessage: string;
  /** width / height of the crop; absent: a free crop. */
  aspectRatio?: number;
  /** The submit button that posts the upload. */
  submitName: string;
  submitValue: string;
  errors?: string[] | null;
  hint?: string;
  /** Several files at once (with and without JavaScript). */
  multiple?: boolean;
  /** The upload route (with its bucket) JavaScript posts each file to. */
  uploadUrl?: string;
  /** Called with each stored image (JavaScript only). */
  onUploaded?: (image: UploadedImage) => void;
}

interface UploadRow {
  id: number;
  name: string;
  progress: number;
  status: 'queued' | 'uploading' | 'done' | 'failed' | 'cancelled';
  message?: string;
}

let nextUploadId = 0;

interface UploadProblem {
  title: string;
  message: string;
}

type CropperHandle = { getCoordinates: () => { left: number; top: number; width: number; height: number } | null };
type CropperComponent = ComponentType<Record<string, unknown> & { ref?: React.Ref<CropperHandle> }>;

export { incorrectTypeText };

const wholeImage = ({ imageSize }: { imageSize: { width: number; height: number } }) => ({
  width: imageSize.width,
  height: imageSize.height,
});

export function ImageUploader(props: ImageUploaderProps) {
  const { name, cropName, label, accept, maxBytes, tooLargeMessage, aspectRatio, submitName, submitValue, errors, hint } = props;
  const { multiple, uploadUrl, onUploaded } = props;
  const direct = Boolean(uploadUrl && onUploaded);
  const [rows, setRows] = useState<UploadRow[]>([]);
  const chosenFile = useRef<File | null>(null);
  /** The cropped upload in flight: aborted when the crop changes. */
  const inFlight = useRef<{ handle: UploadHandle; crop: string; row: number } | null>(null);
  const updateRow = (id: number, change: Partial<UploadRow>) =>
    setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));
  const fileInput = useRef<HTMLInputElement>(null);
  const cropInput = useRef<HTMLInputElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const cropperRef = useRef<CropperHandle>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [source, setSource] = useState<string | null>(null);
  // The cropper has laid out its image and crop: before that its own first crop would cancel an upload.
  const [cropReady, setCropReady] = useState(false);
  useEffect(() => setCropReady(false), [source]);
  const [Cropper, setCropper] = useState<CropperComponent | null>(null);
  const cropperBox = useRef<HTMLDivElement>(null);
  const errorId = `${name}-error`;

  // The cropper draws the chosen image several times (a hidden source, the background, the
  // stencil's preview) as <img> without alt: the first is named, the copies are decorative.
  useEffect(() => {
    const box = cropperBox.current;
    if (!box || !Cropper) return;
    const name = () =>
      box.querySelectorAll('img:not([alt])').forEach((image) => {
        const named = box.querySelector('img[alt="Image to crop"]');
        image.setAttribute('alt', !named && image.classList.contains('advanced-cropper-background-image') ? 'Image to crop' : '');
      });
    name();
    const observer = new MutationObserver(name);
    observer.observe(box, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [Cropper, source]);

  // The cropper is loaded in the browser only, once a file is chosen.
  useEffect(() => {
    if (!source || Cropper) return;
    let alive = true;
    void import('react-advanced-cropper').then((module) => {
      if (alive) setCropper(() => module.Cropper as unknown as CropperComponent);
    });
    return () => {
      alive = false;
    };
  }, [source, Cropper]);

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source);
    },
    [source],
  );

  const clear = () => {
    if (fileInput.current) fileInput.current.value = '';
    if (cropInput.current) cropInput.current.value = '';
    setSource(null);
  };

  /**
   * Uploads files whole, up to 20 at once, each with its progress (several files chosen). The
   * stored images join the form in the order the files were chosen, whichever finishes first.
   */
  const uploadAll = (files: File[]) => {
    const queued = files.map((file): UploadRow & { file: File } => ({
      id: ++nextUploadId,
      name: file.name,
      progress: 0,
      status: 'queued',
      file,
    }));
    setRows((current) => [
      ...current.filter((row) => row.status === 'uploading' || row.status === 'queued'),
      ...queued.map(({ file: _file, ...row }) => row),
    ]);
    const outcomes: Array<UploadedImage | null | undefined> = queued.map(() => undefined);
    let delivered = 0;
    const deliver = () => {
      while (delivered < outcomes.length && outcomes[delivered] !== undefined) {
        const image = outcomes[delivered++];
        if (image) onUploaded!(image);
      }
    };
    void runLimited(
      queued.map((row, index) => async () => {
        updateRow(row.id, { status: 'uploading' });
        try {
          const image = await sendFile(uploadUrl!, row.file, null, (progress) => updateRow(row.id, { progress })).promise;
          // Done: the image's own row in the form shows it.
          setRows((current) => current.filter((one) => one.id !== row.id));
          outcomes[index] = image;
        } catch (error) {
          // Upload errors are shown beside the file (spec 03 §8: the overlay closes, nothing else is lost).
          console.error(`Uploading ${row.name} failed:`, error);
          updateRow(row.id, { status: 'failed', message: (error as Error).message });
          outcomes[index] = null;
        }
        deliver();
      }),
    );
  };

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.currentTarget.files ?? []);
    const file = files[0];
    if (cropInput.current) cropInput.current.value = '';
    if (!file) return setSource(null);
    if (files.some((one) => !acceptsFile(accept, one))) {
      clear();
      return setProblem({ title: INCORRECT_TYPE_TITLE, message: incorrectTypeText(accept) });
    }
    if (files.some((one) => one.size > maxBytes)) {
      clear();
      return setProblem({ title: 'File Too Large', message: tooLargeMessage });
    }
    // Several files, or a PDF (its first page becomes the image on the server), upload whole.
    if (direct && (files.length > 1 || file.type === 'application/pdf')) {
      clear();
      if (files.length > MAX_FILES_PER_CHOICE) return setProblem({ title: 'Too Many Files', message: UPLOAD_TEXTS.tooManyFiles });
      return uploadAll(files);
    }
    chosenFile.current = file;
    setSource(URL.createObjectURL(file));
  };

  const cropOf = () => {
    const box = cropperRef.current?.getCoordinates();
    return box ? [box.left, box.top, box.width, box.height].map(Math.round).join(',') : null;
  };

  const useImage = () => {
    const crop = cropOf();
    if (!direct) {
      if (crop && cropInput.current) cropInput.current.value = crop;
      submit.current?.form?.requestSubmit(submit.current);
      setSource(null);
      return;
    }
    const file = chosenFile.current;
    if (!file) return;
    // The file travels by itself: the form must not post it again.
    if (fileInput.current) fileInput.current.value = '';
    inFlight.current?.handle.abort();
    const row: UploadRow = { id: ++nextUploadId, name: file.name, progress: 0, status: 'uploading' };
    setRows((current) => [...current.filter((one) => one.status === 'uploading' || one.status === 'queued'), row]);
    const handle = sendFile(uploadUrl!, file, crop, (progress) => updateRow(row.id, { progress }));
    inFlight.current = { handle, crop: crop ?? '', row: row.id };
    handle.promise.then(
      (image) => {
        if (inFlight.current?.handle === handle) inFlight.current = null;
        setRows((current) => current.filter((one) => one.id !== row.id));
        onUploaded!(image);
        chosenFile.current = null;
        clear();
      },
      (error: unknown) => {
        if (inFlight.current?.handle === handle) inFlight.current = null;
        if (error instanceof UploadAborted) return updateRow(row.id, { status: 'cancelled', message: UPLOAD_TEXTS.cancelledByCrop });
        console.error(`Uploading ${file.name} failed:`, error);
        updateRow(row.id, { status: 'failed', message: (error as Error).message });
      },
    );
  };

  /** Spec 03 §4: an in-flight upload is cancelled if the crop changes. */
  const onCropChange = () => {
    const flight = inFlight.current;
    if (!flight) return;
    const crop = cropOf();
    if (crop !== null && crop !== flight.crop) flight.handle.abort();
  };

  return (
    <Flex direction="column" gap="2">
      <Text as="label" size="2" weight="medium" htmlFor={`${name}-input`}>
        {label}
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <input
          ref={fileInput}
          id={`${name}-input`}
          type="file"
          name={name}
          multiple={multiple}
          accept={accept.join(',')}
          onChange={onChange}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? errorId : undefined}
        />
        <input ref={cropInput} type="hidden" name={cropName} defaultValue="" />
        <Button
          ref={submit}
          type="submit"
          name={submitName}
          value={submitValue}
          variant="soft"
          formNoValidate
          style={source ? { display: 'none' } : undefined}
        >
          Upload
        </Button>
      </Flex>
      {hint ? (
        <Text size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      {errors?.length ? (
        <Text id={errorId} size="2" color="red" role="alert">
          {errors.join(' ')}
        </Text>
      ) : null}
      {source ? (
        <Flex direction="column" gap="2" data-testid="image-cropper">
          <link rel="stylesheet" href={cropperStyles} />
          <Box ref={cropperBox} style={{ height: 260, background: 'var(--gray-3)' }}>
            {Cropper ? (
              <Cropper
                ref={cropperRef}
                src={source}
                onReady={() => setCropReady(true)}
                onChange={onCropChange}
                // A free crop starts with the whole image: nothing is cut unless the user cuts it.
                {...(aspectRatio === undefined ? { defaultSize: wholeImage } : {})}
                stencilProps={{
                  aspectRatio,
                  handlers: {
                    eastNorth: true,
                    westNorth: true,
                    westSouth: true,
                    eastSouth: true,
                    north: false,
                    south: false,
                    east: false,
                    west: false,
                  },
                }}
                style={{ height: 260 }}
              />
            ) : (
              <Text size="2">Loading the cropper…</Text>
            )}
          </Box>
          <Flex gap="2">
            <Button
              type="button"
              onClick={useImage}
              disabled={!Cropper || !cropReady}
              loading={rows.some((row) => row.status === 'uploading' && row.id === inFlight.current?.row)}
            >
              Use Image
            </Button>
            <Button type="button" variant="soft" color="gray" onClick={clear}>
              Cancel
            </Button>
          </Flex>
        </Flex>
      ) : null}
      {rows.length ? (
        <ul className="upload-list" aria-label="Uploads">
          {rows.map((row) => (
            <li key={row.id} className="upload-row" data-status={row.status}>
              <Text size="1" className="upload-name">
                {row.name}
              </Text>
              <progress max={100} value={row.progress} aria-label={`Uploading ${row.name}`} />
              <Text size="1" color={row.status === 'failed' || row.status === 'cancelled' ? 'red' : 'gray'} role="status">
                {row.status === 'done'
                  ? 'Uploaded'
                  : row.status === 'queued'
                    ? 'Waiting'
                    : row.status === 'uploading'
                      ? `${row.progress}%`
                      : row.message}
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
      {problem ? (
        <PageDialog
          title={problem.title}
          description={problem.message}
          onDismiss={() => setProblem(null)}
          actions={
            <Button type="button" onClick={() => setProblem(null)}>
              OK
            </Button>
          }
        />
      ) : null}
    </Flex>
  );
}
