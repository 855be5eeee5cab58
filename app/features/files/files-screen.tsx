import { Box, Button, Card, Flex, Heading, Text } from '@radix-ui/themes';
import { Link, useNavigation } from '@remix-run/react';
import type { ReactNode } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { FormActions } from '~/components/form-actions';
import { Form } from '~/components/forms/form';
import { CopyField } from '~/components/widgets/copy-field';
import type { FilesActionData, FilesData } from './files.server';

/**
 * File management (decision 043): the folder open, its folders and files a page at a time, an
 * upload form, and per file Open, Copy Link, Rename and Delete. Plain forms and links: every step
 * works without JavaScript (Copy Link opens the address to select; Delete asks on a page of its
 * own); with JavaScript Copy puts the address on the clipboard.
 */

export function formatBytes(size: number): string {
  if (size < 1024) return `${size} B`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / (1024 * 1024)).toFixed(1)} MB`;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const TYPE_NAMES: Record<string, string> = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'application/pdf': 'PDF' };

export function FilesScreen({ data, actionData }: { data: FilesData; actionData: FilesActionData | undefined }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state === 'submitting';
  const confirm = actionData?.confirmDelete;
  const confirmRename = actionData?.confirmRename;
  const types = data.accept.map((type) => TYPE_NAMES[type] ?? type).join(', ');
  const empty = data.folders.length === 0 && data.files.length === 0;
  return (
    <Box className="page files-page">
      <Flex direction="column" gap="4">
        <Heading as="h1" size="6">
          {data.title}
        </Heading>
        <nav aria-label="Folder">
          <ol className="files-crumbs">
            {data.crumbs.map((crumb, index) => (
              <li key={crumb.href}>
                {index === data.crumbs.length - 1 ? (
                  <span aria-current="page">{crumb.name}</span>
                ) : (
                  <Link to={crumb.href}>{crumb.name}</Link>
                )}
              </li>
            ))}
          </ol>
        </nav>

        {actionData?.error ? (
          <Card>
            <Text as="p" color="red" role="alert" size="2">
              {actionData.error}
            </Text>
          </Card>
        ) : null}

        {confirm ? (
          <FileQuestion
            id="files-confirm"
            title="Delete Item"
            action={data.selfHref}
            fields={{ path: confirm.path, folder: data.folder }}
            text={
              <>
                {confirm.usedBy ? (
                  <Text as="span" color="red" weight="medium" className="files-used-by">
                    {confirm.usedBy}{' '}
                  </Text>
                ) : null}
                {confirm.question} <strong>{confirm.name}</strong>
              </>
            }
          >
            <Button type="submit" name="intent" value="delete" color="red" disabled={busy}>
              Delete
            </Button>
          </FileQuestion>
        ) : null}

        {confirmRename ? (
          <FileQuestion
            id="files-rename"
            title="Rename Item"
            action={data.selfHref}
            fields={{ path: confirmRename.path, name: confirmRename.name, folder: data.folder }}
            text={
              <>
                <Text as="span" weight="medium" className="files-used-by">
                  {confirmRename.usedBy}{' '}
                </Text>
                {confirmRename.question}
              </>
            }
          >
            <Button type="submit" name="intent" value="rename" disabled={busy}>
              Rename
            </Button>
          </FileQuestion>
        ) : null}

        <Card>
          <Form method="post" action={data.selfHref} encType="multipart/form-data" aria-label="Upload files">
            <Flex direction="column" gap="2">
              <input type="hidden" name="intent" value="upload" />
              <input type="hidden" name="folder" value={data.folder} />
              <Text as="label" size="2" weight="medium" htmlFor="files-upload">
                Upload to this folder
              </Text>
              <input
                id="files-upload"
                type="file"
                name="file"
                multiple
                accept={data.accept.join(',')}
                aria-describedby="files-upload-hint"
                className="files-upload-input"
              />
              <Text id="files-upload-hint" size="1" color="gray">
                {`${types}; up to ${Math.round(data.maxBytes / 1_024_000)} MB (${data.maxBytes.toLocaleString('en-US')} bytes) each, ${data.maxFiles} at a time.`}
              </Text>
              <Flex>
                <Button type="submit" disabled={busy}>
                  Upload
                </Button>
              </Flex>
            </Flex>
          </Form>
        </Card>

        {empty ? (
          <Text as="p" color="gray" size="2">
            This folder is empty.
          </Text>
        ) : (
          <ul className="files-list" aria-label="Folders and files">
            {data.folders.map((folder) => (
              <li key={folder.path} className="files-row">
                <Link to={folder.href} className="files-name">
                  <span aria-hidden="true">📁 </span>
                  {folder.name}/
                </Link>
              </li>
            ))}
            {data.files.map((file) => {
              const renaming = actionData?.rename?.path === file.path ? actionData.rename : data.renaming === file.path ? null : undefined;
              return (
                <li key={file.path} className="files-row" data-testid="file-row">
                  <Flex direction="column" gap="1" className="files-about">
                    <a href={file.url} target="_blank" rel="noreferrer" className="files-name">
                      {file.name}
                    </a>
                    <Text size="1" color="gray">
                      {`${TYPE_NAMES[file.contentType] ?? file.contentType} · ${formatBytes(file.size)} · ${day(file.updated)}`}
                    </Text>
                  </Flex>
                  <Flex gap="2" wrap="wrap" align="start" className="files-actions">
                    <details className="files-copy">
                      <summary>Copy Link</summary>
                      <CopyField
                        label={`Link to ${file.name}`}
                        hint="The address the app and browsers load the file from."
                        value={file.url}
                        hydrated={hydrated}
                      />
                    </details>
                    {renaming === undefined ? (
                      <Button asChild variant="soft" size="1">
                        <Link
                          to={`${data.selfHref}${data.selfHref.includes('?') ? '&' : '?'}rename=${encodeURIComponent(file.path)}`}
                          aria-label={`Rename ${file.name}`}
                        >
                          Rename
                        </Link>
                      </Button>
                    ) : null}
                    <Form method="post" action={data.selfHref}>
                      <input type="hidden" name="path" value={file.path} />
                      <input type="hidden" name="folder" value={data.folder} />
                      <Button
                        type="submit"
                        name="intent"
                        value="delete"
                        size="1"
                        color="red"
                        variant="soft"
                        disabled={busy}
                        aria-label={`Delete ${file.name}`}
                      >
                        Delete
                      </Button>
                    </Form>
                  </Flex>
                  {renaming !== undefined ? (
                    <Form method="post" action={data.selfHref} className="files-rename" aria-label={`Rename ${file.name}`}>
                      <input type="hidden" name="path" value={file.path} />
                      <input type="hidden" name="folder" value={data.folder} />
                      <Flex direction="column" gap="1">
                        <Text as="label" size="2" weight="medium" htmlFor={`rename-${file.path}`}>
                          New name
                        </Text>
                        <input
                          id={`rename-${file.path}`}
                          name="name"
                          type="text"
                          className="form-control"
                          defaultValue={renaming?.name ?? file.name}
                          aria-invalid={renaming?.error ? true : undefined}
                          aria-describedby={renaming?.error ? `rename-error-${file.path}` : undefined}
                          maxLength={1000}
                          required
                        />
                        {renaming?.error ? (
                          <Text id={`rename-error-${file.path}`} size="2" color="red" role="alert">
                            {renaming.error}
                          </Text>
                        ) : null}
                        <Flex gap="2" wrap="wrap">
                          <Button type="submit" name="intent" value="rename" size="1" disabled={busy}>
                            Save Name
                          </Button>
                          <Button asChild variant="soft" color="gray" size="1">
                            <Link to={data.selfHref}>Cancel</Link>
                          </Button>
                        </Flex>
                      </Flex>
                    </Form>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}

        {data.nextHref || data.firstHref ? (
          <Flex gap="3" wrap="wrap">
            {data.firstHref ? <Link to={data.firstHref}>First page</Link> : null}
            {data.nextHref ? <Link to={data.nextHref}>Next page</Link> : null}
          </Flex>
        ) : null}
      </Flex>
    </Box>
  );
}

/**
 * A question asked before a change (Delete Item, Rename Item): its text, the posted fields again
 * with `confirm=yes`, the button that goes ahead and Cancel. A page section, so it works without
 * JavaScript.
 */
function FileQuestion({
  id,
  title,
  text,
  action,
  fields,
  children,
}: {
  id: string;
  title: string;
  text: ReactNode;
  action: string;
  fields: Record<string, string>;
  children: ReactNode;
}) {
  return (
    <Card role="alertdialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`}>
      <Form method="post" action={action}>
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4" id={`${id}-title`}>
            {title}
          </Heading>
          <Text as="p" id={`${id}-text`}>
            {text}
          </Text>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name="confirm" value="yes" />
          <FormActions closeHref={action}>{children}</FormActions>
        </Flex>
      </Form>
    </Card>
  );
}
