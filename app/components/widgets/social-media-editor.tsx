import { Button, Flex, Text } from '@radix-ui/themes';
import { useId, useRef, useState } from 'react';
import { useHydrated } from 'remix-utils/use-hydrated';
import { ErrorList } from '~/components/forms/error-list';
import { svgDataUri } from '~/lib/icons/render';
import { getSocialIcon } from '~/lib/icons/social';
import { MAX_SOCIAL_LINKS, SOCIAL_SITE_LABELS, SOCIAL_SITES, type SocialMediaFormValue } from '~/lib/social-media';
import type { WidgetErrors } from './widget-errors';

interface Row {
  id: string;
  value: SocialMediaFormValue;
}

const blank = (): SocialMediaFormValue => ({ site: '', url: '' });

/**
 * Social media links (spec 03 §3 social icons; spec 02 §5 social link rules): per row a site
 * and its address. Without JavaScript the stored rows plus one blank row (ignored when empty),
 * each with a 'Remove' box; with JavaScript 'Add Link' and 'Remove' buttons. Field names:
 * `{name}[i].site`, `{name}[i].url`, `{name}[i].remove`.
 */
export function SocialMediaEditor({
  name,
  defaultValue,
  errors,
}: {
  name: string;
  defaultValue: SocialMediaFormValue[];
  errors?: WidgetErrors;
}) {
  const hydrated = useHydrated();
  const id = useId();
  const counter = useRef(0);
  const nextId = () => `${id}-link-${counter.current++}`;
  const [rows, setRows] = useState<Row[]>(() => [...defaultValue, blank()].map((value) => ({ id: nextId(), value })));
  const update = (rowId: string, change: Partial<SocialMediaFormValue>) =>
    setRows((current) => current.map((row) => (row.id === rowId ? { ...row, value: { ...row.value, ...change } } : row)));

  return (
    <div className="social-media-editor" data-testid="social-media-editor">
      {hydrated ? null : (
        <Text as="p" size="1" color="gray" mb="2">
          The last row adds a link; leave it empty to add none.
        </Text>
      )}
      <ol className="social-media-rows row-stack">
        {rows.map((row, index) => {
          const field = `${name}[${index}]`;
          const errorsOf = (part: string) => errors?.[`${field}.${part}`];
          const rowId = `${id}-${index}`;
          const icon = getSocialIcon(row.value.site);
          const label = row.value.site ? SOCIAL_SITE_LABELS[row.value.site] : `Link ${index + 1}`;
          return (
            <li key={row.id} className="social-media-row">
              <Flex direction="column" gap="1" className="social-media-site">
                <Text as="label" size="2" htmlFor={`${rowId}-site`}>
                  Site
                </Text>
                <Flex gap="2" align="center">
                  {icon ? <img src={svgDataUri(icon.svg)} alt="" width={24} height={24} className="social-media-icon" /> : null}
                  <select
                    id={`${rowId}-site`}
                    name={`${field}.site`}
                    className="form-control"
                    value={row.value.site}
                    onChange={(event) => update(row.id, { site: event.currentTarget.value as SocialMediaFormValue['site'] })}
                    aria-invalid={errorsOf('site') ? true : undefined}
                    aria-describedby={errorsOf('site') ? `${rowId}-site-errors` : undefined}
                  >
                    <option value="">Choose a site</option>
                    {SOCIAL_SITES.map((site) => (
                      <option key={site} value={site}>
                        {SOCIAL_SITE_LABELS[site]}
                      </option>
                    ))}
                  </select>
                </Flex>
                <ErrorList id={`${rowId}-site-errors`} errors={errorsOf('site')} />
              </Flex>
              <Flex direction="column" gap="1" className="social-media-url">
                <Text as="label" size="2" htmlFor={`${rowId}-url`}>
                  URL
                </Text>
                <input
                  id={`${rowId}-url`}
                  name={`${field}.url`}
                  type="text"
                  inputMode="url"
                  className="form-control"
                  placeholder="https://…"
                  value={row.value.url}
                  onChange={(event) => update(row.id, { url: event.currentTarget.value })}
                  autoComplete="off"
                  aria-invalid={errorsOf('url') ? true : undefined}
                  aria-describedby={errorsOf('url') ? `${rowId}-url-errors` : undefined}
                />
                <ErrorList id={`${rowId}-url-errors`} errors={errorsOf('url')} />
              </Flex>
              <div className="social-media-remove">
                {hydrated ? (
                  <Button
                    type="button"
                    size="1"
                    variant="soft"
                    color="red"
                    aria-label={`Remove: ${label}`}
                    onClick={() => setRows((current) => current.filter((candidate) => candidate.id !== row.id))}
                  >
                    Remove
                  </Button>
                ) : (
                  <label className="form-check" htmlFor={`${rowId}-remove`}>
                    <input id={`${rowId}-remove`} type="checkbox" name={`${field}.remove`} defaultChecked={row.value.remove === true} />
                    <Text size="2">Remove</Text>
                  </label>
                )}
              </div>
            </li>
          );
        })}
      </ol>
      <ErrorList errors={errors?.[name]} />
      {hydrated ? (
        <Button
          type="button"
          variant="soft"
          highContrast
          mt="2"
          disabled={rows.length >= MAX_SOCIAL_LINKS + 1}
          onClick={() => setRows((current) => [...current, { id: nextId(), value: blank() }])}
        >
          Add Link
        </Button>
      ) : null}
    </div>
  );
}
