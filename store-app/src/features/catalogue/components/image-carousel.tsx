import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './image-carousel.module.css';

// A grey square for a missing or broken image, so the card keeps its shape.
const PLACEHOLDER =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'%3E%3Crect width='1' height='1' fill='%23eee'/%3E%3C/svg%3E";

type ImageCarouselProps = {
  images: string[];
  alt: string;
  /** Wraps the image (the card makes it a link); arrows and dots stay outside so they do not follow it. */
  frame?: (image: ReactNode) => ReactNode;
  greyscale?: boolean;
  children?: ReactNode;
};

/**
 * The card's image slider: one image at a time, arrows and dots when there is more than one. Plain elements and
 * one stylesheet: a page shows twenty of these at once, and it is the largest part of the home page's render.
 */
export function ImageCarousel({
  images,
  alt,
  frame = (image) => image,
  greyscale,
  children,
}: ImageCarouselProps) {
  // The common namespace: the home page's cards use this carousel before any other screen's texts load.
  const { t } = useTranslation('common');
  const [index, setIndex] = useState(0);
  const [broken, setBroken] = useState<string | null>(null);
  const count = images.length;
  const go = (next: number) => setIndex((next + count) % count);
  const src = images[index];
  const image = (
    <img
      className={classes.image}
      src={src === undefined || src === broken ? PLACEHOLDER : src}
      alt={alt}
      loading="lazy"
      onError={() => setBroken(src ?? null)}
      style={greyscale ? { filter: 'grayscale(1)' } : undefined}
    />
  );

  return (
    <div className={classes.frame}>
      {frame(image)}
      {children}
      {count > 1 && (
        <>
          <button
            type="button"
            className={`${classes.arrow} ${classes.previous}`}
            aria-label={t('carousel.previous')}
            onClick={() => go(index - 1)}
          >
            <IconChevronLeft size={14} />
          </button>
          <button
            type="button"
            className={`${classes.arrow} ${classes.next}`}
            aria-label={t('carousel.next')}
            onClick={() => go(index + 1)}
          >
            <IconChevronRight size={14} />
          </button>
          <div className={classes.dots}>
            {images.map((image, dot) => (
              <button
                type="button"
                key={image}
                className={classes.dot}
                aria-label={t('carousel.show', { n: dot + 1 })}
                aria-current={dot === index}
                onClick={() => setIndex(dot)}
              />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
