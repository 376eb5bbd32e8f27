import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { isSafeWebUrl, isSitePath } from '@gemstore/contracts/urls';
import { SafeImage } from '../../../components/ui/safe-image.tsx';
import { mediaUrl } from '../../../lib/media.ts';

/** The slider fades automatically, infinitely, every 1000 ms. */
export const SLIDE_INTERVAL_MS = 1000;

function usePrefersReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReduced(query.matches);
    const onChange = () => setReduced(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

export interface Slide {
  image: string; alt: string; text?: string; href?: string;
  /** A portrait picture for phones; without one phones crop the wide picture around its focal point. */
  phoneImage?: string;
  /** The picture's subject, percent from the left and the top. */
  focalX?: number; focalY?: number;
}

/** Phones below this width take a slide's phone picture (home.css switches the layout at the same width). */
const PHONE_MEDIA = '(max-width: 719px)';

/**
 * Cross-fading hero slider without a library. It pauses while hovered or focused, with the pause
 * button, and when the visitor prefers reduced motion (then only the dots change slides). A caption
 * never covers the picture's subject: on a phone it is a band under the picture, on a wider screen
 * it sits on the side away from the focal point.
 */
export function HeroSlider({ slides }: { slides: Slide[] }) {
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const section = useRef<HTMLElement>(null);
  // The crop around each focal point, set through the style object: the page's CSP refuses style attributes in the markup.
  useEffect(() => {
    section.current?.querySelectorAll<HTMLImageElement>('img[data-focal]').forEach((img) => { img.style.objectPosition = img.dataset.focal!; });
  }, [slides]);
  const running = slides.length > 1 && !paused && !hovered && !reducedMotion;

  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') setActive((i) => (i + 1) % slides.length);
    }, SLIDE_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [running, slides.length]);

  if (slides.length === 0) return null;
  return (
    <section
      ref={section}
      className={`hero${slides.some((s) => s.phoneImage) ? ' hero--tall' : ''}`}
      aria-roledescription="carousel"
      aria-label="Featured gemstones"
      data-testid="hero-slider"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
    >
      <div className="hero__track" aria-live={running ? 'off' : 'polite'}>
        {slides.map((s, i) => (
          <div
            key={`${s.image}-${i}`}
            className={`hero__slide${i === active ? ' is-active' : ''}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${slides.length}`}
            aria-hidden={i !== active}
            data-testid="hero-slide"
          >
            <SlideLink href={s.href} hidden={i !== active}>
              <picture className="hero__media">
                {s.phoneImage && <source media={PHONE_MEDIA} srcSet={mediaUrl(s.phoneImage)} />}
                <SafeImage src={mediaUrl(s.image)} alt={s.alt} loading={i === 0 ? 'eager' : 'lazy'} fetchPriority={i === 0 ? 'high' : undefined} width={1600} height={600}
                  data-focal={focalOf(s) ? `${s.focalX}% ${s.focalY}%` : undefined} data-testid="hero-image" />
              </picture>
              {s.text && <span className={`hero__caption hero__caption--${captionSide(s)}`} data-testid="hero-caption">{s.text}</span>}
            </SlideLink>
          </div>
        ))}
      </div>
      {slides.length > 1 && (
        <div className="hero__controls">
          <button type="button" className="hero__pause" onClick={() => setPaused((p) => !p)} aria-pressed={paused}>
            {paused ? 'Play' : 'Pause'}<span className="visually-hidden"> slideshow</span>
          </button>
          <div className="hero__dots">
            {slides.map((s, i) => (
              <button
                key={`${s.image}-${i}`}
                type="button"
                className="hero__dot"
                aria-label={`Show slide ${i + 1}`}
                aria-current={i === active ? 'true' : undefined}
                onClick={() => setActive(i)}
              />
            ))}
          </div>
        </div>
      )}
    </section>
  );
}

const focalOf = (s: Slide) => s.focalX !== undefined && s.focalY !== undefined;

/** The caption's side on a wide screen: away from the subject (the left when no focal point is set). */
function captionSide(s: Slide): 'left' | 'right' {
  return focalOf(s) && s.focalX! < 50 ? 'right' : 'left';
}

/** A slide's link: only a path in the shop or an https address becomes one; a hidden slide's link leaves the tab order. */
function SlideLink({ href, hidden, children }: { href?: string; hidden: boolean; children: ReactNode }) {
  const tabIndex = hidden ? -1 : undefined;
  if (isSitePath(href)) return <Link to={href} className="hero__link" tabIndex={tabIndex}>{children}</Link>;
  if (isSafeWebUrl(href)) return <a href={href} className="hero__link" tabIndex={tabIndex}>{children}</a>;
  return <>{children}</>;
}
