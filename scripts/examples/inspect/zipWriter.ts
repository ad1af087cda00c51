// A minimal zip writer (deflate or stored, no zip64) for the example .eval logs: entries in the order given, a fixed timestamp,
// so the same entries always make the same bytes.

import { deflateRawSync } from 'node:zlib';
import { crc32 } from '../../../src/core/formats/inspect/zip/crc32';

/** 2025-06-12 09:30:00 in MS-DOS date and time fields. */
const DOS_TIME = (9 << 11) | (30 << 5);
const DOS_DATE = ((2025 - 1980) << 9) | (6 << 5) | 12;
const UTF8_NAMES = 0x0800;

export interface ZipInput {
  name: string;
  text: string;
  /** Store the entry uncompressed (method 0) instead of deflating it. */
  stored?: boolean;
}

export function zipArchive(inputs: readonly ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const input of inputs) {
    const name = Buffer.from(input.name, 'utf8');
    const data = Buffer.from(input.text, 'utf8');
    const method = input.stored ? 0 : 8;
    const compressed = input.stored ? data : deflateRawSync(data, { level: 5 });
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(DOS_TIME, 10);
    local.writeUInt16LE(DOS_DATE, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(compressed.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(DOS_TIME, 12);
    central.writeUInt16LE(DOS_DATE, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(inputs.length, 8);
  end.writeUInt16LE(inputs.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
