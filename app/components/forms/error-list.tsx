import { Text } from '@radix-ui/themes';

/**
 * A field's or a form's error messages (STYLE 9): the list the field's `aria-describedby`
 * points at, so screen readers announce them with the field.
 */
export function ErrorList({ id, errors, size = '1' }: { id?: string; errors?: string[] | null; size?: '1' | '2' }) {
  const shown = errors?.filter(Boolean) ?? [];
  if (shown.length === 0) return null;
  return (
    <ul id={id} className="error-list">
      {shown.map((error) => (
        <li key={error}>
          <Text size={size} color="red">
            {error}
          </Text>
        </li>
      ))}
    </ul>
  );
}
