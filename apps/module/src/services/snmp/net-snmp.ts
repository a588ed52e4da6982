/**
 * net-snmp publishes no types: the part the agent and the trap sender use, typed here, and the
 * package loaded through require (a typed import of an untyped package would be `any`).
 */
import { lazyRequire } from '../../lazy-require.ts';

export interface Varbind {
  oid: string;
  type: number;
  value: unknown;
}
export interface MibRequest {
  instanceNode: { value: unknown };
  done(): void;
}
export interface ScalarProvider {
  name: string;
  type: number;
  oid: string;
  scalarType: number;
  maxAccess: number;
  handler?: (req: MibRequest) => void;
}
export interface Mib {
  registerProvider(p: ScalarProvider): void;
  setScalarValue(name: string, value: unknown): void;
}
export interface Agent {
  getMib(): Mib;
  getAuthorizer(): { addCommunity(community: string): void };
  close(callback?: () => void): void;
}
export interface Session {
  trap(oid: string, varbinds: Varbind[], callback: (error: Error | null) => void): void;
  close(): void;
  on(event: 'error', listener: (e: Error) => void): void;
}
export interface NetSnmp {
  Version2c: number;
  ObjectType: Record<'Integer' | 'OctetString' | 'OID' | 'TimeTicks' | 'Counter64' | 'Unsigned32', number>;
  MibProviderType: { Scalar: number; Table: number };
  MaxAccess: Record<'read-only', number>;
  createAgent(
    options: { port: number; address?: string | null; disableAuthorization?: boolean; dgramModule?: { createSocket(type: never): unknown } },
    callback: (error: Error | null, data: unknown) => void,
  ): Agent;
  createSession(target: string, community: string, options: { version: number; trapPort?: number; transport?: string }): Session;
}

// Loaded when the agent starts or the first trap goes (lazy-require.ts).
const snmp = lazyRequire<NetSnmp>('net-snmp');
export default snmp;
