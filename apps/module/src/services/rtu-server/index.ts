/**
 * The Rtu Server subsystem (002 §2.12): the module's on-board RS485 side, where the meter answers
 * Modbus RTU at its address and the module's Modbus TCP server forwards to it as a gateway. In
 * this simulation the meter is in-process and there is no serial port, so this part says how the
 * link is set (at start and when the RS485 card of the meter settings changes it); the gateway's
 * transactions with the meter are written by the Modbus TCP server at debug (docs/decisions/maintenance-debug-diagnostic.md,
 * Maintenance).
 */
import { PARITY_OPTIONS, PROTOCOL, baudRateOf } from '@meter/contract';
import type { SubsystemLog } from '../../subsystem-log.ts';
import type { SectionBackend } from '../sections/section-backend.ts';

/** The fields of the meter's General section that set the serial link. */
export interface SerialLink {
  protocolSelect: number;
  meterAddress: number;
  meterBaud: number;
  meterParity: number;
}

export function describeLink(l: SerialLink): string {
  const protocol = l.protocolSelect === PROTOCOL.bacnetMstp ? 'BACnet MS/TP' : 'Modbus RTU';
  const parity = PARITY_OPTIONS.find((o) => o.value === l.meterParity)?.label ?? String(l.meterParity);
  return `${protocol}, meter address ${l.meterAddress}, ${baudRateOf(l.meterBaud)} baud, parity ${parity}`;
}

const linkOf = (doc: object): SerialLink => {
  const d = doc as Partial<SerialLink>;
  return { protocolSelect: d.protocolSelect ?? 0, meterAddress: d.meterAddress ?? 0, meterBaud: d.meterBaud ?? 0, meterParity: d.meterParity ?? 0 };
};

export class RtuServer {
  constructor(
    private readonly log: SubsystemLog,
    /** The meter's General section as stored (the RS485 card's fields). */
    private readonly general: () => object,
  ) {}

  /** Once at start: how the link to the meter is set, and that it is simulated. */
  start(): void {
    this.log('info', `RS485 link to the meter: ${describeLink(linkOf(this.general()))} (simulated meter: no serial port on this host)`);
  }

  /** The General section's backend, also reporting a changed RS485 card once the save is applied. */
  watch<T extends object, C>(backend: SectionBackend<T, C>): SectionBackend<T, C> {
    return {
      ...backend,
      write: (next, before, w) => {
        backend.write(next, before, w);
        const [a, b] = [describeLink(linkOf(before)), describeLink(linkOf(next))];
        if (a !== b) this.log('info', `RS485 link reconfigured: ${b} (was ${a})`);
      },
    };
  }
}
