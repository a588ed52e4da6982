/**
 * IO screen texts and the relay command body (000 §2 IO, §3 relay state, §4 relay toggle), pure.
 * Status words are decided here: DI contacts Open/Closed, relays ON/OFF (the words the module's
 * event log uses for relay commands).
 */
import { DI_TYPE, type IoReply, type SetRoBody } from '@meter/contract';
import { MISSING } from '../../components/readings-table-data.ts';

type DigitalInput = IoReply['di'][number];
type RelayOutput = IoReply['ro'][number];
type Bit = 0 | 1;

export const DI_STATUS_TEXT: Record<Bit, string> = { 0: 'Open', 1: 'Closed' };
export const RELAY_STATUS_TEXT: Record<Bit, string> = { 0: 'OFF', 1: 'ON' };

const isCounter = (di: DigitalInput) => di.type === DI_TYPE.counter;

/** Counting applies to counter inputs only; a status input shows '-'. */
export const diCounter = (di: DigitalInput): string => (isCounter(di) ? String(di.counter) : MISSING);
/** The counted value with its unit ("12.5 L"). */
export const diValue = (di: DigitalInput): string => (isCounter(di) ? `${di.value} ${di.unit}`.trim() : MISSING);

/** 000 §4: both relay states, with relay `index` (0 = RO1) flipped. */
export function toggledRelays(ro: readonly RelayOutput[], index: number): SetRoBody {
  const state = (i: number): Bit => {
    const s = (ro[i]?.status ?? 0) as Bit;
    return i === index ? ((1 - s) as Bit) : s;
  };
  return { ro1: state(0), ro2: state(1) };
}

/** The reply after a successful command: the relays as sent. */
export function withRelays(io: IoReply, body: SetRoBody): IoReply {
  const sent: Bit[] = [body.ro1, body.ro2];
  return {
    ...io,
    ro: io.ro.map((r, i) => {
      const status = sent[i];
      return status === undefined ? r : { ...r, status };
    }),
  };
}
