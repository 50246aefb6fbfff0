/**
 * A part of a screen below the fold (the farmer home's alerts list and chatbot): its code, data and rendering wait
 * until it is needed — when it comes within 100 px of the screen, at the person's first touch, scroll or key, or
 * a second after the page has settled (shared/pageIdle.ts), whichever comes first (issue 17: on a cheap phone the
 * first screen gets the CPU and the network to itself). It then renders as a transition, in slices. Where the
 * browser has no IntersectionObserver (jsdom), it renders at once.
 */
import { startTransition, useEffect, useRef, useState, type ReactNode } from 'react';
import { whenPageIdle } from '@/shared/pageIdle';

/** How long after the page has settled a part nobody scrolled to is rendered anyway (it is ready when they do). */
export const RENDER_ANYWAY_MS = 1000;
const INTERACTIONS = ['pointerdown', 'touchstart', 'keydown', 'wheel', 'scroll'] as const;

export function WhenNeeded({ children }: { children: ReactNode }) {
  const [needed, setNeeded] = useState(() => typeof IntersectionObserver === 'undefined');
  const spot = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (needed || !spot.current) return;
    let done = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const show = () => {
      if (done) return;
      done = true;
      startTransition(() => setNeeded(true));
    };
    const near = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: '0px 0px 100px 0px' });
    near.observe(spot.current);
    for (const type of INTERACTIONS) window.addEventListener(type, show, { capture: true, passive: true });
    void whenPageIdle().then(() => {
      if (!done) timer = setTimeout(show, RENDER_ANYWAY_MS);
    });
    return () => {
      done = true;
      near.disconnect();
      for (const type of INTERACTIONS) window.removeEventListener(type, show, { capture: true });
      clearTimeout(timer);
    };
  }, [needed]);
  return needed ? children : <div ref={spot} className="when-needed" />;
}
