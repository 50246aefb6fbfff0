/**
 * Charts draw in real pixels at the width their container gives them (never a fixed viewBox scaled down,
 * which shrinks 11 px labels to 6 px on a phone). `useChartWidth` measures the container with a
 * ResizeObserver; `tickCount` says how many labels of a given width fit along an axis.
 */
import { useLayoutEffect, useRef, useState } from 'react';

/** Smallest type any chart draws (issue 14: readable on phones). */
export const CHART_FONT = 12;
export const CHART_FONT_FAMILY = "'Noto Sans Devanagari', 'Noto Sans', system-ui, sans-serif";

/**
 * `fallback` is used until the container has been measured (and where there is no layout, as in jsdom). The third
 * value says whether it has been: a chart may draw only its frame until then (the measurement comes before the
 * first paint), so it is drawn once at its real width instead of twice (issue 17: a cheap phone's main thread).
 */
export function useChartWidth<T extends HTMLElement = HTMLDivElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [measured, setMeasured] = useState<number | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const read = () => {
      const w = Math.floor(el.getBoundingClientRect().width);
      setMeasured((was) => (w > 0 ? w : (was ?? fallback)));
    };
    read();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(read);
    observer.observe(el);
    return () => observer.disconnect();
    // `fallback` is the first value only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return [ref, measured ?? fallback, measured !== null] as const;
}

/** How many labels about `labelPx` wide fit in `span` pixels with room between them (at least 2). */
export function tickCount(span: number, labelPx: number, max = 8): number {
  return Math.max(2, Math.min(max, Math.floor(span / (labelPx + 16))));
}

/** Keeps at most `max` of `ticks`, evenly thinned, always starting with the first. */
export function atMost<T>(ticks: T[], max: number): T[] {
  if (ticks.length <= max) return ticks;
  const step = Math.ceil(ticks.length / max);
  return ticks.filter((_, i) => i % step === 0);
}

/** A label's width in pixels, estimated from its length (Devanagari and digits at ~0.62 em). */
export const labelWidth = (text: string, font = CHART_FONT) => Math.ceil(text.length * font * 0.62);
