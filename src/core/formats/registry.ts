import { areTraceReader } from './are';
import { canonicalReader } from './canonical';
import { gaia2CliReader } from './gaia2';
import { inspectReader } from './inspect';
import { polyworkReader } from './polywork';
import type { FormatReader } from './reader';
import { tau2Reader } from './tau2';

/**
 * Every format the index looks for, in the order readers are asked to claim a folder. canonicalReader stays last:
 * it claims any leaf folder of .jsonl files that no other reader recognised.
 */
export const readers: FormatReader[] = [gaia2CliReader, tau2Reader, areTraceReader, polyworkReader, inspectReader, canonicalReader];
