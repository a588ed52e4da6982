/**
 * A slow meter behind the module (issue 26): a third-party Modbus TCP slave (Debian's
 * python3-pymodbus, test-peers/modbus-slave.py) serving the AcuRev 2000 basic block
 * and answering every read 900 ms late, the compiled module reading it
 * (`MODULE_METER=modbus-tcp://127.0.0.1:PORT?unit=3&profile=acurev2000`), and the load bench's 50
 * consoles polling Basic Metering. The event loop never waits on the meter, so the polls must not
 * either: poll p99 ≤ 10 ms (target); the module's event-loop figures are printed beside it, and the
 * meter link's state after the phase (a 900 ms answer is inside the 1 s timeout: fresh).
 */
import { floatRegisters, startModbusSlave, type Peer } from '../test-peers/modbus-slave.ts';
import { freePort } from '../test-peers/free-ports.ts';
import { consolePhase, openConsoles } from './console-load.ts';
import { BenchClient } from './lib/client.ts';
import { startCompiledModule, type CompiledModule } from './lib/module-process.ts';

const DELAY_MS = 900;
const UNIT = 3;

/** The AcuRev 2000 basic block (0x2000 on, float32 high word first): frequency, voltages, currents. */
const ACUREV_VALUES: Record<number, number> = {
  0x2000: 60.01,
  0x2002: 120.1,
  0x2004: 120.2,
  0x2006: 120.3,
  0x2008: 120.2,
  0x200a: 208.1,
  0x200c: 208.2,
  0x200e: 208.3,
  0x2010: 208.2,
  0x2012: 10.5,
  0x2014: 11.5,
  0x2016: 12.5,
};

interface MeterLink {
  source: string;
  lostSince: number | null;
  since: string | null;
}

async function meterLink(client: BenchClient, token: string): Promise<MeterLink> {
  return (JSON.parse((await client.ok('GET', '/readings/meter-link', token)).body) as { data: MeterLink }).data;
}

export async function meterSlowBench(missed: string[], seconds: number): Promise<void> {
  const port = await freePort();
  let peer: Peer | undefined;
  let module: CompiledModule | undefined;
  try {
    peer = await startModbusSlave({ mode: 'tcp', port, unit: UNIT, registers: floatRegisters(ACUREV_VALUES), delayMs: DELAY_MS });
    module = await startCompiledModule({ env: { MODULE_METER: `modbus-tcp://127.0.0.1:${port}?unit=${UNIT}&profile=acurev2000` } });
    const tokens = await openConsoles(module);
    const client = new BenchClient(module.baseUrl);
    try {
      // The module has read the slow meter before the consoles poll: the System row's frequency.
      const deadline = Date.now() + 30_000;
      for (;;) {
        const rows = (JSON.parse((await client.ok('GET', '/readings/realtime/system', tokens[0])).body) as { data: Array<Record<string, unknown>> }).data;
        if (typeof rows.find((r) => r.Name === 'System')?.['Frequency Hz'] === 'number') break;
        if (Date.now() > deadline) throw new Error(`the module did not read the slow meter in 30 s: ${JSON.stringify(await meterLink(client, tokens[0]!))}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      await consolePhase(module, tokens, seconds, missed, {
        tag: `behind a meter answering in ${DELAY_MS} ms`,
        beside: `, the module reading a Modbus TCP meter (pymodbus) that answers every read in ${DELAY_MS} ms`,
        loopTargets: false,
      });
      const link = await meterLink(client, tokens[0]!);
      console.log(`  meter link after the phase: ${link.lostSince === null ? 'fresh' : `stale since ${link.since}`} (${link.source})`);
    } finally {
      client.close();
    }
  } finally {
    await module?.stop();
    await peer?.stop();
  }
}
