import { Badge, Button, Card, Flex, Heading, Link as ThemeLink, Text } from '@radix-ui/themes';
import { Form as RemixForm, Link, useNavigation } from '@remix-run/react';
import { ErrorList } from '~/components/forms/error-list';
import { Form } from '~/components/forms/form';
import { ShellColumns } from '~/components/shell/shell-columns';
import { LISTING_IMPORT_TEXTS } from '~/lib/listing-import';
import type { ImportActionData, ImportScreenData, PreviewRow } from './import.server';

/**
 * Import and Update Data (decision 044): Upload (the list and a CSV or Excel file), the preview with
 * the column of each field and every row's check, then Import / Update Listings. Plain forms
 * throughout: the mapping's Preview is a GET of the same page.
 */

const STATUS_TEXT: Record<PreviewRow['status'], { label: string; color: 'green' | 'red' | 'amber' | 'gray' }> = {
  ready: { label: 'Ready', color: 'green' },
  invalid: { label: 'Problem', color: 'red' },
  duplicate: { label: 'Duplicate', color: 'amber' },
  'duplicate-row': { label: 'Duplicate', color: 'amber' },
  'not-found': { label: 'No match', color: 'gray' },
};

export function ImportScreen({ data, actionData }: { data: ImportScreenData; actionData: ImportActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const intro =
    data.mode === 'import'
      ? 'Adds listings to a list from a CSV or Excel file: one row per listing, the first row naming the columns. Rows are checked as the listing form checks them, and rows with the title and address of a listing already in the list are left out.'
      : "Updates a list's listings from a CSV or Excel file: each row is matched to the listing with the same title and address, and its non-empty cells replace that listing's fields. Everything else of the listing stays as it is.";
  return (
    <ShellColumns
      centre={
        <Flex direction="column" gap="4" maxWidth="960px">
          <Heading as="h1" size="6">
            {data.title}
          </Heading>
          <Text as="p" size="2">
            {intro}
          </Text>
          {data.preview ? (
            <Preview data={data} actionData={actionData} busy={busy} />
          ) : (
            <>
              <Upload data={data} actionData={actionData} busy={busy} />
              {data.places ? <PlaceSearch data={data} places={data.places} actionData={actionData} busy={busy} /> : null}
            </>
          )}
        </Flex>
      }
    />
  );
}

function Upload({ data, actionData, busy }: { data: ImportScreenData; actionData: ImportActionData | undefined; busy: boolean }) {
  const problems = actionData?.upload;
  const chosen = problems?.listValue ?? data.list ?? '';
  return (
    <Card size="2">
      {data.error ? (
        <Text as="p" color="red" role="alert" size="2" mb="3">
          {data.error}
        </Text>
      ) : null}
      <Form method="post" encType="multipart/form-data" aria-label={LISTING_IMPORT_TEXTS.uploadForm}>
        <Flex direction="column" gap="3">
          <label className="form-stack" htmlFor="import-list">
            <Text size="2" weight="bold">
              List
            </Text>
          </label>
          <select
            id="import-list"
            name="list"
            className="form-control"
            defaultValue={chosen}
            aria-invalid={problems?.list ? true : undefined}
            aria-describedby={problems?.list ? 'import-list-error' : undefined}
          >
            <option value="">Choose a list</option>
            {data.sections.map((section) => (
              <option key={section.node} value={section.node}>
                {section.title}
              </option>
            ))}
          </select>
          <ErrorList id="import-list-error" errors={problems?.list ? [problems.list] : null} />
          <label className="form-stack" htmlFor="import-file">
            <Text size="2" weight="bold">
              {LISTING_IMPORT_TEXTS.fileLabel}
            </Text>
          </label>
          <input
            id="import-file"
            name="csv"
            type="file"
            accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            className="form-control"
            aria-invalid={problems?.csv ? true : undefined}
            aria-describedby={problems?.csv ? 'import-file-error import-file-hint' : 'import-file-hint'}
          />
          <Text as="p" size="1" color="gray" id="import-file-hint">
            {LISTING_IMPORT_TEXTS.fileHint}
          </Text>
          <ErrorList id="import-file-error" errors={problems?.csv ? [problems.csv] : null} />
          <Flex>
            <Button type="submit" name="intent" value="upload" loading={busy}>
              Upload
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

/** Import's second source (decision 044, "Place search"): places around the community become the preview's rows. */
function PlaceSearch({
  data,
  places,
  actionData,
  busy,
}: {
  data: ImportScreenData;
  places: NonNullable<ImportScreenData['places']>;
  actionData: ImportActionData | undefined;
  busy: boolean;
}) {
  const problems = actionData?.places;
  const field = (name: 'list' | 'q' | 'radius') => ({
    'aria-invalid': problems?.[name] ? true : undefined,
    'aria-describedby': problems?.[name] ? `places-${name}-error` : undefined,
  });
  return (
    <Card size="2">
      <Heading as="h2" size="4" mb="2">
        Search places
      </Heading>
      <Text as="p" size="2" mb="3">
        Or take the listings from a place search around the community: the places found are checked and shown as rows, as a file&apos;s
        would be.
      </Text>
      {places.offlineNotice ? (
        <Text as="p" size="2" color="gray" mb="3" data-testid="places-offline">
          {places.offlineNotice}
        </Text>
      ) : null}
      {problems?.error ? (
        <Text as="p" color="red" role="alert" size="2" mb="3">
          {problems.error}
        </Text>
      ) : null}
      <Form method="post" aria-label="Search places">
        <Flex direction="column" gap="3">
          <label className="form-stack" htmlFor="places-list">
            <Text size="2" weight="bold">
              List
            </Text>
          </label>
          <select
            id="places-list"
            name="list"
            className="form-control"
            defaultValue={problems?.listValue ?? data.list ?? ''}
            {...field('list')}
          >
            <option value="">Choose a list</option>
            {data.sections.map((section) => (
              <option key={section.node} value={section.node}>
                {section.title}
              </option>
            ))}
          </select>
          <ErrorList id="places-list-error" errors={problems?.list ? [problems.list] : null} />
          <label className="form-stack" htmlFor="places-q">
            <Text size="2" weight="bold">
              Search for
            </Text>
          </label>
          <input
            id="places-q"
            name="q"
            type="search"
            className="form-control"
            placeholder="restaurants"
            maxLength={200}
            defaultValue={problems?.qValue ?? ''}
            {...field('q')}
          />
          <ErrorList id="places-q-error" errors={problems?.q ? [problems.q] : null} />
          <label className="form-stack" htmlFor="places-radius">
            <Text size="2" weight="bold">
              Within
            </Text>
          </label>
          <select
            id="places-radius"
            name="radius"
            className="form-control"
            defaultValue={problems?.radiusValue || String(places.defaultRadius)}
            {...field('radius')}
          >
            {places.radii.map((miles) => (
              <option key={miles} value={String(miles)}>
                {miles} {miles === 1 ? 'mile' : 'miles'} of the community
              </option>
            ))}
          </select>
          <ErrorList id="places-radius-error" errors={problems?.radius ? [problems.radius] : null} />
          <Flex>
            <Button type="submit" name="intent" value="places" loading={busy}>
              Search places
            </Button>
          </Flex>
        </Flex>
      </Form>
    </Card>
  );
}

function Preview({ data, actionData, busy }: { data: ImportScreenData; actionData: ImportActionData | undefined; busy: boolean }) {
  const preview = data.preview!;
  const ready = preview.counts.ready;
  const problems = preview.counts.invalid;
  const duplicates = preview.counts.duplicate + preview.counts['duplicate-row'];
  const unmatched = preview.counts['not-found'];
  const verb = data.mode === 'import' ? 'Import' : 'Update';
  const summary = [
    `${preview.total} ${preview.total === 1 ? 'row' : 'rows'}`,
    `${ready} ready`,
    problems > 0 ? `${problems} with problems` : null,
    duplicates > 0 ? `${duplicates} ${duplicates === 1 ? 'duplicate' : 'duplicates'}` : null,
    unmatched > 0 ? `${unmatched} matching no listing` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const hidden = (
    <>
      <input type="hidden" name="file" value={preview.file} />
      <input type="hidden" name="list" value={data.list ?? ''} />
    </>
  );
  return (
    <>
      <Card size="2">
        <Flex direction="column" gap="2">
          <Text as="p" size="2">
            List: <strong>{data.listTitle}</strong>
            {preview.fileName ? (
              <>
                {' '}
                · {preview.fromPlaces ? 'Source' : 'File'}: <strong>{preview.fileName}</strong>
              </>
            ) : null}
          </Text>
          <ThemeLink asChild size="2">
            <Link to=".">{preview.fromPlaces ? 'Search again or upload a file' : 'Upload another file'}</Link>
          </ThemeLink>
        </Flex>
      </Card>

      <Card size="2">
        <RemixForm method="get" aria-label="Columns">
          <input type="hidden" name="file" value={preview.file} />
          <input type="hidden" name="list" value={data.list ?? ''} />
          {preview.fileName ? <input type="hidden" name="name" value={preview.fileName} /> : null}
          {preview.fromPlaces ? <input type="hidden" name="source" value="places" /> : null}
          <Heading as="h2" size="4" mb="2">
            Columns
          </Heading>
          <Text as="p" size="2" color="gray" mb="3">
            The column of the file each field takes its value from.
          </Text>
          <div className="import-mapping">
            {preview.fields.map((field) => (
              <label key={field.id} className="form-stack">
                <Text size="2" weight="bold">
                  {field.label}
                </Text>
                <select name={`map.${field.id}`} className="form-control" defaultValue={preview.mapping[field.id]}>
                  <option value="">Not in the file</option>
                  {preview.headers.map((header, index) => (
                    <option key={index} value={String(index)}>
                      {header}
                    </option>
                  ))}
                </select>
              </label>
            ))}
          </div>
          <Flex mt="3">
            <Button type="submit" variant="soft">
              Preview
            </Button>
          </Flex>
        </RemixForm>
      </Card>

      <Card size="2">
        <Flex direction="column" gap="3">
          <Heading as="h2" size="4">
            Rows
          </Heading>
          {preview.mappingErrors.length > 0 ? <ErrorList id="import-mapping-errors" errors={preview.mappingErrors} size="2" /> : null}
          <Text as="p" size="2" data-testid="import-summary">
            {summary}.{preview.total > preview.rows.length ? ` The first ${preview.rows.length} are shown.` : ''}
          </Text>
          {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be reachable by keyboard */}
          <div className="table-scroll" tabIndex={0} role="group" aria-label="Rows of the file">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Check</th>
                  <th scope="col">Title</th>
                  <th scope="col">Address</th>
                  <th scope="col">City</th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.row} data-status={row.status}>
                    <td>{row.row}</td>
                    <td>
                      <Badge color={STATUS_TEXT[row.status].color}>{STATUS_TEXT[row.status].label}</Badge>
                      {row.status !== 'ready' ? (
                        <ul className="import-messages">
                          {row.messages.map((message) => (
                            <li key={message}>
                              <Text size="1">{message}</Text>
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </td>
                    <td>{row.title}</td>
                    <td>{row.address}</td>
                    <td>{row.city}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {actionData?.error ? (
            <Text as="p" color="red" role="alert" size="2">
              {actionData.error}
            </Text>
          ) : null}
          <Form method="post" aria-label={`${verb} listings`}>
            {hidden}
            {preview.fields.map((field) => (
              <input key={field.id} type="hidden" name={`map.${field.id}`} value={preview.mapping[field.id]} />
            ))}
            <Button type="submit" name="intent" value="run" loading={busy} disabled={ready === 0 || preview.mappingErrors.length > 0}>
              {verb} {ready} {ready === 1 ? 'listing' : 'listings'}
            </Button>
          </Form>
        </Flex>
      </Card>
    </>
  );
}
