import type { ModuleContext } from './context.ts';
import type { ReadingSource } from './meter/reading-source.ts';
import type { CertificateStore } from './services/certificates/certificate-store.ts';
import type { SecondTicker } from './services/clock/second-ticker.ts';
import type { DeviceService } from './services/device/device-service.ts';
import type { ModuleEventLog } from './services/events/module-event-log.ts';
import type { SessionStore } from './services/sessions/session-store.ts';
import type { UserService } from './services/users/user-service.ts';

/** The running module's services, handed to every API area. */
export interface Services {
  ctx: ModuleContext;
  events: ModuleEventLog;
  users: UserService;
  sessions: SessionStore;
  device: DeviceService;
  meter: ReadingSource;
  certificate: CertificateStore;
  /** Once-a-second heartbeat (started by the launcher, driven by hand in tests). */
  ticker: SecondTicker;
}
