import { Button, Flex, Text } from '@radix-ui/themes';
import { createContext, useContext, type ReactNode } from 'react';
import { FLYER_ALIGNMENTS, FLYER_CASES, FLYER_FONTS, FLYER_FONT_SIZES, FLYER_LIMITS, type FlyerElement } from '~/lib/design';
import type { FlyerFormValue } from '~/schemas/flyer';

/**
 * The flyer designer's fields (app/features/flyers/flyer-designer.tsx): one element's fields with
 * their style, box and shadows, and the labelled field and number field they are made of. A
 * refused post's typed values (TypedValues) are shown in the fields it named.
 */

export type Errors = Record<string, string[] | null | undefined>;

/** What was typed into the fields a refused post named, by field name: shown as typed, beside its message. */
export const TypedValues = createContext<Record<string, string>>({});
const useTyped = (name: string): string | undefined => useContext(TypedValues)[name];

/** JSON with keys in order: the stored elements come back with their keys sorted. */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : typeof value === 'object' && value !== null
      ? `{${Object.keys(value)
          .sort()
          .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
          .join(',')}}`
      : JSON.stringify(value);

const sameElement = (a: FlyerElement, b: FlyerElement) => canonical(a) === canonical(b);

export function Field({
  label,
  name,
  hint,
  errors,
  children,
}: {
  label: string;
  name: string;
  hint?: string;
  errors?: string[] | null;
  children: ReactNode;
}) {
  return (
    <Flex direction="column" gap="1" className="flyer-field">
      <label htmlFor={name} className="form-label">
        {label}
      </label>
      {children}
      {hint ? (
        <Text size="1" color="gray">
          {hint}
        </Text>
      ) : null}
      {errors?.length ? (
        <Text size="1" color="red" role="alert">
          {errors.join(' ')}
        </Text>
      ) : null}
    </Flex>
  );
}

export function NumberField(props: {
  label: string;
  name: string;
  value: number;
  min: number;
  max: number;
  step: number | 'any';
  errors?: string[] | null;
}) {
  const typed = useTyped(props.name);
  return (
    <Field label={props.label} name={props.name} errors={props.errors}>
      <input
        id={props.name}
        name={props.name}
        type="number"
        min={props.min}
        max={props.max}
        step={props.step}
        defaultValue={typed ?? props.value}
        className="form-control flyer-number"
        aria-invalid={props.errors?.length ? true : undefined}
      />
    </Field>
  );
}

