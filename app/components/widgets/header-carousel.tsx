import { Heading, IconButton, Text } from '@radix-ui/themes';
import { Link } from '@remix-run/react';
import { useEffect, useState, type MouseEvent } from 'react';
import { HEADER_HEIGHT_WITH_MEDIA, HEADER_HEIGHT_WITHOUT_MEDIA, hasMedia, videoEmbedUrl, type HeaderView } from '~/lib/header-info';

export interface HeaderCarouselProps {
  header: HeaderView;
  title: string;
  /** The slide to show first: the server passes `?slide=` so links work without JavaScript. */
  initialSlide?: number;
  /** Query parameter carrying the slide in no-JS links. */
  slideParam?: string;
}

/**
 * The header area (spec 01 §2.6, spec 03 §2 preview headers): a video, or an image carousel
 * with captions that advances every delaySeconds; previous/next only with more than one image;
 * the title unless hidden. 261 px tall with media, 50 px without. Without JavaScript the slide
 * of the URL shows and previous/next are links.
 */
export function HeaderCarousel({ header, title, initialSlide = 0, slideParam = 'slide' }: HeaderCarouselProps) {
  const count = header.slides.length;
  const [index, setIndex] = useState(initialSlide);
  const [paused, setPaused] = useState(false);

  useEffect(() => setIndex(initialSlide), [initialSlide]);

  useEffect(() => {
    if (count < 2 || paused || header.videoId) return;
    if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), header.delaySeconds * 1000);
    return () => window.clearInterval(timer);
  }, [count, paused, header.delaySeconds, header.videoId]);

  const media = hasMedia(header);
  const heading = (
    <Heading as="h1" size="7" className={header.hideTitle ? 'visually-hidden' : 'header-carousel-title'}>
      {title}
    </Heading>
  );

  const withoutMedia = (
    <header className="header-carousel" style={{ height: HEADER_HEIGHT_WITHOUT_MEDIA }}>
      {heading}
    </header>
  );
  if (!media) return withoutMedia;

  if (header.videoId) {
    return (
      <header className="header-carousel" data-media="video" style={{ height: HEADER_HEIGHT_WITH_MEDIA }}>
        <iframe
          className="header-carousel-video"
          src={videoEmbedUrl(header.videoId, header.autoplay)}
          title={`${title} video`}
          allow="autoplay; encrypted-media; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
        {heading}
      </header>
    );
  }

  const slide = header.slides[Math.min(Math.max(index, 0), count - 1)];
  if (!slide) return withoutMedia;
  const go = (target: number) => (event: MouseEvent) => {
    event.preventDefault();
    setIndex(((target % count) + count) % count);
  };
  const href = (target: number) => `?${slideParam}=${((target % count) + count) % count}`;

  return (
    <header
      className="header-carousel"
      data-media="images"
      data-controls={count > 1 ? '' : undefined}
      style={{ height: HEADER_HEIGHT_WITH_MEDIA }}
      aria-roledescription="carousel"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <figure className="header-carousel-slide" aria-roledescription="slide" aria-label={`${index + 1} of ${count}`}>
        <img src={slide.url} alt={slide.caption ?? ''} />
        {slide.caption ? (
          <Text as="p" size="2" className="header-carousel-caption" asChild>
            <figcaption>{slide.caption}</figcaption>
          </Text>
        ) : null}
      </figure>
      {heading}
      {count > 1 ? (
        <div className="header-carousel-controls">
          <IconButton asChild variant="solid" color="gray" highContrast radius="full" size="2">
            <Link to={href(index - 1)} preventScrollReset replace onClick={go(index - 1)} aria-label="Previous image">
              <span aria-hidden="true">‹</span>
            </Link>
          </IconButton>
          <IconButton asChild variant="solid" color="gray" highContrast radius="full" size="2">
            <Link to={href(index + 1)} preventScrollReset replace onClick={go(index + 1)} aria-label="Next image">
              <span aria-hidden="true">›</span>
            </Link>
          </IconButton>
        </div>
      ) : null}
    </header>
  );
}
