import { memo } from 'react';
import { Link, useNavigate } from 'react-router';
import Button from 'react-bootstrap/Button';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { AREA_MASK, shellTexts } from '@meter/contract';
import { openRebootModal } from '../components/reboot-modal.ts';
import { chooseColorMode, colorModeStore, type ColorModeChoice } from '../lib/color-mode.ts';
import { useHomePageInfo } from '../lib/device.ts';
import { LOGIN_PATH, LOGOUT_PARAM } from '../lib/navigation.ts';
import { useCanWrite } from '../lib/permissions.ts';
import { useSession } from '../lib/use-session.ts';
import { useStore } from '../lib/use-store.ts';
import { DeviceClock } from './device-clock.tsx';
import type { NavNode } from './navigation.ts';
import { SECTION_MENU_ID } from './side-nav.tsx';

/** Top bar (000 §2): device name, primary menu, device clock, user menu and Logout. Memoized as the side menu is. */
export const TopBar = memo(function TopBar({ tree, trail, onSectionMenu }: { tree: NavNode[]; trail: NavNode[]; onSectionMenu?: () => void }) {
  const navigate = useNavigate();
  const session = useSession();
  const info = useHomePageInfo();
  const canReboot = useCanWrite(AREA_MASK.maintenance);
  const deviceName = info.data?.deviceDescription || info.data?.meterModel || '';

  return (
    <Navbar bg="dark" data-bs-theme="dark" expand="md" className="px-3">
      {onSectionMenu && (
        // Below lg the section menu is a drawer; this opens it.
        <Button variant="outline-light" size="sm" className="d-lg-none me-2" aria-controls={SECTION_MENU_ID} onClick={onSectionMenu}>
          {trail[0]?.label ?? ''} menu
        </Button>
      )}
      {deviceName ? (
        <Navbar.Brand as={Link} to="/" className="top-bar-brand">
          {deviceName}
        </Navbar.Brand>
      ) : (
        // Until the name arrives (never, for a session held on Change Password) a link would have no
        // name: the same box without one keeps the bar's height, so nothing moves when it comes.
        <Navbar.Brand as="span" className="top-bar-brand" aria-hidden="true">
          {'\u00a0'}
        </Navbar.Brand>
      )}
      <Navbar.Toggle aria-controls="main-menu" aria-label="Toggle menu" />
      <Navbar.Collapse id="main-menu">
        <Nav as="nav" className="me-auto" aria-label="Main menu">
          {tree.map((n) => (
            <Nav.Link key={n.route.path} as={Link} to={n.to} active={trail[0] === n} aria-current={trail[0] === n ? 'page' : undefined}>
              {n.label}
            </Nav.Link>
          ))}
        </Nav>
        <DeviceClock info={info.data} fetchedAt={info.dataUpdatedAt} />
        <Nav className="me-2">
          <NavDropdown title={session?.userName ?? ''} align="end">
            {canReboot && (
              <>
                <NavDropdown.Item as="button" onClick={openRebootModal}>
                  {shellTexts.reboot}
                </NavDropdown.Item>
                <NavDropdown.Divider />
              </>
            )}
            <ColorModeItems />
          </NavDropdown>
        </Nav>
        <Button variant="outline-light" size="sm" onClick={() => void navigate(`${LOGIN_PATH}?${LOGOUT_PARAM}=1`)}>
          Logout
        </Button>
      </Navbar.Collapse>
    </Navbar>
  );
});

const COLOR_MODE_CHOICES: readonly { choice: ColorModeChoice; label: string }[] = [
  { choice: 'auto', label: 'Theme: System' },
  { choice: 'light', label: 'Theme: Light' },
  { choice: 'dark', label: 'Theme: Dark' },
];

/**
 * Light, dark or the system's choice (Bootstrap colour modes), remembered in this browser. The
 * current one is marked by class and a hidden word: the item's `active` prop would put
 * aria-selected on a button.
 */
function ColorModeItems() {
  const { choice } = useStore(colorModeStore);
  return COLOR_MODE_CHOICES.map((c) => (
    <NavDropdown.Item key={c.choice} as="button" className={choice === c.choice ? 'active' : undefined} onClick={() => chooseColorMode(c.choice)}>
      {c.label}
      {choice === c.choice && <span className="visually-hidden"> (current)</span>}
    </NavDropdown.Item>
  ));
}
