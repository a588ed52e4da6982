/**
 * The start and stop lists: what starts once the server is ready (one step after the other, in
 * this order) and what stops when it closes (the database last).
 */
import type { Wiring } from './index.ts';

/** Run in order when the server is ready, each as its own onReady hook. */
export function startSteps(w: Wiring): (() => Promise<void>)[] {
  const { maintenance, remoteUpdate, postChannels, acuCloud, email, remoteAccess, sftpAccess, mqtt, modbus, snmp, bacnet } = w;
  return [
    async () => maintenance.start(),
    async () => remoteUpdate.startSchedule(),
    async () => {
      postChannels.start();
      acuCloud.start();
      email.start();
      remoteAccess.start();
      await sftpAccess.apply();
    },
    async () => {
      await Promise.all([mqtt.start(), modbus.start(), snmp.reload(), bacnet.start()]);
    },
  ];
}

/** Stops everything the module started, the listeners and uplinks first, the database last. */
export async function stopServices(w: Wiring): Promise<void> {
  await w.maintenance.close();
  w.remoteUpdate.close();
  w.diagnostic.close();
  w.ticker.stop();
  await w.postChannels.stop();
  await w.acuCloud.stop();
  await w.remoteAccess.stop();
  await w.sftpAccess.stop();
  w.time.stop();
  await Promise.all([w.mqtt.close(), w.modbus.close(), w.snmp.close(), w.bacnet.close(), w.email.close()]);
  w.sessions.endAll();
  w.registers.close();
  await w.meter.close();
  await w.trends.close();
  w.db.close();
}
