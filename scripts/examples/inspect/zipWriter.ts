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

interface EntryFields {
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  nameLength: number;
}

/**
 * The fields the local header and the central directory record share, in the same order: version needed, flags,
 * method, time, date, CRC, sizes and name length (the extra field length after them stays 0).
 */
function writeEntryFields(header: Buffer, at: number, entry: EntryFields): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(UTF8_NAMES, at + 2);
  header.writeUInt16LE(entry.method, at + 4);
  header.writeUInt16LE(DOS_TIME, at + 6);
  header.writeUInt16LE(DOS_DATE, at + 8);
  header.writeUInt32LE(entry.crc, at + 10);
  header.writeUInt32LE(entry.compressedSize, at + 14);
  header.writeUInt32LE(entry.size, at + 18);
  header.writeUInt16LE(entry.nameLength, at + 22);
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
    const entry: EntryFields = { method, crc, compressedSize: compressed.length, size: data.length, nameLength: name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, entry);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeEntryFields(central, 6, entry);
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
