/**
 * A minimal ZIP writer for one file: streamed through zlib's raw deflate (off the main thread),
 * CRC-32 computed on the way, then the local header is written over its placeholder with the
 * real sizes (no data descriptor, so every unzip tool reads it), and the central directory and
 * end record are appended. No ZIP64: the export keeps files under 4 GiB (checked here too).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { open, writeFile } from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { crc32, createDeflateRaw } from 'node:zlib';
import type { LocalDate } from '@meter/contract';

const LIMIT = 0xffffffff;
/** General purpose flag bit 11: the name is UTF-8. */
const UTF8 = 0x0800;
const DEFLATE = 8;
const VERSION = 20;

/** DOS time has no zone: the device's wall clock goes in, as the device shows it. */
function dosDateTime(d: LocalDate): { time: number; date: number } {
  return {
    time: (d.hour << 11) | (d.minute << 5) | Math.floor(d.second / 2),
    date: ((Math.max(1980, d.year) - 1980) << 9) | (d.month << 5) | d.day,
  };
}

interface Entry {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  time: number;
  date: number;
}

function localHeader(e: Entry): Buffer {
  const b = Buffer.alloc(30 + e.name.length);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(VERSION, 4);
  b.writeUInt16LE(UTF8, 6);
  b.writeUInt16LE(DEFLATE, 8);
  b.writeUInt16LE(e.time, 10);
  b.writeUInt16LE(e.date, 12);
  b.writeUInt32LE(e.crc >>> 0, 14);
  b.writeUInt32LE(e.compressed, 18);
  b.writeUInt32LE(e.size, 22);
  b.writeUInt16LE(e.name.length, 26);
  b.writeUInt16LE(0, 28);
  e.name.copy(b, 30);
  return b;
}

function centralDirectory(e: Entry): Buffer {
  const cd = Buffer.alloc(46 + e.name.length);
  cd.writeUInt32LE(0x02014b50, 0);
  cd.writeUInt16LE(VERSION, 4); // made by: MS-DOS / FAT attributes, version 2.0
  cd.writeUInt16LE(VERSION, 6);
  cd.writeUInt16LE(UTF8, 8);
  cd.writeUInt16LE(DEFLATE, 10);
  cd.writeUInt16LE(e.time, 12);
  cd.writeUInt16LE(e.date, 14);
  cd.writeUInt32LE(e.crc >>> 0, 16);
  cd.writeUInt32LE(e.compressed, 20);
  cd.writeUInt32LE(e.size, 24);
  cd.writeUInt16LE(e.name.length, 28);
  // extra, comment, disk, internal attributes, external attributes, local header offset: all 0
  e.name.copy(cd, 46);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(30 + e.name.length + e.compressed, 16);
  return Buffer.concat([cd, end]);
}

export class ZipCancelled extends Error {}

export interface ZipOptions {
  /** Modification time, device wall clock. */
  mtime: LocalDate;
  /** Called with the compressed bytes so far (each then written), never less than before. */
  onProgress?(bytes: number): void;
  /** Checked per chunk; true stops with ZipCancelled. */
  cancelled?(): boolean;
}

/** Writes `dest` as a ZIP holding `src` under `entryName`; returns the ZIP's size in bytes. */
export async function zipFile(src: string, dest: string, entryName: string, o: ZipOptions): Promise<number> {
  const name = Buffer.from(entryName, 'utf8');
  const headerLength = 30 + name.length;
  await writeFile(dest, Buffer.alloc(headerLength), { mode: 0o600 });
  let crc = 0;
  let size = 0;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      if (o.cancelled?.()) return done(new ZipCancelled('cancelled'));
      crc = crc32(chunk, crc);
      size += chunk.length;
      done(null, chunk);
    },
  });
  const out = createWriteStream(dest, { flags: 'r+', start: headerLength });
  // Counted as deflate hands its output on: the file's bytesWritten lags behind the chunks still
  // queued for it, so bytesWritten and the chunk at hand could report less than a report before.
  let compressedSoFar = 0;
  const progress = new Transform({
    transform(chunk: Buffer, _enc, done) {
      compressedSoFar += chunk.length;
      o.onProgress?.(compressedSoFar);
      done(null, chunk);
    },
  });
  await pipeline(createReadStream(src, { highWaterMark: 1 << 20 }), tap, createDeflateRaw({ level: 6 }), progress, out);
  const compressed = out.bytesWritten;
  if (size > LIMIT || compressed + headerLength > LIMIT) throw new Error('file too large for a ZIP without ZIP64');
  const entry: Entry = { name, crc, compressed, size, ...dosDateTime(o.mtime) };
  const fh = await open(dest, 'r+');
  try {
    await fh.write(localHeader(entry), 0, headerLength, 0);
    const tail = centralDirectory(entry);
    await fh.write(tail, 0, tail.length, headerLength + compressed);
  } finally {
    await fh.close();
  }
  return headerLength + compressed + 46 + name.length + 22;
}
