import { useId } from 'react';
import { Link } from 'react-router';
import Nav from 'react-bootstrap/Nav';
import Offcanvas from 'react-bootstrap/Offcanvas';
import type { NavNode } from './navigation.ts';

export const SECTION_MENU_ID = 'section-menu';

/**
 * Secondary entries of the open section, each with its ternary entries: a column beside the
 * screen from the lg breakpoint, below it an off-canvas drawer opened from the top bar, so a
 * phone gives the whole width to the screen.
 */
export function SideNav({ nodes, trail, title, show, onHide }: { nodes: NavNode[]; trail: NavNode[]; title: string; show: boolean; onHide: () => void }) {
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
          <Nav className="flex-column">
            {nodes.map((n) => (
              <div key={n.route.path}>
                <Nav.Link as={Link} to={n.to} active={trail[1] === n} aria-current={trail[1] === n && trail.length === 2 ? 'page' : undefined} onClick={onHide} className="fw-semibold">
                  {n.label}
                </Nav.Link>
                {n.children.length > 0 && (
                  <Nav className="flex-column ms-3">
                    {n.children.map((c) => (
                      <Nav.Link key={c.route.path} as={Link} to={c.to} active={trail[2] === c} aria-current={trail[2] === c ? 'page' : undefined} onClick={onHide}>
                        {c.label}
                      </Nav.Link>
                    ))}
                  </Nav>
                )}
              </div>
            ))}
          </Nav>
        </nav>
      </Offcanvas.Body>
    </Offcanvas>
  );
}
