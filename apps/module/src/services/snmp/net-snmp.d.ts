// The part of net-snmp (no published types) the agent and the trap sender use.
declare module 'net-snmp' {
  export const Version2c: number;
  export const ObjectType: Record<'Integer' | 'OctetString' | 'OID' | 'TimeTicks' | 'Counter64' | 'Gauge' | 'Unsigned32' | 'Integer32', number>;
  export const MibProviderType: { Scalar: number; Table: number };
  export const MaxAccess: Record<'not-accessible' | 'accessible-for-notify' | 'read-only' | 'read-write' | 'read-create', number>;
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
  export interface Authorizer {
    addCommunity(community: string): void;
  }
  export interface Agent {
    getMib(): Mib;
    getAuthorizer(): Authorizer;
    close(callback?: () => void): void;
  }
  export interface Session {
    trap(oid: string, varbinds: Varbind[], callback: (error: Error | null) => void): void;
    close(): void;
    on(event: 'error', listener: (e: Error) => void): void;
  }
  export function createAgent(options: { port: number; address?: string | null; disableAuthorization?: boolean }, callback: (error: Error | null, data: unknown) => void): Agent;
  export function createSession(target: string, community: string, options: { version: number; trapPort?: number; transport?: string }): Session;
  const snmp: {
    Version2c: typeof Version2c;
    ObjectType: typeof ObjectType;
    MibProviderType: typeof MibProviderType;
    MaxAccess: typeof MaxAccess;
    createAgent: typeof createAgent;
    createSession: typeof createSession;
  };
  export default snmp;
}
