import { Box, Button, Flex, Text } from '@radix-ui/themes';
import { useEffect, useRef, useState, type ComponentType } from 'react';
import cropperStyles from 'react-advanced-cropper/dist/style.css';
import { PageDialog } from '~/components/ui/dialog';

/**
 * The image uploader (spec 03 §4, §5, §9): a plain file input and an 'Upload' button that post
 * the form, so it works without JavaScript (the server then stores the whole image and blurs it
 * to fit). With JavaScript a chosen file is checked first ('Incorrect Type', size limit) and
 * shown in a cropper (react-advanced-cropper, loaded in the browser only) with the header's
 * aspect; 'Use Image' puts the crop rectangle (in the original's pixels) into a hidden field and
 * posts the file with it.
 */

export interface ImageUploaderProps {
  /** The file field and the crop field ('x,y,width,height'). */
  name: string;
  cropName: string;
  label: string;
  accept: readonly string[];
  maxBytes: number;
  tooLargeMessage: string;
  /** width / height of the crop. */
  aspectRatio: number;
  /** The submit button that posts the upload. */
  submitName: string;
  submitValue: string;
  errors?: string[] | null;
  hint?: string;
}

interface UploadProblem {
  title: string;
  message: string;
}

type CropperHandle = { getCoordinates: () => { left: number; top: number; width: number; height: number } | null };
type CropperComponent = ComponentType<Record<string, unknown> & { ref?: React.Ref<CropperHandle> }>;

/** The spec's 'Incorrect Type' text (spec 03 §5). */
export function incorrectTypeText(accept: readonly string[]): string {
  return `Please upload files with the correct type: ${accept.join(', ')}`;
}

export function ImageUploader(props: ImageUploaderProps) {
  const { name, cropName, label, accept, maxBytes, tooLargeMessage, aspectRatio, submitName, submitValue, errors, hint } = props;
  const fileInput = useRef<HTMLInputElement>(null);
  const cropInput = useRef<HTMLInputElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const cropperRef = useRef<CropperHandle>(null);
  const [problem, setProblem] = useState<UploadProblem | null>(null);
  const [source, setSource] = useState<string | null>(null);
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

  const onChange = (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    if (cropInput.current) cropInput.current.value = '';
    if (!file) return setSource(null);
    if (!accept.includes(file.type)) {
      clear();
      return setProblem({ title: 'Incorrect Type', message: incorrectTypeText(accept) });
    }
    if (file.size > maxBytes) {
      clear();
      return setProblem({ title: 'File Too Large', message: tooLargeMessage });
    }
    setSource(URL.createObjectURL(file));
  };

  const useImage = () => {
    const box = cropperRef.current?.getCoordinates();
    if (box && cropInput.current) cropInput.current.value = [box.left, box.top, box.width, box.height].map(Math.round).join(',');
    submit.current?.form?.requestSubmit(submit.current);
    setSource(null);
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
            <Button type="button" onClick={useImage} disabled={!Cropper}>
              Use Image
            </Button>
            <Button type="button" variant="soft" color="gray" onClick={clear}>
              Cancel
            </Button>
          </Flex>
        </Flex>
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
