/**
 * Third-party Modbus peers for the meter source's tests: Debian's python3-pymodbus as a TCP or
 * RTU slave (modbus-slave.py), and a pair of pseudo-terminals from socat for the RTU line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SCRIPT = fileURLToPath(new URL('./modbus-slave.py', import.meta.url));

export type SlaveSpec = ({ mode: 'tcp'; port: number } | { mode: 'rtu'; device: string; baud?: number; parity?: 'N' | 'E' | 'O' }) & {
  unit: number;
  registers: Record<number, number>;
  delayMs?: number;
};

export interface Peer {
  stop(): Promise<void>;
}

/** Waits for `pattern` on the child's stdout or stderr; rejects when it exits first or after ms. */
function waitFor(child: ChildProcess, pattern: RegExp, ms = 10_000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    let text = '';
    const timer = setTimeout(() => done(new Error(`timed out waiting for ${pattern}: ${text}`)), ms);
    const onData = (b: Buffer) => {
      text += b.toString();
      const m = text.match(pattern);
      if (m) done(undefined, m);
    };
    const onExit = (code: number | null) => done(new Error(`exited (${code}) before ${pattern}: ${text}`));
    const done = (err?: Error, m?: RegExpMatchArray) => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      if (err) reject(err);
      else resolve(m!);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
  });
}

function stopper(child: ChildProcess): () => Promise<void> {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
}

export async function startModbusSlave(spec: SlaveSpec): Promise<Peer> {
  const child = spawn('/usr/bin/python3', [SCRIPT, JSON.stringify(spec)], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.resume();
  child.stderr.resume();
  await waitFor(child, /^ready$/m);
  return { stop: stopper(child) };
}

/** Two linked pseudo-terminals (socat), by their /dev/pts names. */
export async function ptyPair(): Promise<Peer & { a: string; b: string }> {
  const child = spawn('socat', ['-d', '-d', 'pty,raw,echo=0', 'pty,raw,echo=0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  const m = await waitFor(child, /PTY is (\/dev\/pts\/\d+)[\s\S]*PTY is (\/dev\/pts\/\d+)[\s\S]*starting data transfer loop/);
  return { a: m[1]!, b: m[2]!, stop: stopper(child) };
}

/** A float32 as two registers, high word first (the profiles' default word order). */
export function floatWords(value: number): [number, number] {
  const b = Buffer.alloc(4);
  b.writeFloatBE(value);
  return [b.readUInt16BE(0), b.readUInt16BE(2)];
}

/** Registers of float32 values at their addresses. */
export function floatRegisters(values: Record<number, number>): Record<number, number> {
  const out: Record<number, number> = {};
  for (const [addr, v] of Object.entries(values)) {
    const [hi, lo] = floatWords(v);
    out[Number(addr)] = hi;
    out[Number(addr) + 1] = lo;
  }
  return out;
}

/**
 * The AcuRev 2000 basic block with known values (0x2000 on, float32 high word first): frequency,
 * Vln a-c and average, Vll ab-ca and average, I a-c. What the tests' slaves serve.
 */
export const ACUREV_VALUES: Readonly<Record<number, number>> = {
  0x2000: 59.98,
  0x2002: 121.5,
  0x2004: 122.25,
  0x2006: 120.75,
  0x2008: 121.5,
  0x200a: 210.5,
  0x200c: 211.25,
  0x200e: 209.75,
  0x2010: 210.5,
  0x2012: 12.5,
  0x2014: 13.25,
  0x2016: 11.75,
};