export function ElementFields({
  element,
  index,
  errors,
  saved,
  current,
}: {
  element: FlyerFormValue['elements'][number];
  index: number;
  errors: Errors;
  saved: FlyerElement | null;
  current: FlyerElement | null;
}) {
  const typed = useContext(TypedValues);
  const at = (name: string) => `elements[${index}].${name}`;
  const err = (name: string) => errors[at(name)];
  const changed = saved !== null && current !== null && !sameElement(saved, current);
  const style = element.style;
  return (
    <fieldset className="flyer-element">
      <legend>
        {element.label || (element.type === 'image' ? 'Image' : 'Text')}
        {changed ? ' (changed)' : ''}
      </legend>
      <input type="hidden" name={at('id')} value={element.id} />
      <input type="hidden" name={at('type')} value={element.type} />
      {element.type === 'image' ? <input type="hidden" name={at('src')} value={element.src} /> : null}
      <Flex gap="3" wrap="wrap" align="end">
        <Field label="Label" name={at('label')} errors={err('label')}>
          <input id={at('label')} name={at('label')} defaultValue={element.label} maxLength={FLYER_LIMITS.label} className="form-control" />
        </Field>
        <label className="flyer-check">
          <input type="checkbox" name={at('visible')} defaultChecked={element.visible} /> Visible
        </label>
      </Flex>
      {element.type === 'text' ? (
        <Field label="Text" name={at('text')} errors={err('text')}>
          <textarea
            id={at('text')}
            name={at('text')}
            defaultValue={element.text}
            rows={2}
            maxLength={FLYER_LIMITS.text}
            className="form-control"
          />
        </Field>
      ) : null}
      <Flex gap="2" wrap="wrap">
        <NumberField
          label="Left (%)"
          name={at('position.x')}
          value={element.position.x}
          min={0}
          max={100}
          step="any"
          errors={err('position.x')}
        />
        <NumberField
          label="Top (%)"
          name={at('position.y')}
          value={element.position.y}
          min={0}
          max={100}
          step="any"
          errors={err('position.y')}
        />
        <NumberField
          label="Width (px)"
          name={at('position.width')}
          value={element.position.width}
          min={10}
          max={1792}
          step={1}
          errors={err('position.width')}
        />
        <NumberField
          label="Height (px)"
          name={at('position.height')}
          value={element.position.height}
          min={10}
          max={1792}
          step={1}
          errors={err('position.height')}
        />
      </Flex>
      {style ? (
        <details className="flyer-style">
          <summary>Text style</summary>
          <Flex gap="2" wrap="wrap" align="end" pt="2">
            <Field label="Font" name={at('style.family')}>
              <select id={at('style.family')} name={at('style.family')} defaultValue={style.family} className="form-control">
                {FLYER_FONTS.map((family) => (
                  <option key={family}>{family}</option>
                ))}
              </select>
            </Field>
            <Field label="Size" name={at('style.size')}>
              <select id={at('style.size')} name={at('style.size')} defaultValue={String(style.size)} className="form-control">
                {FLYER_FONT_SIZES.map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
              </select>
            </Field>
            <Field label="Colour" name={at('style.color')} errors={err('style.color')}>
              <input
                id={at('style.color')}
                name={at('style.color')}
                type="color"
                defaultValue={style.color.slice(0, 7)}
                className="form-color"
              />
            </Field>
            <Field label="Case" name={at('style.transform')}>
              <select id={at('style.transform')} name={at('style.transform')} defaultValue={style.transform} className="form-control">
                {FLYER_CASES.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            </Field>
            <Field label="Alignment" name={at('style.align')}>
              <select id={at('style.align')} name={at('style.align')} defaultValue={style.align} className="form-control">
                {FLYER_ALIGNMENTS.map((value) => (
                  <option key={value}>{value}</option>
                ))}
              </select>
            </Field>
            <label className="flyer-check">
              <input type="checkbox" name={at('style.bold')} defaultChecked={style.bold} /> Bold
            </label>
            <label className="flyer-check">
              <input type="checkbox" name={at('style.italic')} defaultChecked={style.italic} /> Italic
            </label>
          </Flex>
          <ShadowFields
            prefix={at('style.shadow')}
            shadow={style.shadow}
            legend="Text shadow"
            distance={FLYER_LIMITS.textShadowDistance}
            blur={FLYER_LIMITS.textShadowBlur}
            errors={errors}
          />
        </details>
      ) : null}
      <details className="flyer-style">
        <summary>Box</summary>
        <Flex gap="2" wrap="wrap" align="end" pt="2">
          <Field label="Box colour (#RRGGBBAA)" name={at('box.color')} errors={err('box.color')}>
            <input
              id={at('box.color')}
              name={at('box.color')}
              defaultValue={typed[at('box.color')] ?? element.box.color}
              maxLength={9}
              className="form-control flyer-hex"
            />
          </Field>
          <label className="flyer-check">
            <input type="checkbox" name={at('box.corners')} defaultChecked={element.box.corners} /> Rounded corners
          </label>
          <NumberField
            label="Corner radius"
            name={at('box.cornerRadius')}
            value={element.box.cornerRadius}
            min={1}
            max={20}
            step={1}
            errors={err('box.cornerRadius')}
          />
        </Flex>
        <ShadowFields
          prefix={at('box.shadow')}
          shadow={element.box.shadow}
          legend="Box shadow"
          distance={FLYER_LIMITS.boxShadowDistance}
          blur={FLYER_LIMITS.boxShadowBlur}
          errors={errors}
        />
      </details>
      <Flex gap="2" wrap="wrap">
        {changed ? (
          <Button type="submit" name="intent" value={`revert-element:${element.id}`} size="1" variant="soft">
            Revert {element.label || 'element'}
          </Button>
        ) : null}
        <Button type="submit" name="intent" value={`remove-element:${element.id}`} size="1" variant="soft" color="red">
          Remove {element.label || 'element'}
        </Button>
      </Flex>
    </fieldset>
  );
}

function ShadowFields(props: {
  prefix: string;
  legend: string;
  shadow: { enable: boolean; distance: number; blur: number; color: string };
  distance: { min: number; max: number };
  blur: { min: number; max: number };
  errors: Errors;
}) {
  const { prefix, shadow } = props;
  const typed = useContext(TypedValues);
  return (
    <Flex gap="2" wrap="wrap" align="end" pt="2" role="group" aria-label={props.legend}>
      <label className="flyer-check">
        <input type="checkbox" name={`${prefix}.enable`} defaultChecked={shadow.enable} /> {props.legend}
      </label>
      <NumberField
        label="Distance"
        name={`${prefix}.distance`}
        value={shadow.distance}
        min={props.distance.min}
        max={props.distance.max}
        step={1}
        errors={props.errors[`${prefix}.distance`]}
      />
      <NumberField
        label="Blur"
        name={`${prefix}.blur`}
        value={shadow.blur}
        min={props.blur.min}
        max={props.blur.max}
        step={1}
        errors={props.errors[`${prefix}.blur`]}
      />
      <Field label="Shadow colour (#RRGGBBAA)" name={`${prefix}.color`} errors={props.errors[`${prefix}.color`]}>
        <input
          id={`${prefix}.color`}
          name={`${prefix}.color`}
          defaultValue={typed[`${prefix}.color`] ?? shadow.color}
          maxLength={9}
          className="form-control flyer-hex"
        />
      </Field>
    </Flex>
  );
}

/** The live flyer: the design drawn on a canvas at full size once its fonts and images are in. */
