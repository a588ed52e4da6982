/**
 * A screen's own title (issue 28): the page's h1 where the layout draws none (Page Not Found at an
 * unknown path), an h2 under the layout's heading, and a visually hidden h2 when it would only
 * repeat that heading. Each page has one h1 and no screen shows its name twice.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** The h1 the layout has drawn, if any. */
export const LayoutHeadingContext = createContext<string | undefined>(undefined);

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Whether a title says the layout's heading again (a table or card named like its page): drawn visually hidden then. */
export function useRepeatsHeading(title: string | undefined): boolean {
  const heading = useContext(LayoutHeadingContext);
  return heading !== undefined && title !== undefined && same(title, heading);
}

export function ScreenTitle({ className, children }: { className?: string; children: ReactNode }) {
  const heading = useContext(LayoutHeadingContext);
  if (heading === undefined) return <h1 className={className}>{children}</h1>;
  // The same words as the layout's heading: not drawn again, but kept as the outline's level 2
  // for assistive technology, so the screen's card headings (h3) follow their level (axe heading-order).
  if (typeof children === 'string' && same(children, heading)) return <h2 className="visually-hidden">{children}</h2>;
  return <h2 className={className}>{children}</h2>;
}
