import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** How many slides show at a width (spec section 9): 6; 3 at ≤ 992 px (centred); 1 at ≤ 480 px. */
export const slidesPerView = (width: number): { shown: number; centred: boolean } =>
  width <= 480 ? { shown: 1, centred: false } : width <= 992 ? { shown: 3, centred: true } : { shown: 6, centred: false };

export interface CarouselProps<T> {
  items: T[];
  label: string;
  render: (item: T) => ReactNode;
  keyOf: (item: T) => string | number;
}

/** A scroll-snap carousel moving one slide per step; the layout itself lives in styles.css. */
export const Carousel = <T,>({ items, label, render, keyOf }: CarouselProps<T>) => {
  const track = useRef<HTMLUListElement>(null);
  const { t } = useTranslation();
  const step = (direction: 1 | -1) => {
    const el = track.current;
    const slide = el?.firstElementChild as HTMLElement | null;
    if (!el || !slide) return;
    const rtl = getComputedStyle(el).direction === 'rtl';
    const gap = parseFloat(getComputedStyle(el).columnGap) || 0;
    el.scrollBy({ left: (slide.offsetWidth + gap) * direction * (rtl ? -1 : 1) });
  };
  return (
    <section className="carousel" aria-roledescription="carousel" aria-label={label}>
      <ul className="carousel-track" ref={track}>
        {items.map((item, i) => (
          <li key={keyOf(item)} aria-roledescription="slide" aria-label={t('carousel.slideOf', { n: i + 1, total: items.length })}>
            {render(item)}
          </li>
        ))}
      </ul>
      {items.length > 1 && (
        <div className="carousel-controls">
          <button type="button" className="btn carousel-arrow" data-variant="secondary" onClick={() => step(-1)} aria-label={t('carousel.previous')}>
            ‹
          </button>
          <button type="button" className="btn carousel-arrow" data-variant="secondary" onClick={() => step(1)} aria-label={t('carousel.next')}>
            ›
          </button>
        </div>
      )}
    </section>
  );
};
