import { Link } from 'react-router';
import Nav from 'react-bootstrap/Nav';
import type { NavNode } from './navigation.ts';

/** Fourth-level entries (Data Log 1/2/3, MQTT tabs ...) as tabs above the screen. */
export function SectionTabs({ nodes, trail }: { nodes: NavNode[]; trail: NavNode[] }) {
  return (
    <Nav variant="tabs" className="mb-3" as="nav" aria-label="Tabs">
      {nodes.map((n) => (
        <Nav.Item key={n.route.path}>
          <Nav.Link as={Link} to={n.to} active={trail[3] === n} aria-current={trail[3] === n ? 'page' : undefined}>
            {n.label}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
