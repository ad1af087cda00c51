// The Inspect AI eval-log reader (.json and .eval logs).
export { createInspectReader, holdsInspectLogs, inspectReader, type InspectReaderOptions } from './inspectReader';
export { openInspectLog, parseSampleKey, sampleKey, type InspectLog, type LogHeader } from './evalLog';
export { DEFAULT_INSPECT_PASS_THRESHOLD, sampleVerdict, scoreValue } from './sampleScores';
export { withoutLanguage } from './sampleLanguage';
export { openZip, type ZipArchive, type ZipEntry } from './zip/zipArchive';
export { crc32 } from './zip/crc32';
