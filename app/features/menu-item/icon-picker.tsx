import { getInputProps, type FieldMetadata } from '@conform-to/react';
import { Button, Flex, Text } from '@radix-ui/themes';
import { useId, useMemo, useState } from 'react';
import { ErrorList } from '~/components/forms/error-list';
import { FieldLabel } from '~/components/forms/fields';
import { MENU_ICONS, searchIcons } from '~/lib/icons/library';
import { renderMenuIcon, svgDataUri } from '~/lib/icons/render';
import { ICON_FILE_FIELD } from '~/schemas/menu-item';

export interface IconLook {
  iconSet: string;
  colorIconShape: string;
  colorIconBackground: string;
}

/**
 * The menu item's icon (spec 02 §3 icon, iconData.svg; §5 'Icon is required.', svg upload
 * rules): a preview in the community's icon shape and the item's colours, the library icons as
 * radio buttons (searchable: live with JavaScript, with the Search button without), and an svg
 * upload that replaces the library icon until removed.
 */
export function IconPicker({
  icon,
  iconSvg,
  look,
  hydrated,
  initialQuery,
  fileKey,
  iconSetName,
}: {
  icon: FieldMetadata<string | undefined>;
  iconSvg: FieldMetadata<string | undefined>;
  look: IconLook;
  hydrated: boolean;
  initialQuery: string;
  /** Changes after each answer of the server, emptying the file picker. */
  fileKey?: number;
  /** The community's icon set as staff read it (the preview's shape). */
  iconSetName: string;
}) {
  const [query, setQuery] = useState(initialQuery);
  const searchId = useId();
  const uploadId = useId();
  const chosen = icon.value ?? '';
  const custom = iconSvg.value ?? '';
  const found = useMemo(() => searchIcons(query), [query]);
  // The chosen icon comes first and stays (checked) whatever the search, so it is still posted.
  const shown = useMemo(() => {
    const current = MENU_ICONS.find((entry) => entry.name === chosen);
    return current ? [current, ...found.filter((entry) => entry !== current)] : found;
  }, [found, chosen]);
  const glyph = custom && !chosen ? custom : chosen || 'update_app';
  const preview = renderMenuIcon({ ...look, glyph, size: 72, title: 'Icon preview' });
  const { key: _key, ...svgProps } = getInputProps(iconSvg, { type: 'hidden' });

  return (
    <fieldset
      className="icon-picker"
      aria-describedby={icon.errors ? icon.errorId : undefined}
      aria-invalid={icon.errors ? true : undefined}
    >
      <legend>
        <Text size="2" weight="medium">
          Icon
        </Text>
      </legend>
      <input {...svgProps} value={custom} />
      <Flex gap="4" align="start" wrap="wrap">
        <Flex direction="column" gap="1" align="center" style={{ maxWidth: 120 }}>
          <img
            className="icon-picker-preview"
            src={svgDataUri(preview)}
            alt="Icon preview"
            width={72}
            height={72}
            data-testid="icon-preview"
          />
          <Text size="1" color="gray" align="center" data-testid="icon-set-name">
            Icon set: {iconSetName}
          </Text>
        </Flex>
        <Flex direction="column" gap="2" style={{ flex: 1, minWidth: 220 }}>
          {custom && !chosen ? (
            <Flex gap="2" align="center" wrap="wrap">
              <Text size="2">Custom svg icon.</Text>
              <Button type="submit" name="intent" value="remove-svg" size="1" variant="soft" color="gray" formNoValidate>
                Remove custom icon
              </Button>
            </Flex>
          ) : null}
          <FieldLabel htmlFor={uploadId}>Upload an svg icon</FieldLabel>
          <Flex gap="2" align="center" wrap="wrap">
            <input key={fileKey} id={uploadId} type="file" name={ICON_FILE_FIELD} accept=".svg,image/svg+xml" className="form-file" />
            <Button type="submit" name="intent" value="upload-svg" size="1" variant="soft" formNoValidate>
              Upload
            </Button>
          </Flex>
        </Flex>
      </Flex>
      <Flex gap="2" align="end" mt="3">
        <Flex direction="column" gap="1" style={{ flex: 1 }}>
          <FieldLabel htmlFor={searchId}>Search icons</FieldLabel>
          <input
            id={searchId}
            name="iconQuery"
            type="search"
            className="form-control"
            defaultValue={initialQuery}
            placeholder="pool, dining, map…"
            autoComplete="off"
            onChange={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={(event) => {
              // Enter searches; it must not submit the whole form.
              if (hydrated && event.key === 'Enter') event.preventDefault();
            }}
          />
        </Flex>
        {hydrated ? null : (
          <Button type="submit" name="intent" value="search-icons" variant="soft" formNoValidate>
            Search
          </Button>
        )}
      </Flex>
      {found.length === 0 ? (
        <Text as="p" size="2" color="gray" mt="2" role="status">
          No icons match “{query}”.
        </Text>
      ) : null}
      {shown.length === 0 ? null : (
        <div key={icon.key} className="icon-grid" role="radiogroup" aria-label="Library icons">
          {shown.map((entry) => (
            <label key={entry.name} className="icon-choice" title={entry.name}>
              <input type="radio" name={icon.name} value={entry.name} defaultChecked={entry.name === chosen} />
              <img src={svgDataUri(renderMenuIcon({ ...look, glyph: entry.svg, size: 40 }))} alt="" width={40} height={40} />
              <Text size="1">{entry.name.replace(/[_-]/g, ' ')}</Text>
            </label>
          ))}
        </div>
      )}
      <ErrorList id={icon.errorId} errors={icon.errors} />
    </fieldset>
  );
}
