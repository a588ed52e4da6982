import { Link } from 'react-router';
import Nav from 'react-bootstrap/Nav';
import type { NavNode } from './navigation.ts';

/**
 * Entries one level below `trail[level - 1]` as tabs above the screen: the fourth-level entries
 * (Data Log 1/2/3, MQTT tabs ...) by default, or a pill navigation (001 "Settings, Meter").
 */
export function SectionTabs({ nodes, trail, level = 3, pills = false }: { nodes: NavNode[]; trail: NavNode[]; level?: number; pills?: boolean }) {
  return (
    <Nav variant={pills ? 'pills' : 'tabs'} className="mb-3" as="nav" aria-label={pills ? 'Pills' : 'Tabs'}>
      {nodes.map((n) => (
        <Nav.Item key={n.route.path}>
          <Nav.Link as={Link} to={n.to} active={trail[level] === n} aria-current={trail[level] === n ? 'page' : undefined}>
            {n.label}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
}
