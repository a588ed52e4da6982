/**
 * A screen's own title (issue 28): the page's h1 where the layout draws none (Page Not Found at an
 * unknown path), an h2 under the layout's heading, and nothing when it would only repeat that
 * heading. Each page has one h1 and no screen says its name twice.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** The h1 the layout has drawn, if any. */
export const LayoutHeadingContext = createContext<string | undefined>(undefined);

export function ScreenTitle({ className, children }: { className?: string; children: ReactNode }) {
  const heading = useContext(LayoutHeadingContext);
  if (heading === undefined) return <h1 className={className}>{children}</h1>;
  if (typeof children === 'string' && children.trim().toLowerCase() === heading.trim().toLowerCase()) return null;
  return <h2 className={className}>{children}</h2>;
}
