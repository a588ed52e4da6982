/**
 * Management's resets (002 §2.11, §7.5): demand peaks, energy registers, the alarm record and the
 * device run time, each really acting on the meter's registers and logs. The seal decides (002 §6):
 * a sealed meter refuses the demand, energy and alarm resets; the run time reset only when the
 * optional seal covers it. The run time reset also needs edit on configuration.
 */
import { CLEAR_DEVICE_RUN_TIME, hasAccess, managementTexts as t, readingResetNames, type ReadingReset, type SealStatus } from '@meter/contract';
import type { Principal } from '../../context.ts';
import { badRequest, forbidden } from '../../errors.ts';
import type { MeterRegisters } from '../../meter/registers/meter-registers.ts';
import type { DeviceService } from '../device/device-service.ts';
import type { ModuleEventLog } from '../events/module-event-log.ts';
import type { AlarmLog } from '../logs/alarm-log.ts';
import type { MeterEventLog } from '../logs/meter-event-log.ts';

export interface ReadingsResetDeps {
  registers: MeterRegisters;
  alarms: AlarmLog;
  device: DeviceService;
  events: ModuleEventLog;
  meterEvents: MeterEventLog;
  /** The meter's seal now: sealed, and whether the optional seal covers the run time reset. */
  seal: () => SealStatus;
  now: () => number;
}

const capitalised = (s: string) => s[0]!.toUpperCase() + s.slice(1);

export class ReadingsReset {
  constructor(private readonly d: ReadingsResetDeps) {}

  reset(name: ReadingReset, principal: Principal): void {
    const what = readingResetNames[name];
    const seal = this.d.seal();
    if (name === 'deviceRunTime' && !hasAccess(principal.permission, 'configuration', 'write')) throw forbidden(t.runTimeNeedsConfiguration);
    const sealed = seal.meterSealStatus === 1 && (name !== 'deviceRunTime' || seal[CLEAR_DEVICE_RUN_TIME] === 1);
    if (sealed) {
      this.d.events.write('Error', `Reset of ${what} by ${principal.userName} refused: the meter is sealed`, principal.userName);
      throw badRequest(t.sealedReset(capitalised(what)));
    }
    const now = this.d.now();
    switch (name) {
      case 'demand':
        this.d.registers.resetDemandPeaks();
        break;
      case 'energy':
        this.d.registers.resetEnergy();
        this.d.meterEvents.write('resetEnergy', now);
        break;
      case 'alarm':
        this.d.alarms.clear();
        break;
      case 'deviceRunTime':
        this.d.device.resetRunTime();
        this.d.meterEvents.write('resetDeviceRunTime', now);
        break;
    }
    this.d.events.write('Info', `${capitalised(what)} reset by ${principal.userName}`, principal.userName);
  }
}
