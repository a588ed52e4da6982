import { memo, useId } from 'react';
import { Link } from 'react-router';
import Offcanvas from 'react-bootstrap/Offcanvas';
import type { NavNode } from './navigation.ts';

export const SECTION_MENU_ID = 'section-menu';

const navLinkClass = (active: boolean, extra?: string) => ['nav-link', extra, active && 'active'].filter(Boolean).join(' ');

/**
 * Secondary entries of the open section, each with its ternary entries: a column beside the
 * screen from the lg breakpoint, below it an off-canvas drawer opened from the top bar, so a
 * phone gives the whole width to the screen. Memoized: the layout draws again on every query it
 * reads, the menu only when its own props change.
 */
export const SideNav = memo(function SideNav({ nodes, trail, title, show, onHide }: { nodes: NavNode[]; trail: NavNode[]; title: string; show: boolean; onHide: () => void }) {
  const titleId = useId();
  return (
    // Named only as a dialog: beside the screen it is a plain block around the nav landmark.
    <Offcanvas
      id={SECTION_MENU_ID}
      responsive="lg"
      show={show}
      onHide={onHide}
      placement="start"
      aria-labelledby={show ? titleId : undefined}
      className="side-nav border-end bg-body-tertiary flex-shrink-0"
    >
      <Offcanvas.Header closeButton closeLabel="Close menu">
        <Offcanvas.Title as="h2" className="h5" id={titleId}>
          {title}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="p-2">
        <nav aria-label="Section menu" className="w-100">
          {/* Bootstrap's nav markup on plain links: react-bootstrap's Nav adds nothing outside tabs, and
              its links cost a slow phone about as much as the rest of the frame (issue 28, Lighthouse). */}
          <div className="nav flex-column">
            {nodes.map((n) => (
              <div key={n.route.path}>
                <Link to={n.to} className={navLinkClass(trail[1] === n, 'fw-semibold')} aria-current={trail[1] === n && trail.length === 2 ? 'page' : undefined} onClick={onHide}>
                  {n.label}
                </Link>
                {n.children.length > 0 && (
                  <div className="nav flex-column ms-3">
                    {n.children.map((c) => (
                      <Link key={c.route.path} to={c.to} className={navLinkClass(trail[2] === c)} aria-current={trail[2] === c ? 'page' : undefined} onClick={onHide}>
                        {c.label}
                      </Link>
                    ))}
                  </div>
                )}
              </div>
            ))}
          </div>
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
});
