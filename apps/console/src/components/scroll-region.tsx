/**
 * The box a wide table scrolls in, so the page itself never scrolls sideways on a phone. While its
 * content overflows it is a named, focusable region: keyboard users can scroll it with the arrow
 * keys (WCAG 2.1.1), and it adds no tab stop while everything fits. While more of it lies to the
 * right, a shade along its right edge says so (issue 28: a visible scroll cue).
 */
import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';

export function ScrollRegion({ label, children }: { label?: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [overflows, setOverflows] = useState(false);
  const [more, setMore] = useState(false);
  const measure = () => {
    const el = box.current;
    if (!el) return;
    setOverflows(el.scrollWidth > el.clientWidth);
    setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
  };
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    // No measure here: reading the sizes in a layout effect forced a layout of the whole page in the
    // middle of the first render (the longest part of Basic Metering's first load); the observer
    // reports every observed box once after the browser's own layout, before that frame is painted.
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    if (el.firstElementChild) ro.observe(el.firstElementChild);
    return () => ro.disconnect();
  }, []);
  const region = overflows ? { role: 'region', tabIndex: 0, 'aria-label': label } : {};
  return (
    <div className="position-relative mb-3">
      <div ref={box} className="table-responsive scroll-region" onScroll={measure} {...region}>
        {children}
      </div>
      {more && <div className="scroll-cue" aria-hidden="true" />}
    </div>
  );
}
