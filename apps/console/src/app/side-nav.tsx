import { Link } from 'react-router';
import Nav from 'react-bootstrap/Nav';
import type { NavNode } from './navigation.ts';

const SIDE_NAV_WIDTH = 260;

/** Secondary entries of the open section, each with its ternary entries. */
export function SideNav({ nodes, trail }: { nodes: NavNode[]; trail: NavNode[] }) {
  return (
    <nav aria-label="Section menu" className="border-end bg-light p-2 flex-shrink-0" style={{ width: SIDE_NAV_WIDTH }}>
      <Nav className="flex-column">
        {nodes.map((n) => (
          <div key={n.route.path}>
            <Nav.Link as={Link} to={n.to} active={trail[1] === n} className="fw-semibold">
              {n.label}
            </Nav.Link>
            {n.children.length > 0 && (
              <Nav className="flex-column ms-3">
                {n.children.map((c) => (
                  <Nav.Link key={c.route.path} as={Link} to={c.to} active={trail[2] === c} aria-current={trail[2] === c ? 'page' : undefined}>
                    {c.label}
                  </Nav.Link>
                ))}
              </Nav>
            )}
          </div>
        ))}
      </Nav>
    </nav>
  );
}
