import { Link, useNavigate } from 'react-router';
import Form from 'react-bootstrap/Form';
import Nav from 'react-bootstrap/Nav';
import type { NavNode } from './navigation.ts';

/**
 * Entries one level below `trail[level - 1]` as tabs above the screen: the fourth-level entries
 * (Data Log 1/2/3, MQTT tabs ...) by default, or a pill navigation (001 "Settings, Meter").
 * Below md a row of pills wraps into a wall of buttons (Communication has 13), so there it is one
 * select that opens the chosen page (issue 28); wider screens keep the pills.
 */
export function SectionTabs({ nodes, trail, level = 3, pills = false }: { nodes: NavNode[]; trail: NavNode[]; level?: number; pills?: boolean }) {
  const navigate = useNavigate();
  const current = trail[level];
  const nav = (
    <Nav variant={pills ? 'pills' : 'tabs'} className={pills ? 'mb-3 d-none d-md-flex' : 'mb-3'} as="nav" aria-label={pills ? 'Pills' : 'Tabs'}>
      {nodes.map((n) => (
        <Nav.Item key={n.route.path}>
          <Nav.Link as={Link} to={n.to} active={current === n} aria-current={current === n ? 'page' : undefined}>
            {n.label}
          </Nav.Link>
        </Nav.Item>
      ))}
    </Nav>
  );
  if (!pills) return nav;
  return (
    <>
      {nav}
      <Form.Select className="mb-3 d-md-none" aria-label={trail[level - 1]?.label ?? 'Pills'} value={current?.to ?? ''} onChange={(e) => void navigate(e.target.value)}>
        {!current && <option value="" />}
        {nodes.map((n) => (
          <option key={n.route.path} value={n.to}>
            {n.label}
          </option>
        ))}
      </Form.Select>
    </>
  );
}
