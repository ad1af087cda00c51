import { gaia2CliReader } from './gaia2';
import type { FormatReader } from './reader';

/** Every format the index looks for, in the order readers are asked to claim a folder. */
export const readers: FormatReader[] = [gaia2CliReader];
