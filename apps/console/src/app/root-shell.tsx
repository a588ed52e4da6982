import { Outlet } from 'react-router';
import { AlertStrip } from '../components/alert-strip.tsx';
import { GlobalModal } from '../components/global-modal.tsx';
import { RebootingBanner } from '../components/rebooting-banner.tsx';
import { useRebootWatch } from './use-reboot-watch.ts';

/** Root shell (000 §2): Rebooting banner, alert strip, modal and the routed view. */
export function RootShell() {
  useRebootWatch();
  return (
    <>
      <RebootingBanner />
      <AlertStrip />
      <GlobalModal />
      <Outlet />
    </>
  );
}
