/**
 * The SNMP v2c agent (002 §3.8, §5.7): the system group and the measurements of oid-table.ts on
 * the configured UDP port, answering only the read-only community (a wrong one gets no answer,
 * as RFC 3584 agents drop it) and only addresses the IP whitelist admits (002 §2.10: the others
 * get no answer, as the device's packet filter would drop them). Values are read from the meter
 * at each request.
 */
import { createSocket, type RemoteInfo, type SocketType } from 'node:dgram';
import snmp, { type Agent } from './net-snmp.ts';
import type { SubsystemLog } from '../../subsystem-log.ts';
import type { ReadingSource } from '../../meter/reading-source.ts';
import { ENTERPRISE_OID, MEASUREMENTS, measurementOid } from './oid-table.ts';

export interface AgentDeps {
  meter: ReadingSource;
  now: () => number;
  sysDescr: () => string;
  sysName: () => string;
  /** Whether a datagram from this address may reach the agent now (the IP whitelist). */
  allows: (address: string) => boolean;
  /** The SNMP subsystem: at debug every datagram, answered or dropped. */
  syslog: SubsystemLog;
}

/**
 * The UDP module the agent binds with (net-snmp's dgramModule option): datagrams from an address
 * the whitelist refuses are dropped before the agent parses them, so they get no answer.
 */
function filteredDgram(allows: (address: string) => boolean, log: SubsystemLog) {
  return {
    createSocket(type: SocketType) {
      const socket = createSocket(type);
      const on = socket.on.bind(socket);
      socket.on = ((event: string, listener: (...args: unknown[]) => void) =>
        event === 'message'
          ? on('message', (msg: Buffer, rinfo: RemoteInfo) => {
              const allowed = allows(rinfo.address);
              if (log.debugOn()) log('debug', `datagram from ${rinfo.address}:${rinfo.port} (${msg.length} bytes)${allowed ? '' : ' dropped: address not in the IP whitelist'}`);
              if (allowed) listener(msg, rinfo);
            })
          : on(event, listener)) as typeof socket.on;
      return socket;
    },
  };
}

const SYSTEM = '1.3.6.1.2.1.1';

/** net-snmp takes a Counter64 as its 8 bytes. */
function encode(v: number | bigint): number | Buffer {
  if (typeof v === 'number') return v;
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(v < 0n ? 0n : v);
  return b;
}

export async function startAgent(port: number, host: string, community: string, d: AgentDeps): Promise<Agent> {
  const started = d.now();
  let failed: Error | undefined;
  const agent = snmp.createAgent({ port, address: host === '0.0.0.0' ? null : host, disableAuthorization: false, dgramModule: filteredDgram(d.allows, d.syslog) }, (error) => {
    // Bad packets and unknown communities are dropped; only a socket failure matters here.
    if (error && /EADDRINUSE|EACCES/.test(error.message)) failed = error;
  });
  agent.getAuthorizer().addCommunity(community);
  const mib = agent.getMib();
  const readOnly = snmp.MaxAccess['read-only'];
  const scalar = (name: string, oid: string, type: number, value: () => unknown) => {
    mib.registerProvider({
      name,
      type: snmp.MibProviderType.Scalar,
      oid,
      scalarType: type,
      maxAccess: readOnly,
      handler: (req) => {
        req.instanceNode.value = value();
        req.done();
      },
    });
    mib.setScalarValue(name, value());
  };
  const T = snmp.ObjectType;
  scalar('sysDescr', `${SYSTEM}.1`, T.OctetString, d.sysDescr);
  scalar('sysObjectID', `${SYSTEM}.2`, T.OID, () => ENTERPRISE_OID);
  scalar('sysUpTime', `${SYSTEM}.3`, T.TimeTicks, () => Math.floor((d.now() - started) / 10));
  scalar('sysContact', `${SYSTEM}.4`, T.OctetString, () => '');
  scalar('sysName', `${SYSTEM}.5`, T.OctetString, d.sysName);
  scalar('sysLocation', `${SYSTEM}.6`, T.OctetString, () => '');
  // Applications (layer 7).
  scalar('sysServices', `${SYSTEM}.7`, T.Integer, () => 64);
  for (const m of MEASUREMENTS) {
    scalar(m.name, measurementOid(m), m.syntax === 'Counter64' ? T.Counter64 : T.Integer, () => encode(m.value(d.meter.snapshot(d.now()), d.meter)));
  }
  // The bind error arrives on the next turns of the event loop.
  await new Promise((r) => setTimeout(r, 20));
  if (failed) {
    agent.close();
    throw failed;
  }
  return agent;
}
