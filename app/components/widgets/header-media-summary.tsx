import { Button, Flex, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import type { HeaderView } from '~/lib/header-info';

/**
 * An editor's Header Image(s)/Video section (the listing and event editors): the header as saved
 * — its video, or its images with their captions — and the link to the header editor. An item not
 * saved yet has no header to edit: `notSavedYet` says so instead.
 */
export function HeaderMediaSummary({
  header,
  headerHref,
  notSavedYet,
}: {
  header: HeaderView;
  headerHref: string | null;
  notSavedYet: string | null;
}) {
  return (
    <Flex direction="column" gap="2">
      {notSavedYet ? (
        <Text size="2">{notSavedYet}</Text>
      ) : header.videoId ? (
        <Text size="2">A video header is set ({header.videoId}).</Text>
      ) : header.slides.length > 0 ? (
        <ul className="header-thumbs" aria-label="Current header images">
          {header.slides.map((slide, index) => (
            <li key={`${slide.url}-${index}`}>
              <img src={slide.url} alt={slide.caption ?? `Header image ${index + 1}`} width={150} height={80} />
              {slide.caption ? <Text size="1">{slide.caption}</Text> : null}
            </li>
          ))}
        </ul>
      ) : (
        <Text size="2" color="gray">
          No header images or video yet.
        </Text>
      )}
      {headerHref ? (
        <div>
          <Button asChild variant="soft">
            <Link to={headerHref}>Edit Header Image(s)/Video</Link>
          </Button>
        </div>
      ) : null}
    </Flex>
  );
}
