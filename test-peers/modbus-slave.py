"""A third-party Modbus slave for the meter source's tests: Debian's python3-pymodbus (3.0).

Reads a JSON spec from argv[1]:
  {"mode": "tcp", "port": 5020}  or  {"mode": "rtu", "device": "/dev/pts/7", "baud": 19200, "parity": "N"}
  "unit": 1, "registers": {"8192": 17008, ...}  (holding registers, 0-based addresses)
  "delayMs": 0  (each read answers this late)
A read touching an address not in "registers" gets exception 02, as a meter's map does.
Prints "ready" once it serves; runs until killed.
"""
import asyncio
import json
import sys
import time

from pymodbus.datastore import ModbusServerContext, ModbusSlaveContext, ModbusSparseDataBlock
from pymodbus.framer.rtu_framer import ModbusRtuFramer
from pymodbus.server.async_io import ModbusSerialServer, ModbusTcpServer

spec = json.loads(sys.argv[1])
delay = spec.get("delayMs", 0) / 1000.0


class SlowBlock(ModbusSparseDataBlock):
    def getValues(self, address, count=1):
        if delay:
            time.sleep(delay)
        return super().getValues(address, count)


block = SlowBlock({int(k): int(v) for k, v in spec["registers"].items()})
slave = ModbusSlaveContext(hr=block, zero_mode=True)
context = ModbusServerContext(slaves={spec["unit"]: slave}, single=False)


async def main():
    if spec["mode"] == "tcp":
        server = ModbusTcpServer(context, address=("127.0.0.1", spec["port"]), allow_reuse_address=True)
        task = asyncio.create_task(server.serve_forever())
        await server.serving
    else:
        server = ModbusSerialServer(
            context, framer=ModbusRtuFramer, port=spec["device"], baudrate=spec.get("baud", 19200), parity=spec.get("parity", "N"), timeout=0.05
        )
        await server.start()
        task = None
    print("ready", flush=True)
    await asyncio.Event().wait()
    if task:
        await task


asyncio.run(main())
